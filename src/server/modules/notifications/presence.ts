import { inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { safeError } from '../../http/log-safe-error.ts';
import type { Logger } from '../../logger.ts';

/** Which of these sessions still exist and have not expired. */
export async function liveSessions(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(sql`${inArray(sessions.id, ids)} AND ${sessions.expiresAt} > now()`);
  return new Set(rows.map((r) => r.id));
}

/**
 * Writes that these users are in the app now (user_activity.last_seen_at), in one statement. Never in
 * the way of a stream: a failure is logged.
 */
export const presenceWriter =
  ({ db, log, clock }: { db: Db; log: Logger; clock: Clock }) =>
  async (userIds: string[]): Promise<unknown> => {
    if (userIds.length === 0) return;
    const at = clock.now();
    const list = sql`ARRAY[${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]`;
    return db
      .execute(
        sql`INSERT INTO user_activity (user_id, last_seen_at)
          SELECT u, ${at} FROM unnest(${list}) AS u
          WHERE EXISTS (SELECT 1 FROM users WHERE users.id = u)
          ON CONFLICT (user_id) DO UPDATE SET last_seen_at = GREATEST(user_activity.last_seen_at, excluded.last_seen_at)`,
      )
      .catch((err: unknown) => log.warn({ err: safeError(err) }, 'could not note who is online'));
  };
