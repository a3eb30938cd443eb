import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { safeError } from '../../http/log-safe-error.ts';

export type JobRow = typeof jobs.$inferSelect;

/** What a handler is told besides its job. */
export interface JobContext {
  now: Date;
  log: Logger;
}

/**
 * What a job of one kind does, most often a timer's database work. It runs inside the transaction
 * that claimed the job (as a savepoint), so its database effects and the job's completion commit
 * together or not at all. Throwing retries the job later; a job whose reason has gone (an order
 * cancelled meanwhile) should just return.
 */
export type TransactionalJobHandler = (
  tx: Tx,
  job: JobRow,
  context: JobContext,
) => Promise<void | JobOutcome>;

/**
 * Work that calls out (SMTP, the payment processor) and must not hold a transaction open meanwhile:
 * the job is leased (`locked_until`) and committed, the work runs outside any transaction, and the
 * job is then completed, only by the process that still holds the lease. The work must be safe to run
 * again (an idempotency key, a record before and after): a process that dies leaves the lease to lapse
 * and the job to run again, counted as a failed attempt.
 */
export interface OutsideJobHandler {
  outside: (db: Db, job: JobRow, context: JobContext) => Promise<void | JobOutcome>;
  /** How long the work may take before another process may take the job again. */
  leaseMs?: number;
}

export type JobHandler = TransactionalJobHandler | OutsideJobHandler;
/** A handler that returns `runAgainAt` is not done: it runs again then (its reason is not ripe yet). */
export interface JobOutcome {
  runAgainAt: Date;
}
export type JobHandlers = Record<string, JobHandler>;

/** Failed attempts before a job is given up (status failed, kept with its last error for an admin). */
export const MAX_JOB_ATTEMPTS = 8;
/** Retry delay after the n-th failure: 1, 2, 4 … minutes, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(2 ** (attempts - 1), 60) * 60_000;
/** How long outside work may run before its lease lapses, unless its handler says otherwise. */
export const JOB_LEASE_MS = 5 * 60_000;
/** The message kept on a job whose process stopped while running it. */
export const LEASE_LAPSED = 'The process running this job stopped before it finished; it was taken again.';

/**
 * A job's time for work to do as soon as possible (a refund, an e-mail): due on any clock, the
 * earliest of all ('-infinity'), so a round whose `now` is a test's clock, or a clock behind the
 * database's, still takes it.
 */
export const AT_ONCE = 'at once';

/**
 * Schedules `kind` at `runAt`, or moves the pending job of the same `key` there (one pending job per
 * key). Call it inside the transaction of the change that makes the timer, so both commit together.
 */
