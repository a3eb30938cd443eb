import { z } from '@hono/zod-openapi';
import { claimResolutionSchema, claimsQueueSchema } from '../../../shared/schemas/claims.ts';
import { reconciliationSchema } from '../../../shared/schemas/reconciliation.ts';
import { adminOnly } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { claimsQueue, resolveClaim } from './claims.ts';
import { reconciliation } from './reconciliation.ts';
import { sendPendingRefunds } from './refunds.ts';

const route = routesOf({ tags: ['admin'], use: adminOnly });

const queue = route.get('/', {
  summary: 'Satisfaction claims: open ones oldest first, then the latest closed',
  ok: json(claimsQueueSchema, 'The claims queue'),
  errors: [401, 403, 503],
});

const resolution = route.post('/{id}/resolution', {
  summary:
    'Resolve a claim: release the payment to the vendor, refund it all, or refund part of it (cents), with a note',
  params: idParams('id'),
  body: jsonBody(claimResolutionSchema),
  ok: json(z.object({ status: z.literal('resolved'), refundCents: z.number().int() }), 'Resolved'),
  errors: [400, 401, 403, 404, 409, 413, 415, 503],
});

const reconciliationRoute = route.get('/', {
  summary:
    'Reconciliation: the ledger’s totals against the processor’s records, ended orders still holding money, unapplied processor events, open claims',
  ok: json(reconciliationSchema, 'The reconciliation'),
  errors: [401, 403, 503],
});

export const reconciliationRoutes = openApiRoutes().openapi(reconciliationRoute, async (c) => {
  const { db, payments, clock } = c.var.services;
  return c.json(await reconciliation({ db, processor: payments, now: clock.now(), log: c.var.log }), 200);
});

export const claimAdminRoutes = openApiRoutes()
  .openapi(queue, async (c) => c.json(await claimsQueue(c.var.services.db), 200))
  .openapi(resolution, async (c) => {
    const { db, clock, log, payments } = c.var.services;
    const { refundCents } = await resolveClaim({
      db,
      actor: c.var.actor,
      claimId: c.req.valid('param').id,
      input: c.req.valid('json'),
      now: clock.now(),
    });
    await sendPendingRefunds({ db, processor: payments, now: clock.now(), log }).catch((err: unknown) =>
      log.error({ err }, 'could not send refunds'),
    );
    return c.json({ status: 'resolved' as const, refundCents }, 200);
  });
