import { asc, desc, eq, getTableColumns, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cakeDesigns,
  claims,
  conversations,
  customerFavorites,
  designGenerations,
  emailPreferences,
  eventPlans,
  feeInvoices,
  messages,
  orderEvents,
  orders,
  payments,
  payouts,
  quoteEvents,
  quoteRequests,
  quotes,
  refunds,
  reviews,
  sessions,
  supportRequests,
  userEvents,
  users,
  vendorPackages,
  portfolioItems,
  vendors,
} from '../../db/schema/index.ts';

/** A table's columns without some of them (a select object). */
function without<T extends Record<string, unknown>, K extends keyof T>(columns: T, ...keys: K[]): Omit<T, K> {
  const copy = { ...columns };
  for (const key of keys) delete copy[key];
  return copy;
}

/**
 * Everything Frosted holds about one user, for the person themselves (GDPR/PIPEDA access, decision
 * 028). Only their own rows; of anybody else only the display name of the other party of an order or
 * a thread (a business name, or a customer's name), never an e-mail, a phone, an address or a third
 * person's anything. An order the user sold keeps what was sold, not the customer's address or brief.
 */
export async function collectUserData(db: Db, userId: string, now: Date) {
  const [profile] = await db
    .select(without(getTableColumns(users), 'isDemo', 'role', 'banned', 'banReason', 'banExpires'))
    .from(users)
    .where(eq(users.id, userId));
  const signIns = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
  const [vendor] = await db
    .select(without(getTableColumns(vendors), 'searchVector', 'isDemo'))
    .from(vendors)
    .where(eq(vendors.userId, userId));

  const asCustomer = await customerOrders(db, userId);
  const asVendor = vendor ? await vendorOrders(db, vendor.id) : [];
  const orderIds = [...asCustomer, ...asVendor].map((o) => o.id);
  const events = orderIds.length
    ? await db
        .select({
          orderId: orderEvents.orderId,
          seq: orderEvents.seq,
          action: orderEvents.action,
          fromStatus: orderEvents.fromStatus,
          toStatus: orderEvents.toStatus,
          party: orderEvents.party,
          note: orderEvents.note,
          byYou: eq(orderEvents.actorId, userId),
          createdAt: orderEvents.createdAt,
        })
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, orderIds))
        .orderBy(asc(orderEvents.orderId), asc(orderEvents.seq))
    : [];
  const customerOrderIds = asCustomer.map((o) => o.id);

  return {
    format: 'frosted-data-export/1' as const,
    exportedAt: now.toISOString(),
    profile,
    signInSessions: signIns,
    emailPreferences:
      (
        await db
          .select(without(getTableColumns(emailPreferences), 'userId'))
          .from(emailPreferences)
          .where(eq(emailPreferences.userId, userId))
      )[0] ?? null,
    vendor: vendor
      ? {
          profile: vendor,
          packages: await db.select().from(vendorPackages).where(eq(vendorPackages.vendorId, vendor.id)),
          portfolio: await db.select().from(portfolioItems).where(eq(portfolioItems.vendorId, vendor.id)),
          quotesGiven: await db
            .select({
              ...without(getTableColumns(quotes), 'vendorId'),
              category: quoteRequests.category,
              eventDate: quoteRequests.eventDate,
            })
            .from(quotes)
            .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
            .where(eq(quotes.vendorId, vendor.id)),
          payouts: await db.select().from(payouts).where(eq(payouts.vendorId, vendor.id)),
          feeInvoices: await db
            .select(without(getTableColumns(feeInvoices), 'vendorId'))
            .from(feeInvoices)
            .where(eq(feeInvoices.vendorId, vendor.id)),
          reviewsReceived: await db
            .select({
              id: reviews.id,
              orderId: reviews.orderId,
              reviewer: users.name,
              rating: reviews.rating,
              title: reviews.title,
              comment: reviews.comment,
              vendorReply: reviews.vendorReply,
              createdAt: reviews.createdAt,
            })
            .from(reviews)
            .innerJoin(users, eq(users.id, reviews.customerId))
            .where(eq(reviews.vendorId, vendor.id)),
        }
      : null,
    quoteRequests: await customerQuoteRequests(db, userId),
    orders: { asCustomer, asVendor, events },
    payments: customerOrderIds.length
      ? await db.select().from(payments).where(inArray(payments.orderId, customerOrderIds))
      : [],
    refunds: customerOrderIds.length
      ? await db.select().from(refunds).where(inArray(refunds.orderId, customerOrderIds))
      : [],
    claims: orderIds.length
      ? await db
          .select(without(getTableColumns(claims), 'adminNote'))
          .from(claims)
          .where(inArray(claims.orderId, orderIds))
      : [],
    reviewsWritten: await db
      .select({
        ...without(getTableColumns(reviews), 'customerId', 'isDemo', 'helpfulCount'),
        vendor: vendors.businessName,
      })
      .from(reviews)
      .innerJoin(vendors, eq(vendors.id, reviews.vendorId))
      .where(eq(reviews.customerId, userId)),
    messageThreads: await threads(db, userId, vendor?.id ?? null),
    designs: await db
      .select(without(getTableColumns(cakeDesigns), 'isDemo'))
      .from(cakeDesigns)
      .where(eq(cakeDesigns.customerId, userId)),
    designGenerations: await db
      .select({
        id: designGenerations.id,
        form: designGenerations.form,
        status: designGenerations.status,
        createdAt: designGenerations.createdAt,
      })
      .from(designGenerations)
      .where(eq(designGenerations.userId, userId)),
    favourites: await db
      .select({
        vendorId: customerFavorites.vendorId,
        cakeDesignId: customerFavorites.cakeDesignId,
        vendor: vendors.businessName,
        createdAt: customerFavorites.createdAt,
      })
      .from(customerFavorites)
      .leftJoin(vendors, eq(vendors.id, customerFavorites.vendorId))
      .where(eq(customerFavorites.customerId, userId)),
    notifications: await db
      .select({
        id: userEvents.id,
        type: userEvents.type,
        refs: userEvents.refs,
        createdAt: userEvents.createdAt,
        readAt: userEvents.readAt,
      })
      .from(userEvents)
      .where(eq(userEvents.userId, userId))
      .orderBy(desc(userEvents.id)),
    eventPlans: await db
      .select(without(getTableColumns(eventPlans), 'isDemo', 'customerId'))
      .from(eventPlans)
      .where(eq(eventPlans.customerId, userId)),
    supportRequests: await db
      .select({
        subject: supportRequests.subject,
        message: supportRequests.message,
        status: supportRequests.status,
        createdAt: supportRequests.createdAt,
      })
      .from(supportRequests)
      .where(eq(supportRequests.userId, userId)),
  };
}

