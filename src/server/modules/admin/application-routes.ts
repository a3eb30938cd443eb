import type { Context } from 'hono';
import {
  type ApplicationDecision,
  applicationDecisionSchema,
  applicationListQuerySchema,
  rejectApplicationSchema,
  vendorApplicationListSchema,
} from '../../../shared/schemas/admin.ts';
import { type ActorEnv, adminOnly } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { decideApplication, listApplications } from './application-service.ts';

const route = routesOf({ tags: ['admin'], use: adminOnly });

const list = route.get('/', {
  summary: 'Vendor applications by status, newest first',
  query: applicationListQuerySchema,
  ok: json(vendorApplicationListSchema, 'Applications'),
  errors: [400, 401, 403, 503],
});

const decisionAnswers = {
  ok: json(applicationDecisionSchema, 'The decided application'),
  errors: [400, 401, 403, 404, 409, 413, 415, 503],
} as const;

const approve = route.post('/{id}/approve', {
  summary: 'Approve a pending application (the vendor must have confirmed their e-mail)',
  params: idParams('id'),
  ...decisionAnswers,
});

const reject = route.post('/{id}/reject', {
  summary: 'Reject a pending application with a reason the vendor is e-mailed',
  params: idParams('id'),
  body: jsonBody(rejectApplicationSchema),
  ...decisionAnswers,
});

/**
 * Records an admin's decision on the application in the path and answers with its status (the vendor
 * row's status column is text; only three values are ever written).
 */
async function decided(
  c: Context<ActorEnv>,
  vendorId: string,
  decision: Parameters<typeof decideApplication>[0]['decision'],
): Promise<ApplicationDecision> {
  const { actor } = c.var;
  const vendor = await decideApplication({ db: c.var.services.db, actor, vendorId, decision });
  const message = decision.approve ? 'vendor application approved' : 'vendor application rejected';
  c.var.log.info({ vendorId, actor: actor.id }, message);
  return { id: vendor.id, status: vendor.status as ApplicationDecision['status'] };
}

export const applicationRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const { status } = c.req.valid('query');
    return c.json({ applications: await listApplications({ db: c.var.services.db, status }) }, 200);
  })
  .openapi(approve, async (c) => c.json(await decided(c, c.req.valid('param').id, { approve: true }), 200))
  .openapi(reject, async (c) => {
    const { reason } = c.req.valid('json');
    return c.json(await decided(c, c.req.valid('param').id, { approve: false, reason }), 200);
  });
