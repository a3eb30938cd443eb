import {
  disputeDetailSchema,
  disputeNoteSchema,
  disputesQueueSchema,
  orderDisputeSchema,
  sandboxDisputeResolutionSchema,
} from '../../../shared/schemas/disputes.ts';
import { adminOnly, vendorsOnly } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { AppError } from '../../errors.ts';
import { disputeDetail, submitDisputeEvidence } from './disputes-evidence.ts';
import { disputeById, disputesQueue, orderDispute, saveDisputeNote } from './disputes-queue.ts';
import { applyProcessorEvent } from './events.ts';

const admin = routesOf({ tags: ['admin'], use: adminOnly });

const queue = admin.get('/', {
  summary: 'Card disputes: open ones by due date, then the latest decided',
  ok: json(disputesQueueSchema, 'The dispute queue'),
  errors: [401, 403, 503],
});

const detail = admin.get('/{id}', {
  summary:
    'One dispute with the evidence Frosted holds (order, brief, design, timeline, proofs, messages, claim, vendor note)',
  params: idParams('id'),
  ok: json(disputeDetailSchema, 'The dispute and its evidence'),
  errors: [401, 403, 404, 503],
});

const evidence = admin.post('/{id}/evidence', {
  summary: 'Submit the evidence to the processor (once, before it is due)',
  params: idParams('id'),
  ok: json(disputeDetailSchema, 'The dispute after its evidence was submitted'),
  errors: [401, 403, 404, 409, 503],
});

const sandboxResolution = admin.post('/{id}/sandbox-resolution', {
  summary: 'Sandbox only (404 under Stripe): decide a test dispute, won or lost, as the bank would',
  params: idParams('id'),
  body: jsonBody(sandboxDisputeResolutionSchema),
  ok: json(disputeDetailSchema, 'The dispute after the decision'),
  errors: [400, 401, 403, 404, 413, 415, 503],
});

/** Mounted at /api/admin/disputes. */
export const disputeAdminRoutes = openApiRoutes()
  .openapi(queue, async (c) => {
    const { db, payments } = c.var.services;
    return c.json({ ...(await disputesQueue(db)), canResolveByHand: payments.disputeDesk !== null }, 200);
  })
  .openapi(detail, async (c) => c.json(await disputeDetail(c.var.services.db, c.req.valid('param').id), 200))
  .openapi(evidence, async (c) => {
    const { db, payments, storage, clock, log } = c.var.services;
    const id = c.req.valid('param').id;
    return c.json(
      await submitDisputeEvidence({
        db,
        processor: payments,
        store: storage,
        disputeId: id,
        now: clock.now(),
        log,
      }),
      200,
    );
  })
  .openapi(sandboxResolution, async (c) => {
    const { db, payments, clock, log } = c.var.services;
    if (!payments.disputeDesk) throw AppError.notFound();
    const dispute = await disputeById(db, c.req.valid('param').id);
    const event = await payments.disputeDesk.resolve(dispute.providerRef, c.req.valid('json').outcome);
    await applyProcessorEvent({ db, provider: payments.name, event, now: clock.now(), log });
    return c.json(await disputeDetail(db, dispute.id), 200);
  });

const vendor = routesOf({ tags: ['orders'], use: vendorsOnly });

const ownDispute = vendor.get('/{id}/dispute', {
  summary: 'The vendor’s view of a card dispute on their order (404 when there is none)',
  params: idParams('id'),
  ok: json(orderDisputeSchema, 'The dispute'),
  errors: [401, 403, 404, 503],
});

const note = vendor.put('/{id}/dispute/note', {
  summary: 'The vendor’s note on a dispute of their order, sent with the evidence (until it is sent)',
  params: idParams('id'),
  body: jsonBody(disputeNoteSchema),
  ok: json(orderDisputeSchema, 'The dispute with the note'),
  errors: [400, 401, 403, 404, 409, 413, 415, 503],
});

/** Mounted at /api/orders. */
export const disputeOrderRoutes = openApiRoutes()
  .openapi(ownDispute, async (c) =>
    c.json(
      await orderDispute({ db: c.var.services.db, actor: c.var.actor, orderId: c.req.valid('param').id }),
      200,
    ),
  )
  .openapi(note, async (c) => {
    const { db, clock } = c.var.services;
    const result = await saveDisputeNote({
      db,
      actor: c.var.actor,
      orderId: c.req.valid('param').id,
      input: c.req.valid('json'),
      now: clock.now(),
    });
    return c.json(result, 200);
  });
