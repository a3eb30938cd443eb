import { Hono } from 'hono';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/errors.ts';
import { AppError } from '../../http/app-error.ts';
import { requireAdmin } from '../../http/auth-guard.ts';
import type { AppEnv } from '../../http/types.ts';
import { readJson, parseOrThrow } from '../../http/validate.ts';
import { SEED_TABLES, clearDemoData, countDemoRows, seedAll, seedTable } from '../seed/service.ts';

const seedBodySchema = z.object({ table: z.enum(SEED_TABLES).optional() }).default({});

/** The admin seeder page's API: the same seeder code as `npm run seed`. */
export const seedRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    await requireAdmin(c);
    return c.json({ tables: SEED_TABLES, counts: await countDemoRows({ db: c.var.services.db }) });
  })
  .post('/', async (c) => {
    const actor = await requireAdmin(c);
    const { table } = parseOrThrow(seedBodySchema, await readJson(c));
    const { db } = c.var.services;
    try {
      if (table) await seedTable({ db, table });
      else await seedAll({ db });
    } catch (err) {
      c.var.log.error({ err, table, actor: actor.id }, 'seeding failed');
      throw new AppError('INTERNAL', 500, table ? MESSAGES.seedTableFailed(table) : MESSAGES.seedFailed);
    }
    c.var.log.info({ table: table ?? 'all', actor: actor.id }, 'demo data seeded');
    return c.json({
      message: table ? MESSAGES.seedTableSuccess(table) : MESSAGES.seedSuccess,
      counts: await countDemoRows({ db }),
    });
  })
  .post('/clear', async (c) => {
    const actor = await requireAdmin(c);
    const { db } = c.var.services;
    try {
      await clearDemoData({ db, keepUserIds: [actor.id] });
    } catch (err) {
      c.var.log.error({ err, actor: actor.id }, 'clearing demo data failed');
      throw new AppError('CONFLICT', 409, MESSAGES.clearError);
    }
    c.var.log.info({ actor: actor.id }, 'demo data cleared');
    return c.json({ message: MESSAGES.clearSuccess, counts: await countDemoRows({ db }) });
  });