/** The customer's orders, with the vendor's business name (their display name) only. */
function customerOrders(db: Db, userId: string) {
  return db
    .select({ ...without(getTableColumns(orders), 'isDemo', 'customerId'), vendor: vendors.businessName })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(eq(orders.customerId, userId))
    .orderBy(desc(orders.createdAt));
}

/** The vendor's orders: what was sold, when and for how much, and the customer's display name. */
function vendorOrders(db: Db, vendorId: string) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customer: users.name,
      status: orders.status,
      amount: orders.amount,
      serviceFeeBps: orders.serviceFeeBps,
      depositCents: orders.depositCents,
      deliveryDate: orders.deliveryDate,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(eq(orders.vendorId, vendorId))
    .orderBy(desc(orders.createdAt));
}

/** The customer's quote requests, each vendor's answers (by business name) and their history. */
async function customerQuoteRequests(db: Db, userId: string) {
  const requests = await db
    .select(without(getTableColumns(quoteRequests), 'customerId'))
    .from(quoteRequests)
    .where(eq(quoteRequests.customerId, userId));
  if (requests.length === 0) return [];
  const answers = await db
    .select({ ...without(getTableColumns(quotes), 'vendorId'), vendor: vendors.businessName })
    .from(quotes)
    .innerJoin(vendors, eq(vendors.id, quotes.vendorId))
    .where(
      inArray(
        quotes.requestId,
        requests.map((r) => r.id),
      ),
    );
  const history = answers.length
    ? await db
        .select(without(getTableColumns(quoteEvents), 'actorId'))
        .from(quoteEvents)
        .where(
          inArray(
            quoteEvents.quoteId,
            answers.map((a) => a.id),
          ),
        )
        .orderBy(asc(quoteEvents.quoteId), asc(quoteEvents.seq))
    : [];
  return requests.map((r) => ({
    ...r,
    quotes: answers
      .filter((a) => a.requestId === r.id)
      .map((a) => ({ ...a, history: history.filter((h) => h.quoteId === a.id) })),
  }));
}

/** The user's threads (as the customer or as the vendor) with every message, senders by display name. */
async function threads(db: Db, userId: string, vendorId: string | null) {
  const mine = await db
    .select({
      id: conversations.id,
      customerId: conversations.customerId,
      customer: users.name,
      vendor: vendors.businessName,
      vendorOwnerId: vendors.userId,
      createdAt: conversations.createdAt,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.customerId))
    .innerJoin(vendors, eq(vendors.id, conversations.vendorId))
    .where(
      vendorId
        ? or(eq(conversations.customerId, userId), eq(conversations.vendorId, vendorId))
        : eq(conversations.customerId, userId),
    );
  if (mine.length === 0) return [];
  const rows = await db
    .select({
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      orderId: messages.orderId,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(
      inArray(
        messages.conversationId,
        mine.map((t) => t.id),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return mine.map((t) => {
    const youAreCustomer = t.customerId === userId;
    const other = youAreCustomer ? t.vendor : t.customer;
    const names = new Map([
      [t.customerId, youAreCustomer ? 'You' : t.customer],
      [t.vendorOwnerId, youAreCustomer ? t.vendor : 'You'],
    ]);
    return {
      id: t.id,
      with: other,
      createdAt: t.createdAt,
      messages: rows
        .filter((m) => m.conversationId === t.id)
        .map((m) => ({
          from: names.get(m.senderId) ?? other,
          orderId: m.orderId,
          body: m.body,
          createdAt: m.createdAt,
        })),
    };
  });
}

export type UserDataExport = Awaited<ReturnType<typeof collectUserData>>;
