import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './columns.ts';

export const JOB_STATUSES = ['pending', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Timers and background work (modules/jobs): a row per job, due at `run_at`, claimed by whichever
 * server process gets it first with `FOR UPDATE SKIP LOCKED` and finished in the same transaction as
 * its effects, so two processes never run one job twice and a restart loses none. `key` names what the
 * job is for (`order:{id}:autoComplete`): one pending job per key, so scheduling it again moves it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamptz('run_at').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * A job whose work calls out (SMTP, the payment processor) is leased while it runs outside any
     * transaction: until `locked_until` no other process takes it; a process that dies leaves the lease
     * to lapse and the job to be taken again (counted as a failed attempt).
     */
    lockedUntil: timestamptz('locked_until'),
    lockedBy: text('locked_by'),
    ...timestamps(),
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} IN ('pending', 'done', 'failed', 'cancelled')`),
    check('jobs_attempts_check', sql`${t.attempts} >= 0`),
    uniqueIndex('jobs_pending_key_uq')
      .on(t.key)
      .where(sql`${t.status} = 'pending'`),
    // The runner's one query: the earliest due pending jobs.
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    index('jobs_key_idx').on(t.key),
    // The admin's view of the dead letter: failed jobs, newest first.
    index('jobs_failed_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);
