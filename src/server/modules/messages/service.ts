import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { isPaidStatus } from '../../../shared/order-status.ts';
import type { SendMessageValues } from '../../../shared/schemas/messages.ts';
import type { Db } from '../../db/client.ts';
import { conversations, messages, orders, users, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../auth/actor.ts';
import { conversationScope, type Participant, participantIn } from './policy.ts';

const notFound = () => AppError.notFound('Conversation not found');

/** The vendor profile of a vendor account, if any: vendors take part as their business. */
async function vendorIdOf(db: Db, actor: Actor): Promise<string | null> {
  if (actor.userType !== 'vendor') return null;
  const [row] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(eq(vendors.userId, actor.id))
    .limit(1);
  return row?.id ?? null;
}

export async function participantFor(db: Db, actor: Actor): Promise<Participant> {
  return { userId: actor.id, vendorId: await vendorIdOf(db, actor) };
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
  const [created] = await db
    .insert(conversations)
    .values({ id: crypto.randomUUID(), customerId: actor.id, vendorId: vendor.id })
    .onConflictDoNothing({ target: [conversations.customerId, conversations.vendorId] })
    .returning({ id: conversations.id });
  if (created) return created.id;
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.customerId, actor.id), eq(conversations.vendorId, vendor.id)))
    .limit(1);
  return existing!.id;
}

const summaryColumns = {
  conversation: conversations,
  vendorName: vendors.businessName,
  customer: { firstName: users.firstName, lastName: users.lastName, name: users.name },
  last: sql<{ body: string; senderId: string; createdAt: string } | null>`(
    select json_build_object('body', m.body, 'senderId', m.sender_id, 'createdAt', m.created_at)
    from ${messages} m where m.conversation_id = ${conversations.id}
    order by m.created_at desc, m.id desc limit 1)`,
};

/** The signed-in user's conversations, most recent first: as a customer and, for vendors, as the business. */
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
  return { me, rows };
}

/** One conversation with its messages, if the user takes part; reading it marks it read for them. */
export async function getConversation({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  const me = await participantFor(db, actor);
  const [row] = await db
    .select(summaryColumns)
    .from(conversations)
    .innerJoin(vendors, eq(vendors.id, conversations.vendorId))
    .innerJoin(users, eq(users.id, conversations.customerId))
    .where(and(eq(conversations.id, id), conversationScope(me)))
    .limit(1);
  if (!row) throw notFound();
  const c = row.conversation;
  const [messageRows, orderRows] = await Promise.all([
    db
      .select({ message: messages, orderNumber: orders.orderNumber })
      .from(messages)
      .leftJoin(orders, eq(orders.id, messages.orderId))
      .where(eq(messages.conversationId, c.id))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(500),
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status })
      .from(orders)
      .where(and(eq(orders.customerId, c.customerId), eq(orders.vendorId, c.vendorId)))
      .orderBy(desc(orders.createdAt)),
  ]);
  const now = new Date();
  const side = participantIn(me, c);
  await db
    .update(conversations)
    .set(side === 'customer' ? { customerReadAt: now } : { vendorReadAt: now })
    .where(eq(conversations.id, c.id));
  return {
    me,
    row: {
      ...row,
      conversation: { ...c, ...(side === 'customer' ? { customerReadAt: now } : { vendorReadAt: now }) },
    },
    messageRows,
    orderRows,
    paid: orderRows.some((o) => isPaidStatus(o.status)),
  };
}

/** Sends a message in a conversation the user takes part in, optionally about one of its orders. */
export async function sendMessage({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: SendMessageValues;
}) {
  const me = await participantFor(db, actor);
  return db.transaction(async (tx) => {
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
    const now = new Date();
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
    const side = participantIn(me, c);
    await tx
      .update(conversations)
      .set({
        lastMessageAt: now,
        updatedAt: now,
        ...(side === 'customer' ? { customerReadAt: now } : { vendorReadAt: now }),
      })
      .where(eq(conversations.id, c.id));
    return message!;
  });
}
