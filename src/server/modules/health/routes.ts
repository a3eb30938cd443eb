import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { safeError } from '../../http/log-safe-error.ts';
import type { AppEnv } from '../../http/types.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { database } = c.var.services;
  const started = performance.now();
  try {
    await database.db.execute(sql`select 1`);
  } catch (err) {
    c.var.log.error({ err: safeError(err) }, 'health check: database unreachable');
    return c.json({ status: 'error', database: { ok: false, kind: database.kind } }, 503);
  }
  return c.json({
    status: 'ok',
    database: {
      ok: true,
      kind: database.kind,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
    },
  });
});
