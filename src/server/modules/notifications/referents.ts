import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { userEvents } from '../../db/schema/index.ts';
import { hasPaidOrder } from '../masking/index.ts';
import {
  claims,
  conversations,
  messageImages,
  messages,
  orders,
  payouts,
  quoteRequests,
  quotes,
  users,
  vendors,
} from '../../db/schema/index.ts';

/*
 * What a notification or an e-mail says of the things it refers to, loaded by id with both parties'
 * names: the notification list (presenter.ts) and the e-mails (email/) read the same rows.
 */

/** A column for a query over `messages`: how many images each message carries. */
const messageImageCount = sql<number>`(
  select count(*)::int from ${messageImages} where ${messageImages.messageId} = ${messages.id})`;

/** A person's name as displayName reads it. */
export const personColumns = { firstName: users.firstName, lastName: users.lastName, name: users.name };

/** Orders with their vendor's name and user and their customer's name. */
export function ordersWithParties(db: Db, ids: string[]) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      amount: orders.amount,
      customerId: orders.customerId,
      deliveryDate: orders.deliveryDate,
      brief: orders.brief,
      vendorName: vendors.businessName,
      vendorUserId: vendors.userId,
      customer: personColumns,
    })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(inArray(orders.id, ids));
}

/** Quotes with their request's brief, their vendor's name and their customer's name. */
export function quotesWithParties(db: Db, ids: string[]) {
  return db
    .select({
      id: quotes.id,
      status: quotes.status,
      requestId: quotes.requestId,
      orderId: quotes.orderId,
      priceCents: quotes.priceCents,
      deliveryFeeCents: quotes.deliveryFeeCents,
      vendorName: vendors.businessName,
      brief: quoteRequests.brief,
      customer: personColumns,
    })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
    .innerJoin(vendors, eq(vendors.id, quotes.vendorId))
    .innerJoin(users, eq(users.id, quoteRequests.customerId))
    .where(inArray(quotes.id, ids));
}

/** Messages with their conversation's parties, oldest first. */
export function messagesWithParties(db: Db, ids: string[]) {
  return db
    .select({
      id: messages.id,
      body: messages.body,
      imageCount: messageImageCount,
      senderId: messages.senderId,
      createdAt: messages.createdAt,
      conversationId: messages.conversationId,
      customerId: conversations.customerId,
      vendorId: conversations.vendorId,
      vendorName: vendors.businessName,
      customer: personColumns,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(vendors, eq(vendors.id, conversations.vendorId))
    .innerJoin(users, eq(users.id, conversations.customerId))
    .where(inArray(messages.id, ids))
    .orderBy(messages.createdAt, messages.id);
}

/** Everything the notifications of a page refer to, read in one query per kind. */
export async function loadReferents(db: Db, rows: (typeof userEvents.$inferSelect)[]) {
  const ids = (key: 'orderId' | 'quoteId' | 'messageId' | 'claimId' | 'payoutId' | 'vendorId') => [
    ...new Set(rows.map((r) => r.refs[key]).filter((v): v is string => typeof v === 'string')),
  ];
  const [orderIds, quoteIds, messageIds, claimIds, payoutIds, vendorIds] = [
    ids('orderId'),
    ids('quoteId'),
    ids('messageId'),
    ids('claimId'),
    ids('payoutId'),
    ids('vendorId'),
  ];
  const [orderRows, quoteRows, messageRows, claimRows, payoutRows, vendorRows] = await Promise.all([
    orderIds.length ? ordersWithParties(db, orderIds) : [],
    quoteIds.length ? quotesWithParties(db, quoteIds) : [],
    messageIds.length ? messagesWithParties(db, messageIds) : [],
    claimIds.length
      ? db
          .select({
            id: claims.id,
            description: claims.description,
            vendorResponse: claims.vendorResponse,
            outcome: claims.outcome,
            refundCents: claims.refundCents,
          })
          .from(claims)
          .where(inArray(claims.id, claimIds))
      : [],
    payoutIds.length
      ? db
          .select({ id: payouts.id, amount: payouts.amount })
          .from(payouts)
          .where(inArray(payouts.id, payoutIds))
      : [],
    vendorIds.length
      ? db
          .select({ id: vendors.id, businessName: vendors.businessName, reason: vendors.rejectionReason })
          .from(vendors)
          .where(inArray(vendors.id, vendorIds))
      : [],
  ]);
  // Contact details in a preview stay masked until the customer has paid the vendor (decision 009).
  const pairs = new Map(messageRows.map((m) => [`${m.customerId} ${m.vendorId}`, m]));
  const paid = new Map(
    await Promise.all([...pairs].map(async ([key, m]) => [key, await hasPaidOrder(db, m)] as const)),
  );
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  return {
    orders: byId(orderRows),
    quotes: byId(quoteRows),
    messages: byId(
      messageRows.map((m) => ({ ...m, paid: paid.get(`${m.customerId} ${m.vendorId}`) ?? false })),
    ),
    claims: byId(claimRows),
    payouts: byId(payoutRows),
    vendors: byId(vendorRows),
  };
}

export type Referents = Awaited<ReturnType<typeof loadReferents>>;
