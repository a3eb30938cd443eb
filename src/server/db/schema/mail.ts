import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  EMAIL_CATEGORIES,
  EMAIL_STATUSES,
  type EmailCategory,
  type EmailStatus,
} from '../../../shared/schemas/email.ts';
import { users } from './auth.ts';
import { createdAt, id, inList, ref, timestamptz, updatedAt } from './columns.ts';

/** What a queued e-mail is to say, read again when it is written (modules/mail/render.ts). */
export type EmailPayload =
  | { template: 'event'; eventId: string }
  | { template: 'messages'; messageIds: string[]; total: number }
  | { template: 'reminder'; orderId: string; completesAt: string };

/**
 * Every e-mail Frosted sends (modules/mail): written in the transaction of the change it reports and
 * sent afterwards by the delivery round (queued → sending → sent, or back to queued with a later
 * `next_attempt_at` after a failure, failed after the last attempt). Without an SMTP server the rows
 * are `kept`: admins read them at /admin/mailbox. While `sending`, `next_attempt_at` is the lease: a
 * process that dies mid-send leaves the row to be taken again once it passes.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text('to_address').notNull(),
    /** Null until the delivery round writes the e-mail from its payload (then kept for retries and admins). */
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    /** What it is (verify-email, order-update…): set when written. */
    kind: text('kind').notNull(),
    /** What to write, for an e-mail queued as a fact (a notification, a digest, a reminder) and written when sent. */
    payload: jsonb('payload').$type<EmailPayload>(),
    /** The main link of the message (verify, reset...), shown in the mailbox list. */
    link: text('link'),
    status: text('status').$type<EmailStatus>().notNull().default('queued'),
    /** The recipient's account, when the e-mail is about one (null for an address alone). */
    userId: ref('user_id', () => users.id, 'set null'),
    /** The preference it falls under; null for e-mails that can't be switched off (receipts, account). */
    category: text('category').$type<EmailCategory>(),
    /** The one-click unsubscribe address (List-Unsubscribe), for e-mails with a category. */
    unsubscribeUrl: text('unsubscribe_url'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamptz('next_attempt_at'),
    sentAt: timestamptz('sent_at'),
    /** Names an e-mail that must go once only (a reminder): a second with the same key is not queued. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_outbox_status_check', sql`${t.status} IN (${inList(EMAIL_STATUSES)})`),
    check(
      'email_outbox_category_check',
      sql`${t.category} IS NULL OR ${t.category} IN (${inList(EMAIL_CATEGORIES)})`,
    ),
    check('email_outbox_attempts_check', sql`${t.attempts} >= 0`),
    check('email_outbox_content_check', sql`${t.subject} IS NOT NULL OR ${t.payload} IS NOT NULL`),
    index('email_outbox_created_idx').on(t.createdAt.desc()),
    index('email_outbox_to_idx').on(t.to),
    index('email_outbox_user_idx').on(t.userId),
    // The delivery round's one query: what is due (queued, or sending with a lapsed lease).
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('queued', 'sending')`),
    // The mailbox's failures.
    index('email_outbox_failed_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.status} = 'failed'`),
    uniqueIndex('email_outbox_dedupe_uq').on(t.dedupeKey),
  ],
);

/** Which e-mails a user wants, per category (no row: all of them). Receipts are not a category. */
export const emailPreferences = pgTable('email_preferences', {
  userId: ref('user_id', () => users.id, 'cascade').primaryKey(),
  messages: boolean('messages').notNull().default(true),
  quotes: boolean('quotes').notNull().default(true),
  orders: boolean('orders').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * When a user was last in the app (an open event stream, refreshed every few minutes), and up to which
 * message their unread messages have been e-mailed: the message digest (modules/mail/digest.ts) writes
 * only to people away for 15 minutes, and never twice about one message.
 */
export const userActivity = pgTable('user_activity', {
  userId: ref('user_id', () => users.id, 'cascade').primaryKey(),
  lastSeenAt: timestamptz('last_seen_at'),
  messagesEmailedThrough: timestamptz('messages_emailed_through'),
});

/** Fixed-window request counters shared by Better Auth and our own limiter (several processes agree). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    id: id(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('rate_limits_key_uq').on(t.key)],
);
