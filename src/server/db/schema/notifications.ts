import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_TYPES,
  type NotificationRefs,
  type NotificationType,
} from '../../../shared/schemas/notifications.ts';
import { users } from './auth.ts';
import { createdAt, inList, ref, timestamptz } from './columns.ts';

/**
 * The refs of a stored notification: the ids the DTO shows, and what the row must remember of the
 * moment itself (the status an order reached), which the presenter reads and never sends.
 */
export type StoredRefs = NotificationRefs & {
  status?: string;
  /** A verification item's kind, the decision on it and its expiry day. */
  item?: string;
  decision?: string;
  expiresOn?: string;
  /** Cents charged (a payment at checkout, a balance), or the total a quote was sent with. */
  amount?: number;
  /** The customer's receipt of a payment or refund (its payment's or refund's id, decision 029). */
  receiptId?: string;
};

/**
 * What each user is told happened (modules/notifications): one row per recipient, written in the
 * transaction of the change it tells of. The id increases, so it is the event stream's `id:` and a
 * reconnecting client's Last-Event-ID; refs hold ids only, read again for whoever looks.
 */
export const userEvents = pgTable(
  'user_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    type: text('type').$type<NotificationType>().notNull(),
    refs: jsonb('refs').$type<StoredRefs>().notNull().default({}),
    /** Who made the change, when a user did (never a recipient of it). */
    actorId: text('actor_id'),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    check('user_events_type_check', sql`${t.type} IN (${inList(NOTIFICATION_TYPES)})`),
    // The list and the stream's catch-up: a user's newest first, and after a given id.
    index('user_events_user_id_idx').on(t.userId, t.id.desc()),
    // The unread count.
    index('user_events_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    // Pruning read notifications after 90 days (modules/notifications/prune.ts).
    index('user_events_read_at_idx')
      .on(t.readAt)
      .where(sql`${t.readAt} IS NOT NULL`),
  ],
);