export async function scheduleJob(
  db: Db | Tx,
  job: { kind: string; key: string; runAt: Date | typeof AT_ONCE; payload?: Record<string, unknown> },
): Promise<void> {
  const runAt = job.runAt === AT_ONCE ? sql`'-infinity'::timestamptz` : job.runAt;
  await db
    .insert(jobs)
    .values({ id: crypto.randomUUID(), kind: job.kind, key: job.key, runAt, payload: job.payload ?? {} })
    .onConflictDoUpdate({
      target: jobs.key,
      targetWhere: sql`${jobs.status} = 'pending'`,
      set: { runAt, payload: job.payload ?? {}, kind: job.kind, updatedAt: sql`now()` },
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

type Outcome = 'none' | 'ran' | 'failed';

/**
 * Runs the jobs due at `now`, earliest first, each on its own: claimed with `FOR UPDATE SKIP LOCKED`
 * (another process skips it and takes the next), run, and marked done with its effects (a
 * transactional handler) or after its outside work under a lease (an outside handler). A failure is
 * recorded (attempts, last error) and retried with backoff; after MAX_JOB_ATTEMPTS it is failed for
 * good, the dead letter an admin sees and may retry.
 */
export async function runDueJobs({ db, now, handlers, log, limit = 50 }: RunDueJobsOptions) {
  let ran = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const outcome = await runNextJob({ db, now, handlers, log });
    if (outcome === 'none') break;
    if (outcome === 'ran') ran++;
    else failed++;
  }
  return { ran, failed };
}

async function runNextJob({ db, now, handlers, log }: Omit<RunDueJobsOptions, 'limit'>) {
  let leased: { job: JobRow; handler: OutsideJobHandler; token: string } | undefined;
  const claimed = await db.transaction(async (tx): Promise<Outcome> => {
    const [job] = await tx
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.status, 'pending'),
          sql`${jobs.runAt} <= ${now}`,
          sql`(${jobs.lockedUntil} IS NULL OR ${jobs.lockedUntil} <= ${now})`,
          // Only the kinds this caller runs (the mailer's own rounds take only e-mails).
          inArray(jobs.kind, Object.keys(handlers)),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return 'none';
    const handler = handlers[job.kind]!;
    // A lease that lapsed: the process running it stopped. That was an attempt, and it failed.
    if (job.lockedUntil) {
      if (job.attempts + 1 >= MAX_JOB_ATTEMPTS) {
        await recordFailure(tx, job, new Error(LEASE_LAPSED), now, log);
        return 'failed';
      }
      job.attempts += 1;
    }
    if (typeof handler === 'object') {
      const token = crypto.randomUUID();
      await tx
        .update(jobs)
        .set({
          lockedUntil: new Date(now.getTime() + (handler.leaseMs ?? JOB_LEASE_MS)),
          lockedBy: token,
          attempts: job.attempts,
          ...(job.lockedUntil ? { lastError: LEASE_LAPSED } : {}),
          updatedAt: now,
        })
        .where(eq(jobs.id, job.id));
      leased = { job, handler, token };
      return 'ran';
    }
    try {
      const outcome = await tx.transaction((savepoint) => handler(savepoint, job, { now, log }));
      await complete(tx, job.id, outcome, now);
      return 'ran';
    } catch (err) {
      await recordFailure(tx, job, err, now, log);
      return 'failed';
    }
  });
  if (!leased) return claimed;
  const { job, handler, token } = leased;
  const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, token));
  try {
    const outcome = await handler.outside(db, job, { now, log });
    // Only while the lease is still ours: a process that took it over after a lapse finishes it.
    await complete(db, job.id, outcome, now, mine);
    return 'ran';
  } catch (err) {
    await db.transaction(async (tx) => {
      const [still] = await tx.select().from(jobs).where(mine).for('update');
      if (still) await recordFailure(tx, still, err, now, log);
    });
    return 'failed';
  }
}

/** Done, or (runAgainAt) pending again then — never sooner than a minute, so a round never takes it twice. */
async function complete(
  db: Db | Tx,
  id: string,
  outcome: void | JobOutcome,
  now: Date,
  where = eq(jobs.id, id),
) {
  await db
    .update(jobs)
    .set(
      outcome
        ? {
            runAt: new Date(Math.max(outcome.runAgainAt.getTime(), now.getTime() + 60_000)),
            lockedUntil: null,
            lockedBy: null,
            updatedAt: now,
          }
        : { status: 'done', lockedUntil: null, lockedBy: null, updatedAt: now },
    )
    .where(where);
}

/** One more failed attempt: retried with backoff, or failed for good (the dead letter). */
async function recordFailure(tx: Tx, job: JobRow, err: unknown, now: Date, log: Logger) {
  const attempts = job.attempts + 1;
  const gaveUp = attempts >= MAX_JOB_ATTEMPTS;
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
      // Given up: when it was last tried (a job due at once has no date of its own to keep).
      runAt: gaveUp ? now : new Date(now.getTime() + retryDelayMs(attempts)),
      lockedUntil: null,
      lockedBy: null,
      updatedAt: now,
    })
    .where(eq(jobs.id, job.id));
}

/** The dead letter: jobs failed for good, newest first (an admin's view). */
export function failedJobs(db: Db, { limit = 100 }: { limit?: number } = {}) {
  return db
    .select()
    .from(jobs)
    .where(eq(jobs.status, 'failed'))
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(limit);
}

/**
 * Puts a failed job back in the queue, due now with its attempts reset. False when it is not a failed
 * job, or when a pending job of the same key has been scheduled since (that one will do the work).
 */
export async function retryFailedJob(db: Db, { id, now }: { id: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'pending', attempts: 0, runAt: now, lockedUntil: null, lockedBy: null, updatedAt: now })
    .where(
      and(
        eq(jobs.id, id),
        eq(jobs.status, 'failed'),
        sql`NOT EXISTS (SELECT 1 FROM jobs other WHERE other.key = ${jobs.key} AND other.status = 'pending')`,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length > 0;
}
