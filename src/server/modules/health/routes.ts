import { sql } from 'drizzle-orm';
import { healthSchema } from '../../../shared/schemas/platform.ts';
import { safeError } from '../../http/log-safe-error.ts';
import { json, openApiRoutes, routesOf } from '../../http/openapi.ts';

const health = routesOf({ tags: ['platform'] }).get('/', {
  summary: 'Whether the API and its database answer',
  ok: json(healthSchema, 'The database answered'),
  responses: { 503: json(healthSchema, 'The database is unreachable') },
});

export const healthRoutes = openApiRoutes().openapi(health, async (c) => {
  const { database } = c.var.services;
  const started = performance.now();
  try {
    await database.db.execute(sql`select 1`);
  } catch (err) {
    c.var.log.error({ err: safeError(err) }, 'health check: database unreachable');
    return c.json({ status: 'error' as const, database: { ok: false, kind: database.kind } }, 503);
  }
  return c.json(
    {
      status: 'ok' as const,
      database: {
        ok: true,
        kind: database.kind,
        latencyMs: Math.round((performance.now() - started) * 10) / 10,
      },
    },
    200,
  );
});
