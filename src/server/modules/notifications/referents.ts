import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  conversations,
  messageImages,
  messages,
  orders,
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
