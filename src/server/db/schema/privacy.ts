import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { ref, timestamptz } from './columns.ts';

/** Why an account was closed: its owner asked, or it was inactive for 2 years (Terms). */
export const CLOSURE_REASONS = ['requested', 'inactive'] as const;
export type ClosureReason = (typeof CLOSURE_REASONS)[number];

/**
 * One row per closed account (decision 028): the closure, and the purge of the financial records kept
 * after it, due 7 years later (`purge_at`), with its attempts and last error while it cannot finish.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    userId: ref('user_id', () => users.id, 'cascade').primaryKey(),
    reason: text('reason').$type<ClosureReason>().notNull(),
    closedAt: timestamptz('closed_at').notNull(),
    purgeAt: timestamptz('purge_at').notNull(),
    purgedAt: timestamptz('purged_at'),
    purgeAttempts: integer('purge_attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    check('account_closures_reason_check', sql`${t.reason} IN ('requested', 'inactive')`),
    index('account_closures_purge_idx')
      .on(t.purgeAt)
      .where(sql`${t.purgedAt} IS NULL`),
  ],
);
