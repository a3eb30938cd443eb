import { and, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/errors.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { designQuotas } from '../../db/schema/index.ts';
import type { ImageConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { vancouverDay } from '../../../shared/time.ts';

type Db = Database['db'];

/** Whose daily allowance a generation counts against: the user, or a visitor's address. */
export interface QuotaSubject {
  key: string;
  limit: number;
  signedIn: boolean;
}

export function quotaSubject(
  actor: Actor | null,
  ip: string,
  limits: ImageConfig['dailyLimit'],
): QuotaSubject {
  return actor
    ? { key: `user:${actor.id}`, limit: limits.user, signedIn: true }
    : { key: `ip:${ip}`, limit: limits.visitor, signedIn: false };
}

/** The calendar day in Vancouver (YYYY-MM-DD): allowances reset at local midnight. */
export const quotaDay = (now: Date = new Date()): string => vancouverDay(now);

export async function readQuota(db: Db, { subject, day }: { subject: QuotaSubject; day: string }) {
  const [row] = await db
    .select({ used: designQuotas.used })
    .from(designQuotas)
    .where(and(eq(designQuotas.key, subject.key), eq(designQuotas.day, day)));
  const used = row?.used ?? 0;
  return { limit: subject.limit, used, remaining: Math.max(0, subject.limit - used) };
}

/**
 * Takes `count` images from today's allowance in one atomic statement (no two requests can both take
 * the last one), or throws the quota message.
 */
export async function reserveImages(
  db: Db,
  { subject, day, count }: { subject: QuotaSubject; day: string; count: number },
): Promise<void> {
  const rows =
    count > subject.limit
      ? []
      : await queryRows<{ used: number }>(
          db,
          sql`insert into ${designQuotas} (key, day, used) values (${subject.key}, ${day}, ${count})
              on conflict (key, day) do update set used = ${designQuotas.used} + excluded.used
              where ${designQuotas.used} + excluded.used <= ${subject.limit}
              returning used`,
        );
  if (rows.length > 0) return;
  const { remaining } = await readQuota(db, { subject, day });
  throw new AppError(
    'QUOTA_EXCEEDED',
    429,
    remaining > 0
      ? MESSAGES.designQuotaTooFew(remaining)
      : MESSAGES.designQuotaUsedUp(subject.limit, subject.signedIn),
  );
}

/** Gives back images that failed, to the day they were taken from. */
export async function releaseImages(
  db: Db,
  { key, day, count }: { key: string; day: string; count: number },
): Promise<void> {
  if (count <= 0) return;
  await db
    .update(designQuotas)
    .set({ used: sql`greatest(${designQuotas.used} - ${count}, 0)` })
    .where(and(eq(designQuotas.key, key), eq(designQuotas.day, day)));
}
