import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { SupportRequestCreated } from '../../../shared/schemas/support.ts';
import { supportRequestSchema } from '../../../shared/schemas/support.ts';
import { AppError } from '../../http/app-error.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { AppEnv } from '../../http/types.ts';
import { validJson } from '../../http/validate.ts';
import { createSupportRequest } from './service.ts';

export const supportRoutes = new Hono<AppEnv>().post(
  '/requests',
  rateLimit({ name: 'support-request', windowSeconds: 60 * 60, max: () => 20 }),
  bodyLimit({
    maxSize: 32 * 1024,
    onError: () => {
      throw new AppError('VALIDATION_FAILED', 413, 'The message is too large.');
    },
  }),
  async (c) => {
    const input = await validJson(c, supportRequestSchema);
    const session = await c.var.services.auth.api.getSession({ headers: c.req.raw.headers });
    const row = await createSupportRequest({
      db: c.var.services.db,
      actorUserId: session?.user.id ?? null,
      input,
    });
    const body: SupportRequestCreated = { id: row.id, createdAt: row.createdAt.toISOString() };
    return c.json(body, 201);
  },
);
