import type { Context } from 'hono';
import type { z } from 'zod';
import {
  rejectItemSchema,
  verificationChecklistSchema,
  verificationItemParamSchema,
  verificationItemResultSchema,
  verificationQueueSchema,
  verificationVendorParamSchema,
  verifyItemSchema,
  verifyItemSchemaFor,
} from '../../../shared/schemas/verification.ts';
import { adminOnly, type ActorEnv } from '../../http/auth-guard.ts';
import { json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { documentContent, documentReaders, documentResponse } from './http.ts';
import { presentChecklist, presentItem, presentQueue } from './presenter.ts';
import { getChecklist, listQueue, readDocument, reviewItem, type Decision } from './service.ts';

const route = routesOf({ tags: ['admin'], use: adminOnly });

const queue = route.get('/queue', {
  summary: 'Documents waiting for review, oldest first',
  ok: json(verificationQueueSchema, 'The queue'),
  errors: [401, 403, 503],
});

const vendorChecklist = route.get('/vendors/{vendorId}', {
  summary: "A vendor's verification checklist",
  params: verificationVendorParamSchema,
  ok: json(verificationChecklistSchema, 'The checklist'),
  errors: [400, 401, 403, 404, 503],
});

/** A document download: the service decides who may read it; anyone else gets 404. */
export const documentDownload = {
  use: documentReaders,
  ok: documentContent,
  errors: [400, 404, 503],
} as const;

const download = route.get('/vendors/{vendorId}/items/{kind}/document', {
  summary: "Download a vendor's document (admins; anyone else gets 404)",
  params: verificationItemParamSchema,
  ...documentDownload,
});

const decide = <S extends z.ZodType>(action: 'verify' | 'reject', schema: S) =>
  route.post(`/vendors/{vendorId}/items/{kind}/${action}`, {
    summary:
      action === 'verify'
        ? 'Verify the latest document (expiry date required for permit, FOODSAFE and insurance)'
        : 'Reject the latest document with a note for the vendor',
    params: verificationItemParamSchema,
    body: jsonBody(schema),
    ok: json(verificationItemResultSchema, 'The reviewed item and the badge'),
    errors: [400, 401, 403, 404, 409, 413, 415, 503],
  });

/** Admins review checklist items (/api/admin/verification). */
export const adminVerificationRoutes = openApiRoutes()
  .openapi(queue, async (c) => {
    return c.json(presentQueue(await listQueue({ db: c.var.services.db, actor: c.var.actor })), 200);
  })
  .openapi(vendorChecklist, async (c) => {
    const { vendorId } = c.req.valid('param');
    const { vendor, items } = await getChecklist({ db: c.var.services.db, actor: c.var.actor, vendorId });
    const now = c.var.services.clock.now();
    return c.json(presentChecklist(vendor, items, now, { adminVendorId: vendor.id }), 200);
  })
  .openapi(download, async (c) => {
    const { vendorId, kind } = c.req.valid('param');
    const { db, storage } = c.var.services;
    const { item, object } = await readDocument({ db, store: storage, actor: c.var.actor, vendorId, kind });
    return documentResponse(c, item, object);
  })
  .openapi(decide('verify', verifyItemSchema), async (c) => {
    const item = c.req.valid('param');
    const input = parseOrThrow(verifyItemSchemaFor(item.kind), c.req.valid('json'));
    return c.json(await decided(c, item, { verify: true, input }), 200);
  })
  .openapi(decide('reject', rejectItemSchema), async (c) =>
    c.json(await decided(c, c.req.valid('param'), { verify: false, input: c.req.valid('json') }), 200),
  );

/** Records an admin's decision on the item in the path, and answers with the item and the badge. */
async function decided(
  c: Context<ActorEnv>,
  { vendorId, kind }: z.infer<typeof verificationItemParamSchema>,
  decision: Decision,
) {
  const now = c.var.services.clock.now();
  const result = await reviewItem({
    db: c.var.services.db,
    actor: c.var.actor,
    vendorId,
    kind,
    decision,
    now,
  });
  c.var.log.info(
    { vendorId, kind, actor: c.var.actor.id },
    decision.verify ? 'verification item verified' : 'verification item rejected',
  );
  return {
    item: presentItem(kind, result.item, now, { adminVendorId: vendorId }),
    verified: result.verified,
  };
}
