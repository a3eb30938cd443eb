import { createRoute } from '@hono/zod-openapi';
import {
  type ApplicationDecision,
  applicationDecisionSchema,
  applicationListQuerySchema,
  rejectApplicationSchema,
  vendorApplicationListSchema,
} from '../../../shared/schemas/admin.ts';
import { adminOnly } from '../../http/auth-guard.ts';
import { errors, idParams, json, jsonBody, openApiRoutes } from '../../http/openapi.ts';
import { decideApplication, listApplications } from './application-service.ts';

const tags = ['admin'];

const list = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'Vendor applications by status, newest first',
  middleware: [adminOnly] as const,
  request: { query: applicationListQuerySchema },
  responses: { 200: json(vendorApplicationListSchema, 'Applications'), ...errors(400, 401, 403, 503) },
});

const decisionResponses = {
  200: json(applicationDecisionSchema, 'The decided application'),
  ...errors(400, 401, 403, 404, 409, 413, 415, 503),
};

const approve = createRoute({
  method: 'post',
  path: '/{id}/approve',
  tags,
  summary: 'Approve a pending application (the vendor must have confirmed their e-mail)',
  middleware: [adminOnly] as const,
  request: { params: idParams('id') },
  responses: decisionResponses,
});

const reject = createRoute({
  method: 'post',
  path: '/{id}/reject',
  tags,
  summary: 'Reject a pending application with a reason the vendor is e-mailed',
  middleware: [adminOnly] as const,
  request: { params: idParams('id'), body: jsonBody(rejectApplicationSchema) },
  responses: decisionResponses,
});

/** The vendor row's status column is text; only these three values are ever written. */
const presentDecision = (v: { id: string; status: string }): ApplicationDecision => ({
  id: v.id,
  status: v.status as ApplicationDecision['status'],
});

export const applicationRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const { status } = c.req.valid('query');
    return c.json({ applications: await listApplications({ db: c.var.services.db, status }) }, 200);
  })
  .openapi(approve, async (c) => {
    const { actor } = c.var;
    const { id } = c.req.valid('param');
    const { db } = c.var.services;
    const vendor = await decideApplication({
      db,
      actor,
      vendorId: id,
      decision: { approve: true },
    });
    c.var.log.info({ vendorId: id, actor: actor.id }, 'vendor application approved');
    return c.json(presentDecision(vendor), 200);
  })
  .openapi(reject, async (c) => {
    const { actor } = c.var;
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const { db } = c.var.services;
    const vendor = await decideApplication({
      db,
      actor,
      vendorId: id,
      decision: { approve: false, reason },
    });
    c.var.log.info({ vendorId: id, actor: actor.id }, 'vendor application rejected');
    return c.json(presentDecision(vendor), 200);
  });
