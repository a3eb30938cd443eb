import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { queryRows } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { currentActor } from './auth-guard.ts';
import { clientIp } from './client-ip.ts';
import type { AppEnv } from './types.ts';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/**
 * Whom a limit counts: the client address, or the signed-in user (people behind one address, a NAT or
 * an office, then do not use up each other's allowance; a visitor still counts by address).
 */
export type RateLimitPer = 'address' | 'user';

async function subject(c: Context<AppEnv>, per: RateLimitPer): Promise<string> {
  const actor = per === 'user' ? await currentActor(c) : null;
  return actor ? `user:${actor.id}` : clientIp(c, c.var.services.config);
}

/**
 * A fixed-window limit per client address (or user) and route, counted in PostgreSQL with one atomic
 * upsert so that every server process shares it.
 */
export function rateLimit({
  name,
  windowSeconds,
  max,
  per = 'address',
}: {
  name: string;
  windowSeconds: number;
  max: (c: Context<AppEnv>) => number;
  per?: RateLimitPer;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db } = c.var.services;
    const key = `app|${name}|${await subject(c, per)}`;
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
