import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { JobHandlers } from '../jobs/jobs.ts';
import { addDaysToDay } from '../../../shared/verification.ts';
import { vancouverDay, vancouverDayStart } from '../../../shared/time.ts';
import { runVerificationRound } from '../verification/jobs.ts';

/** Read notifications and delivered e-mails are kept this long, then deleted (unread ones stay). */
export const RETENTION_DAYS = 90;
export const PRUNE_JOB = 'housekeeping.prune';
export const PRUNE_JOB_KEY = 'housekeeping:prune';
const DAY_MS = 86_400_000;
/** Rows per statement, so a large backlog never holds long locks. */
const BATCH = 5_000;

async function deleteInBatches(db: Db, statement: () => ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ n: number | string }>(db, statement());
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Deletes what nobody needs any more: notifications read more than 90 days ago, and e-mails sent,
 * kept or cancelled more than 90 days ago (failed ones stay for admins). Uses the partial index on
 * read notifications and the outbox's index on its creation time.
 */
export async function pruneOldRows(db: Db, now: Date) {
  const before = new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
  const notifications = await deleteInBatches(
    db,
    () => sql`
      WITH gone AS (
        DELETE FROM user_events WHERE id IN (
          SELECT id FROM user_events WHERE read_at IS NOT NULL AND read_at < ${before} LIMIT ${BATCH})
        RETURNING 1)
      SELECT count(*) AS n FROM gone`,
  );
  const emails = await deleteInBatches(
    db,
    () => sql`
      WITH gone AS (
        DELETE FROM email_outbox WHERE id IN (
          SELECT id FROM email_outbox
          WHERE created_at < ${before} AND status IN ('sent', 'kept', 'cancelled') LIMIT ${BATCH})
        RETURNING 1)
      SELECT count(*) AS n FROM gone`,
  );
  return { notifications, emails };
}

/** Sets the daily housekeeping job going, unless it already is (every process calls this at start). */
export async function scheduleHousekeeping(db: Db, now: Date) {
  await db.execute(sql`
    INSERT INTO jobs (id, kind, key, run_at, payload)
    VALUES (${crypto.randomUUID()}, ${PRUNE_JOB}, ${PRUNE_JOB_KEY}, ${now}, '{}'::jsonb)
    ON CONFLICT (key) WHERE status = 'pending' DO NOTHING`);
}

export const housekeepingJobHandlers: JobHandlers = {
  [PRUNE_JOB]: async (tx, _job, { now, log }) => {
    const pruned = await pruneOldRows(tx, now);
    if (pruned.notifications || pruned.emails) log.info(pruned, 'pruned old notifications and e-mails');
    await runVerificationRound(tx, now, log);
    // Just after the next midnight in Vancouver: an item's last valid day ends then, and its badge with it.
    return { runAgainAt: new Date(vancouverDayStart(addDaysToDay(vancouverDay(now), 1)).getTime() + 60_000) };
  },
};
