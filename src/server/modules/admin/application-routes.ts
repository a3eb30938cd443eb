import { Hono } from 'hono';
import { z } from 'zod';
import { applicationListQuerySchema, rejectApplicationSchema } from '../../../shared/schemas/admin.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import type { AppEnv } from '../../http/types.ts';
import { parseOrThrow, validJson, validQuery } from '../../http/validate.ts';
import { decideApplication, listApplications } from './application-service.ts';

const idParam = z.object({ id: z.string().min(1).max(100) });

export const applicationRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    await requireAdmin(c);
    const { status } = validQuery(c, applicationListQuerySchema);
    return c.json({ applications: await listApplications({ db: c.var.services.db, status }) });
  })
  .post('/:id/approve', async (c) => {
    const actor = await requireAdmin(c);
    const { id } = parseOrThrow(idParam, c.req.param());
    const { db, mailer, config } = c.var.services;
    const vendor = await decideApplication({
      db,
      mailer,
      actor,
      vendorId: id,
      decision: { approve: true },
      publicUrl: config.publicUrl,
    });
    c.var.log.info({ vendorId: id, actor: actor.id }, 'vendor application approved');
    return c.json({ id: vendor.id, status: vendor.status });
  })
  .post('/:id/reject', async (c) => {
    const actor = await requireAdmin(c);
    const { id } = parseOrThrow(idParam, c.req.param());
    const { reason } = await validJson(c, rejectApplicationSchema);
    const { db, mailer, config } = c.var.services;
    const vendor = await decideApplication({
      db,
      mailer,
      actor,
      vendorId: id,
      decision: { approve: false, reason },
      publicUrl: config.publicUrl,
    });
    c.var.log.info({ vendorId: id, actor: actor.id }, 'vendor application rejected');
    return c.json({ id: vendor.id, status: vendor.status });
  });
