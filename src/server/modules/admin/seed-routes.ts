import { z } from 'zod';
import { seedResultSchema, seedStateSchema } from '../../../shared/schemas/admin.ts';
import { MESSAGES } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';
import { adminOnly } from '../../http/auth-guard.ts';
import { json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { SEED_TABLES, clearDemoData, countDemoRows, seedAll, seedTable } from '../seed/index.ts';

const route = routesOf({ tags: ['admin'], use: adminOnly });
const seedBodySchema = z.object({ table: z.enum(SEED_TABLES).optional() });

const state = route.get('/', {
  summary: 'The tables the seeder fills and their demo row counts',
  ok: json(seedStateSchema, 'Tables and counts'),
  errors: [400, 401, 403, 503],
});

const seed = route.post('/', {
  summary: 'Seed demo data: one table, or all of them without a body',
  body: jsonBody(seedBodySchema, { required: false }),
  ok: json(seedResultSchema, 'Seeded'),
  errors: [400, 401, 403, 413, 415, 503],
});

const clear = route.post('/clear', {
  summary: 'Delete the demo data (keeps the signed-in admin)',
  ok: json(seedResultSchema, 'Cleared'),
  errors: [401, 403, 409, 413, 415, 503],
});

/** The admin seeder page's API: the same seeder code as `npm run seed`. */
export const seedRoutes = openApiRoutes()
  .openapi(state, async (c) =>
    c.json({ tables: [...SEED_TABLES], counts: await countDemoRows({ db: c.var.services.db }) }, 200),
  )
  .openapi(seed, async (c) => {
    const { actor } = c.var;
    const { table } = c.req.valid('json');
    const { db, storage } = c.var.services;
    try {
      if (table) await seedTable({ db, table, store: storage });
      else await seedAll({ db, store: storage });
    } catch (err) {
      c.var.log.error({ err, table, actor: actor.id }, 'seeding failed');
      throw new AppError('INTERNAL', 500, table ? MESSAGES.seedTableFailed(table) : MESSAGES.seedFailed);
    }
    c.var.log.info({ table: table ?? 'all', actor: actor.id }, 'demo data seeded');
    return c.json(
      {
        message: table ? MESSAGES.seedTableSuccess(table) : MESSAGES.seedSuccess,
        counts: await countDemoRows({ db }),
      },
      200,
    );
  })
  .openapi(clear, async (c) => {
    const { actor } = c.var;
    const { db } = c.var.services;
    try {
      await clearDemoData({ db, keepUserIds: [actor.id], store: c.var.services.storage });
    } catch (err) {
      c.var.log.error({ err, actor: actor.id }, 'clearing demo data failed');
      throw new AppError('CONFLICT', 409, MESSAGES.clearError);
    }
    c.var.log.info({ actor: actor.id }, 'demo data cleared');
    return c.json({ message: MESSAGES.clearSuccess, counts: await countDemoRows({ db }) }, 200);
  });
