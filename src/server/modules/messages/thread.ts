import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { MessagePosition } from '../../../shared/schemas/messages.ts';
import type { Db } from '../../db/client.ts';
import { messages, orders } from '../../db/schema/index.ts';
import { imagesOfMessages } from './images.ts';

/**
 * A message's place in its thread as text, to the microsecond: a JavaScript Date keeps only
 * milliseconds, and a cursor rounded to them would skip or repeat messages stored in between.
 */
const positionAt = sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const place = (p: MessagePosition) => sql`(${p.at}::timestamptz, ${p.id}::text)`;
const key = sql`(${messages.createdAt}, ${messages.id})`;

/**
 * One page of a thread, oldest first, by keyset on (created_at, id) so that it reads only the page from
 * the messages_conversation_created_idx index however long the thread is. Without a cursor it is the
 * newest page; `before` the page just older than a place; `after` the messages newer than a place, up
 * to `limit` (a poll with nothing new reads no rows). Each message comes with its images.
 */
export async function readMessages(
  db: Db,
  conversationId: string,
  {
    before,
    after,
    limit,
  }: { before?: MessagePosition | undefined; after?: MessagePosition | undefined; limit: number },
) {
  const rows = await db
    .select({ message: messages, orderNumber: orders.orderNumber, at: positionAt })
    .from(messages)
    .leftJoin(orders, eq(orders.id, messages.orderId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        before && sql`${key} < ${place(before)}`,
        after && sql`${key} > ${place(after)}`,
      ),
    )
    .orderBy(
      ...(after
        ? [asc(messages.createdAt), asc(messages.id)]
        : [desc(messages.createdAt), desc(messages.id)]),
    )
    // One more than the page shows, to know whether older messages remain.
    .limit(after ? limit : limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (!after) page.reverse();
  const positionOf = (r: (typeof page)[number]): MessagePosition => ({ at: r.at, id: r.message.id });
  const newest = page.at(-1);
  const images = await imagesOfMessages(
    db,
    page.map((r) => r.message.id),
  );
  return {
    rows: page.map((r) => ({ ...r, images: images.get(r.message.id) ?? [] })),
    older: more ? positionOf(page[0]!) : null,
    newer: newest ? positionOf(newest) : (after ?? null),
  };
}

export type MessagePageRows = Awaited<ReturnType<typeof readMessages>>;
