import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  MESSAGE_PAGE_SIZE,
  type MessagePageQuery,
  type MessagePosition,
  type SendMessageValues,
} from '../../../shared/schemas/messages.ts';
import type { Db } from '../../db/client.ts';
import { conversations, messageImages, messages, orders, users, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { vendorIdOf } from '../auth/index.ts';
import { hasPaidOrder, paidPairs } from '../masking/index.ts';
import { announceUnread, publish, vendorOwnerId } from '../notifications/index.ts';
import type { ObjectStore } from '../storage/index.ts';
import { deleteMessageImages, storeMessageImages } from './images.ts';
import { conversationScope, type Participant, participantIn } from './policy.ts';
import { readMessages } from './thread.ts';

const notFound = () => AppError.notFound('Conversation not found');

/** Who takes part: the account, and vendors as their business too. */
export async function participantFor(db: Db, actor: Actor): Promise<Participant> {
  const vendorId = actor.userType === 'vendor' ? await vendorIdOf({ db, actor }) : null;
  return { userId: actor.id, vendorId };
}

/** A customer opens (or reopens) the one conversation with an approved vendor. */
export async function startConversation({ db, actor, vendorId }: { db: Db; actor: Actor; vendorId: string }) {
  if (actor.userType !== 'customer')
    throw AppError.forbidden('Only customer accounts can start a conversation with a vendor.');
  const [vendor] = await db
    .select({ id: vendors.id, userId: vendors.userId })
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), eq(vendors.status, 'approved')))
    .limit(1);
  if (!vendor) throw AppError.notFound('Vendor not found');
  if (vendor.userId === actor.id) throw AppError.forbidden('You cannot message your own business.');
  return openConversation(db, { customerId: actor.id, vendorId: vendor.id });
}

/**
 * The one conversation of a customer and a vendor (a unique pair), opened if it does not exist yet:
 * opening it twice, even at once, finds the first. Callers have checked who may open it.
 */
export async function openConversation(
  db: Db,
  pair: { customerId: string; vendorId: string },
): Promise<string> {
  const [created] = await db
    .insert(conversations)
    .values({ id: crypto.randomUUID(), ...pair })
    .onConflictDoNothing({ target: [conversations.customerId, conversations.vendorId] })
    .returning({ id: conversations.id });
  if (created) return created.id;
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.customerId, pair.customerId), eq(conversations.vendorId, pair.vendorId)))
    .limit(1);
  return existing!.id;
}

const summaryColumns = {
  conversation: conversations,
  vendorName: vendors.businessName,
  customer: { firstName: users.firstName, lastName: users.lastName, name: users.name },
  last: sql<{ body: string; imageCount: number; senderId: string; createdAt: string } | null>`(
    select json_build_object('body', m.body, 'senderId', m.sender_id, 'createdAt', m.created_at,
      'imageCount', (select count(*) from ${messageImages} i where i.message_id = m.id))
    from ${messages} m where m.conversation_id = ${conversations.id}
    order by m.created_at desc, m.id desc limit 1)`,
};

/**
 * The signed-in user's conversations, most recent first: as a customer and, for vendors, as the business,
 * with whether the customer of each has paid its vendor (`paid`).
 */
export async function listConversations({ db, actor }: { db: Db; actor: Actor }) {
  const me = await participantFor(db, actor);
  const rows = await db
    .select(summaryColumns)
    .from(conversations)
    .innerJoin(vendors, eq(vendors.id, conversations.vendorId))
    .innerJoin(users, eq(users.id, conversations.customerId))
    .where(conversationScope(me))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(100);
  // Whether each pair has paid, by the rule the open thread asks (hasPaidOrder): its preview follows it.
  const paid = await paidPairs(
    db,
    rows.map((r) => r.conversation),
  );
  return { me, rows, paid };
}

