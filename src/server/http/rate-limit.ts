import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { queryRows } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import { clientIp } from './client-ip.ts';
import type { AppEnv } from './types.ts';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/**
 * A fixed-window limit per client address and route, counted in PostgreSQL with one atomic upsert
 * so that every server process shares it.
 */
export function rateLimit({
  name,
  windowSeconds,
  max,
}: {
  name: string;
  windowSeconds: number;
  max: (c: Context<AppEnv>) => number;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, config } = c.var.services;
    const key = `app|${name}|${clientIp(c, config.trustProxy)}`;
    const now = Date.now();
    const windowStart = now - windowSeconds * 1000;
    const [row] = await queryRows<{ count: number; last_request: string }>(
      db,
      sql`insert into ${rateLimits} (id, key, count, last_request)
          values (${crypto.randomUUID()}, ${key}, 1, ${now})
          on conflict (key) do update set
            count = case when ${rateLimits.lastRequest} < ${windowStart} then 1 else ${rateLimits.count} + 1 end,
            last_request = case when ${rateLimits.lastRequest} < ${windowStart} then ${now} else ${rateLimits.lastRequest} end
          returning count, last_request`,
    );
    if (row && row.count > max(c)) {
      const retryAfter = Math.max(
        1,
        Math.ceil((Number(row.last_request) + windowSeconds * 1000 - now) / 1000),
      );
      c.header('Retry-After', String(retryAfter));
      throw new AppError('RATE_LIMITED', 429, RATE_LIMITED_MESSAGE);
    }
    await next();
  };
}
