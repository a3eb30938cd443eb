import { and, count, desc, eq, gt, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type {
  MarkNotificationsRead,
  NotificationList,
  UnreadCounts,
} from '../../../shared/schemas/notifications.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { conversations, messages, userEvents, users, vendors } from '../../db/schema/index.ts';
import type { Actor } from '../../actor.ts';
import { isStorableId, toNotificationId } from './ids.ts';
import { presentNotifications, type UserEventRow } from './presenter.ts';
import { pgArray } from '../../db/pg-array.ts';
import { announceUnread } from './publish.ts';

/** The user's notifications, newest first, a page before `before`, with their unread count. */
export async function listNotifications({
  db,
  actor,
  query,
}: {
  db: Db;
  actor: Actor;
  query: { before?: string | undefined; limit: number };
}): Promise<NotificationList> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(userEvents)
      .where(
        and(
          eq(userEvents.userId, actor.id),
          query.before === undefined ? undefined : lt(userEvents.id, toNotificationId(query.before)),
        ),
      )
      .orderBy(desc(userEvents.id))
      .limit(query.limit + 1),
    db
      .select({ n: count() })
      .from(userEvents)
      .where(and(eq(userEvents.userId, actor.id), isNull(userEvents.readAt))),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    notifications: await presentNotifications(db, page),
    unread: unread?.n ?? 0,
    nextBefore: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}

/**
 * Marks the user's own notifications read: the ids given, or every one up to `through`. Anyone
 * else's ids simply match nothing. The user's open streams (every process) get the new counts.
 */
export async function markNotificationsRead({
  db,
  actor,
  input,
  now,
}: {
  db: Db;
  actor: Actor;
  input: MarkNotificationsRead;
  now: Date;
}): Promise<UnreadCounts> {
  const which = and(
    input.ids ? inArray(userEvents.id, input.ids.filter(isStorableId).map(BigInt)) : undefined,
    input.through !== undefined ? lte(userEvents.id, toNotificationId(input.through)) : undefined,
  );
  return markRead(db, actor.id, which, now);
}

/** Marks every notification of the user read. */
export async function markAllNotificationsRead({ db, actor, now }: { db: Db; actor: Actor; now: Date }) {
  return markRead(db, actor.id, undefined, now);
}

async function markRead(db: Db, userId: string, which: ReturnType<typeof and>, now: Date) {
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(userEvents)
      .set({ readAt: now })
      .where(and(eq(userEvents.userId, userId), isNull(userEvents.readAt), which))
      .returning({ id: userEvents.id });
    if (marked.length > 0) await announceUnread(tx, [userId]);
  });
  return (await unreadCounts(db, [userId])).get(userId)!;
}

const lastMessage = sql`CROSS JOIN LATERAL (
    SELECT m.sender_id, m.created_at FROM ${messages} m
    WHERE m.conversation_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1
  ) last`;

/**
 * Unread messages of a user's conversations as the conversation list counts them: the newest message
 * is the other side's and came after the user's read mark. As a customer, and for vendor accounts
 * also as their business.
 * Two counts, each reaching its conversations by an index (as the customer; as the vendor they run).
 */
const unreadMessages = (userId: SQL) => sql<number>`(
  (SELECT count(*)::int FROM ${conversations} c ${lastMessage}
    WHERE c.customer_id = ${userId} AND last.sender_id <> ${userId}
      AND (c.customer_read_at IS NULL OR last.created_at > c.customer_read_at))
  + (SELECT count(*)::int FROM ${vendors} v JOIN ${conversations} c ON c.vendor_id = v.id ${lastMessage}
    WHERE v.user_id = ${userId} AND last.sender_id <> ${userId}
      AND (c.vendor_read_at IS NULL OR last.created_at > c.vendor_read_at))
)`;

const unreadNotifications = (userId: SQL) => sql<number>`(
  SELECT count(*)::int FROM ${userEvents} e WHERE e.user_id = ${userId} AND e.read_at IS NULL
)`;

// Qualified by hand: drizzle leaves a select's own columns unqualified inside sql, where the
// subqueries' tables have an id too.
const ME = sql.raw('"users"."id"');

/** Users per counting query: the queries of a large batch (a fan-out) run side by side on the pool. */
const COUNTS_CHUNK = 500;

/** The bell's and Messages' counts of each user, in one query per 500 users. */
export async function unreadCounts(db: Db, userIds: readonly string[]): Promise<Map<string, UnreadCounts>> {
  const result = new Map<string, UnreadCounts>();
  const unique = [...new Set(userIds)];
  const chunks = [];
  for (let i = 0; i < unique.length; i += COUNTS_CHUNK) chunks.push(unique.slice(i, i + COUNTS_CHUNK));
  // Rows read as they come (no per-field mapping): a fan-out reads 2,000 of them.
  const pages = await Promise.all(
    chunks.map((chunk) =>
      queryRows<{ user_id: string; notifications: number | string; messages: number | string }>(
        db,
        sql`SELECT ${ME} AS user_id, ${unreadNotifications(ME)} AS notifications,
              ${unreadMessages(ME)} AS messages
            FROM ${users} WHERE ${ME} = ANY(${pgArray(chunk)}::text[])`,
      ),
    ),
  );
  for (const rows of pages)
    for (const r of rows)
      result.set(r.user_id, { notifications: Number(r.notifications), messages: Number(r.messages) });
  for (const id of unique) if (!result.has(id)) result.set(id, { notifications: 0, messages: 0 });
  return result;
}

/** A user's notifications after `afterId` (what a reconnecting stream missed): the newest `limit`, oldest first. */
export async function notificationsAfter(
  db: Db,
  { userId, afterId, limit }: { userId: string; afterId: bigint; limit: number },
): Promise<UserEventRow[]> {
  const rows = await db
    .select()
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), gt(userEvents.id, afterId)))
    .orderBy(desc(userEvents.id))
    .limit(limit);
  return rows.reverse();
}

/** The user's newest notification id, or 0: where a stream without Last-Event-ID starts. */
export async function latestNotificationId(db: Db, userId: string): Promise<bigint> {
  const [row] = await db
    .select({ id: userEvents.id })
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.id))
    .limit(1);
  return row?.id ?? 0n;
}

/** These notifications, whoever's they are (the stream hub sends each to its own user only). */
export async function notificationsById(db: Db, ids: readonly bigint[]): Promise<UserEventRow[]> {
  if (ids.length === 0) return [];
  // Mapped by hand: a fan-out reads 2,000 rows, and drizzle's mapping of each field was a fifth of
  // the streams' CPU for it (the same row, as notificationsById's test compares).
  const rows = await queryRows<RawUserEvent>(
    db,
    sql`SELECT id, user_id, type, refs, actor_id, created_at, read_at FROM ${userEvents}
        WHERE id = ANY(${pgArray(ids)}::bigint[]) ORDER BY id`,
  );
  return rows.map(userEventRow);
}

/** A user_events row as the drivers give it (PostgreSQL's node-postgres, or PGlite). */
interface RawUserEvent {
  id: string | number | bigint;
  user_id: string;
  type: UserEventRow['type'];
  refs: UserEventRow['refs'] | string;
  actor_id: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

const userEventRow = (r: RawUserEvent): UserEventRow => ({
  id: BigInt(r.id),
  userId: r.user_id,
  type: r.type,
  refs: typeof r.refs === 'string' ? (JSON.parse(r.refs) as UserEventRow['refs']) : r.refs,
  actorId: r.actor_id,
  createdAt: new Date(r.created_at),
  readAt: r.read_at === null ? null : new Date(r.read_at),
});