/** The conversation with both names, if the user takes part; for anyone else it does not exist. */
async function conversationFor(db: Db, me: Participant, id: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(conversations)
    .innerJoin(vendors, eq(vendors.id, conversations.vendorId))
    .innerJoin(users, eq(users.id, conversations.customerId))
    .where(and(eq(conversations.id, id), conversationScope(me)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** How many of the pair's orders a conversation offers to name in a message: the newest. */
const ORDER_CHOICES = 50;

type Pair = { customerId: string; vendorId: string };

/** The customer's newest orders with the vendor, to name one in a message. */
const ordersBetween = (db: Db, c: Pair) =>
  db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.customerId, c.customerId), eq(orders.vendorId, c.vendorId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_CHOICES);

/**
 * One conversation with its newest page of messages, if the user takes part. Reading writes nothing:
 * the reader marks it read with markConversationRead once the messages are shown.
 */
export async function getConversation({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  const me = await participantFor(db, actor);
  const row = await conversationFor(db, me, id);
  const [page, orderRows, paid] = await Promise.all([
    readMessages(db, row.conversation.id, { limit: MESSAGE_PAGE_SIZE }),
    ordersBetween(db, row.conversation),
    hasPaidOrder(db, row.conversation),
  ]);
  return { me, row, page, orderRows, paid };
}

/** Older messages (`before`) or only the new ones (`after`, for polling) of a conversation the user takes part in. */
export async function getMessagePage({
  db,
  actor,
  id,
  query,
}: {
  db: Db;
  actor: Actor;
  id: string;
  query: MessagePageQuery;
}) {
  const me = await participantFor(db, actor);
  const row = await conversationFor(db, me, id);
  const [page, paid] = await Promise.all([
    readMessages(db, row.conversation.id, query),
    hasPaidOrder(db, row.conversation),
  ]);
  return { me, row, page, paid };
}

/**
 * Marks the conversation read for the user's side up to `through` (what the reader was shown), or up
 * to the latest message. The update is conditional: with nothing newer than the mark it writes
 * nothing, so a reader may call it on every poll. Answers whether the mark moved.
 */
export async function markConversationRead({
  db,
  actor,
  id,
  through,
}: {
  db: Db;
  actor: Actor;
  id: string;
  through?: MessagePosition | undefined;
}) {
  const me = await participantFor(db, actor);
  const [c] = await db
    .select({ id: conversations.id, customerId: conversations.customerId, vendorId: conversations.vendorId })
    .from(conversations)
    .where(and(eq(conversations.id, id), conversationScope(me)))
    .limit(1);
  if (!c) throw notFound();
  const customer = participantIn(me, c) === 'customer';
  const readAt = customer ? conversations.customerReadAt : conversations.vendorReadAt;
  // A message's time, not now: the unread rule (last message newer than the mark) and this condition
  // then agree exactly, whatever the app and database clocks say.
  const upTo = through
    ? sql`least(${through.at}::timestamptz, ${conversations.lastMessageAt})`
    : sql`${conversations.lastMessageAt}`;
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(conversations)
      .set(customer ? { customerReadAt: upTo } : { vendorReadAt: upTo })
      .where(and(eq(conversations.id, c.id), or(isNull(readAt), sql`${readAt} < ${upTo}`)))
      .returning({ id: conversations.id });
    // The reader's other tabs and devices show the new Messages count.
    if (marked.length > 0) await announceUnread(tx, [actor.id]);
    return marked.length > 0;
  });
}

/**
 * Sends a message in a conversation the user takes part in, optionally about one of its orders, with
 * up to five images. The images are stored (checked by content) before the transaction, and only for
 * a participant; their rows go in with the message, and if the transaction fails the files are deleted.
 */
export async function sendMessage({
  db,
  actor,
  id,
  input,
  images,
  now: at = new Date(),
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: SendMessageValues;
  /** The server's clock (the message digest's timer goes by it). */
  now?: Date;
  /** The attached files and the store they go to. */
  images?: { store: ObjectStore; files: readonly File[] } | undefined;
}) {
  const me = await participantFor(db, actor);
  // Files are stored only for someone who takes part: anyone else gets the 404 of a missing conversation.
  if (images?.files.length) await conversationFor(db, me, id);
  const stored = images ? await storeMessageImages(images.store, id, images.files) : [];
  const sent = db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, id), conversationScope(me)))
      .for('update')
      .limit(1);
    if (!c) throw notFound();
    if (input.orderId) {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.id, input.orderId),
            eq(orders.customerId, c.customerId),
            eq(orders.vendorId, c.vendorId),
          ),
        )
        .limit(1);
      if (!order) throw AppError.validation({ orderId: 'This order is not part of this conversation.' });
    }
    // Strictly after the conversation's latest message, even from a server whose clock lags another's:
    // readers poll for what comes after the newest message they hold, and must never be passed by.
    const now = new Date(Math.max(at.getTime(), c.lastMessageAt.getTime() + 1));
    const [message] = await tx
      .insert(messages)
      .values({
        id: crypto.randomUUID(),
        conversationId: c.id,
        senderId: actor.id,
        orderId: input.orderId ?? null,
        body: input.body,
        createdAt: now,
      })
      .returning();
    if (stored.length > 0)
      await tx
        .insert(messageImages)
        .values(stored.map((image, position) => ({ messageId: message!.id, position, ...image })));
    const side = participantIn(me, c);
    await tx
      .update(conversations)
      .set({
        lastMessageAt: now,
        updatedAt: now,
        ...(side === 'customer' ? { customerReadAt: now } : { vendorReadAt: now }),
      })
      .where(eq(conversations.id, c.id));
    await publish(tx, {
      type: 'message.received',
      userIds: [c.customerId, await vendorOwnerId(tx, c.vendorId)],
      refs: {
        conversationId: c.id,
        messageId: message!.id,
        ...(input.orderId ? { orderId: input.orderId } : {}),
      },
      actorId: actor.id,
      now,
    });
    return message!;
  });
  return sent.catch(async (err: unknown) => {
    if (images) await deleteMessageImages(images.store, stored);
    throw err;
  });
}
