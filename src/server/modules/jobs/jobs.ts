import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { safeError } from '../../http/log-safe-error.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * What a job of one kind does. It runs inside the transaction that claimed the job (as a savepoint),
 * so its database effects and the job's completion commit together or not at all. Throwing retries
 * the job later; a job whose reason has gone (an order cancelled meanwhile) should just return.
 */
export type JobHandler = (
  tx: Tx,
  job: JobRow,
  context: { now: Date; log: Logger },
) => Promise<void | JobOutcome>;
/** A handler that returns `runAgainAt` is not done: it runs again then (its reason is not ripe yet). */
export interface JobOutcome {
  runAgainAt: Date;
}
export type JobHandlers = Record<string, JobHandler>;

/** Failed attempts before a job is given up (status failed, kept with its last error for an admin). */
export const MAX_JOB_ATTEMPTS = 8;
/** Retry delay after the n-th failure: 1, 2, 4 … minutes, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(2 ** (attempts - 1), 60) * 60_000;

/**
 * Schedules `kind` at `runAt`, or moves the pending job of the same `key` there (one pending job per
 * key). Call it inside the transaction of the change that makes the timer, so both commit together.
 */
export async function scheduleJob(
  db: Db | Tx,
  job: { kind: string; key: string; runAt: Date; payload?: Record<string, unknown> },
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      id: crypto.randomUUID(),
      kind: job.kind,
      key: job.key,
      runAt: job.runAt,
      payload: job.payload ?? {},
    })
    .onConflictDoUpdate({
      target: jobs.key,
      targetWhere: sql`${jobs.status} = 'pending'`,
      set: { runAt: job.runAt, payload: job.payload ?? {}, kind: job.kind, updatedAt: sql`now()` },
    });
}

/** Cancels the pending job of `key`, if there is one (the reason for the timer has gone). */
export async function cancelJob(db: Db | Tx, key: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(jobs.key, key), eq(jobs.status, 'pending')));
}

export interface RunDueJobsOptions {
  db: Db;
  now: Date;
  handlers: JobHandlers;
  log: Logger;
  /** At most this many jobs in one call; the next call takes the rest. */
  limit?: number;
}

/**
 * Runs the jobs due at `now`, earliest first, each in its own transaction: claimed with
 * `FOR UPDATE SKIP LOCKED` (another process skips it and takes the next), run, and marked done in the
 * same transaction. A failure is recorded (attempts, last error) and retried with backoff.
 */
export async function runDueJobs({ db, now, handlers, log, limit = 50 }: RunDueJobsOptions) {
  let ran = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const outcome = await db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), sql`${jobs.runAt} <= ${now}`))
        .orderBy(jobs.runAt, jobs.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return 'none' as const;
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
        const outcome = await tx.transaction((savepoint) => handler(savepoint, job, { now, log }));
        await tx
          .update(jobs)
          .set(
            outcome
              ? // Never sooner than a minute: a round must not take the same job again.
                {
                  runAt: new Date(Math.max(outcome.runAgainAt.getTime(), now.getTime() + 60_000)),
                  updatedAt: now,
                }
              : { status: 'done', updatedAt: now },
          )
          .where(eq(jobs.id, job.id));
        return 'ran' as const;
      } catch (err) {
        const attempts = job.attempts + 1;
        const gaveUp = attempts >= MAX_JOB_ATTEMPTS || !handler;
        log.error(
          { err: safeError(err), job: { id: job.id, kind: job.kind, key: job.key, attempts } },
          gaveUp ? 'job failed for good' : 'job failed; it will be retried',
        );
        await tx
          .update(jobs)
          .set({
            attempts,
            lastError: err instanceof Error ? err.message.slice(0, 1000) : String(err).slice(0, 1000),
            status: gaveUp ? 'failed' : 'pending',
            runAt: gaveUp ? job.runAt : new Date(now.getTime() + retryDelayMs(attempts)),
            updatedAt: now,
          })
          .where(eq(jobs.id, job.id));
        return 'failed' as const;
      }
    });
    if (outcome === 'none') break;
    if (outcome === 'ran') ran++;
    else failed++;
  }
  return { ran, failed };
}
