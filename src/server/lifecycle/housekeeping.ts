import { sql } from 'drizzle-orm';
import { addCalendarDays, DAY_MS, vancouverDay, vancouverDayStart } from '../../shared/time.ts';
import type { Db } from '../db/client.ts';
import { pruneSignInLockouts } from '../modules/auth/index.ts';
import type { JobHandlers } from '../modules/jobs/index.ts';
import { pruneDeliveredEmails } from '../modules/mail/index.ts';
import { pruneReadNotifications, RETENTION_DAYS } from '../modules/notifications/index.ts';
import { schedulePrivacyRound } from '../modules/privacy/index.ts';
import { runVerificationRound } from '../modules/verification/index.ts';

export const PRUNE_JOB = 'housekeeping.prune';
export const PRUNE_JOB_KEY = 'housekeeping:prune';

/**
 * Deletes what nobody needs any more: notifications read more than 90 days ago, e-mails sent, kept or
 * cancelled more than 90 days ago (failed ones stay for admins), and the sign-in counts of addresses
 * nobody has tried for a day.
 */
export async function pruneOldRows(db: Db, now: Date) {
  const before = new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
  const notifications = await pruneReadNotifications(db, before);
  const emails = await pruneDeliveredEmails(db, before);
  const signInCounts = await pruneSignInLockouts(db, now);
  return { notifications, emails, signInCounts };
}

/** Sets the daily housekeeping job going, unless it already is (every process calls this at start). */
export async function scheduleHousekeeping(db: Db, now: Date) {
  await db.execute(sql`
    INSERT INTO jobs (id, kind, key, run_at, payload)
    VALUES (${crypto.randomUUID()}, ${PRUNE_JOB}, ${PRUNE_JOB_KEY}, ${now}, '{}'::jsonb)
    ON CONFLICT (key) WHERE status = 'pending' DO NOTHING`);
}

/** The daily round: pruning, then the verification round (badges that expire today). */
export const housekeepingJobHandlers: JobHandlers = {
  [PRUNE_JOB]: async (tx, _job, { now, log }) => {
    const pruned = await pruneOldRows(tx, now);
    if (pruned.notifications || pruned.emails || pruned.signInCounts) log.info(pruned, 'pruned old rows');
    await runVerificationRound(tx, { now, log });
    // Inactive accounts and the 7-year purge: a job of its own (each account in its own transaction).
    await schedulePrivacyRound(tx);
    // Just after the next midnight in Vancouver: an item's last valid day ends then, and its badge with it.
    return {
      runAgainAt: new Date(vancouverDayStart(addCalendarDays(vancouverDay(now), 1)).getTime() + 60_000),
    };
  },
};
