import { bodyLimit } from 'hono/body-limit';
import type { SupportRequestCreated } from '../../../shared/schemas/support.ts';
import { supportRequestCreatedSchema, supportRequestSchema } from '../../../shared/schemas/support.ts';
import { AppError } from '../../errors.ts';
import { json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { createSupportRequest } from './service.ts';

const request = routesOf({ tags: ['support'] }).post('/requests', {
  summary: 'Send a message to the support team (visitors too)',
  use: [
    rateLimit({ name: 'support-request', windowSeconds: 60 * 60, max: () => 20 }),
    bodyLimit({
      maxSize: 32 * 1024,
      onError: () => {
        throw new AppError('VALIDATION_FAILED', 413, 'The message is too large.');
      },
    }),
  ],
  body: jsonBody(supportRequestSchema),
  created: json(supportRequestCreatedSchema, 'The request was received'),
  errors: [400, 403, 413, 415, 429, 503],
});

export const supportRoutes = openApiRoutes().openapi(request, async (c) => {
  const input = c.req.valid('json');
  const session = await c.var.services.auth.api.getSession({ headers: c.req.raw.headers });
  const row = await createSupportRequest({
    db: c.var.services.db,
    actorUserId: session?.user.id ?? null,
    input,
  });
  const body: SupportRequestCreated = { id: row.id, createdAt: row.createdAt.toISOString() };
  return c.json(body, 201);
});
