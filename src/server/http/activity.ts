import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { ACTIVITY_WRITE_INTERVAL_MS } from '../../shared/privacy.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/**
 * Notes that the user was active now (a sign-in, a request with their session): one conditional
 * update, written at most once per ACTIVITY_WRITE_INTERVAL_MS, so it costs a request nothing most days.
 * A new stretch of activity also forgets an inactivity notice already sent (the next one goes out in
 * time for the next 2 years).
 */
export async function recordActivity(db: Db, userId: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - ACTIVITY_WRITE_INTERVAL_MS);
  await db
    .update(users)
    .set({ lastActiveAt: now, inactivityNoticeAt: null })
    .where(
      and(
        eq(users.id, userId),
        isNull(users.closedAt),
        or(isNull(users.lastActiveAt), lt(users.lastActiveAt, stale)),
      ),
    );
}

/** Whether the user needs to confirm their age before using the app (decision 028). */
export const needsAgeConfirmation = (user: { ageConfirmedAt?: Date | string | null }) => !user.ageConfirmedAt;
