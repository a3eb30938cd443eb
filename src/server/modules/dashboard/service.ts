import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  cakeDesigns,
  customerFavorites,
  orders,
  quoteRequests,
  quotes,
  reviews,
  users,
  vendors,
} from '../../db/schema/index.ts';
import { ownVendor } from '../auth/index.ts';
import { takesADaySql } from '../calendar/index.ts';
import { paidCentsByOrder } from '../ledger/index.ts';
import { balanceToPaySql } from '../payments/index.ts';
import { paymentConfirmingSql } from '../payments/index.ts';
import type { Actor } from '../../actor.ts';
import { QUOTE_TRANSITIONS } from '../../../shared/quote-machine.ts';
import {
  addCalendarDays,
  addMonths,
  TIME_ZONE,
  vancouverDay,
  vancouverDayStart,
  vancouverMonth,
} from '../../../shared/time.ts';

/**
 * The signed-in customer's own stats, orders (newest first) and designs. Never anyone else's. Total
 * Spent is what the ledger holds as paid for their orders, less the refunds those orders owe back:
 * an unpaid order counts nothing, a cancelled one only what it kept.
 */
export async function getCustomerDashboard({ db, actor }: { db: Db; actor: Actor }) {
  const mine = eq(orders.customerId, actor.id);
  const [allOrders, [designTotals], [favoriteTotals], orderRows, designRows] = await Promise.all([
    db.select({ id: orders.id }).from(orders).where(mine),
    db.select({ n: count() }).from(cakeDesigns).where(eq(cakeDesigns.customerId, actor.id)),
    db
      .select({ n: count() })
      .from(customerFavorites)
      .where(and(eq(customerFavorites.customerId, actor.id), isNotNull(customerFavorites.vendorId))),
    db
      .select({
        order: orders,
        vendor: vendors,
        design: cakeDesigns,
        reviewId: reviews.id,
        balanceToPay: balanceToPaySql(orders.id, orders.status),
        paymentConfirming: paymentConfirmingSql(orders.id),
      })
      .from(orders)
      .innerJoin(vendors, eq(vendors.id, orders.vendorId))
      .leftJoin(cakeDesigns, eq(cakeDesigns.id, orders.cakeDesignId))
      .leftJoin(reviews, eq(reviews.orderId, orders.id))
      .where(mine)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(50),
    db
      .select()
      .from(cakeDesigns)
      .where(eq(cakeDesigns.customerId, actor.id))
      .orderBy(desc(cakeDesigns.createdAt), desc(cakeDesigns.id))
      .limit(50),
  ]);
  const favoriteVendorRows = await db
    .select({ vendor: vendors })
    .from(customerFavorites)
    .innerJoin(vendors, eq(vendors.id, customerFavorites.vendorId))
    .where(and(eq(customerFavorites.customerId, actor.id), eq(vendors.status, 'approved')))
    .orderBy(desc(customerFavorites.createdAt))
    .limit(50);
  const paid = await paidCentsByOrder(
    db,
    allOrders.map((o) => o.id),
  );
  return {
    favoriteVendorRows,
    stats: {
      totalOrders: allOrders.length,
      designsCreated: designTotals?.n ?? 0,
      favoriteVendors: favoriteTotals?.n ?? 0,
      totalSpent: [...paid.values()].reduce((sum, cents) => sum + cents, 0),
    },
    orderRows,
    designRows,
  };
}

/**
 * The signed-in vendor's business: application state, order counts by status and revenue, the quotes
 * waiting for their answer and the orders due today. `now` decides "today" (a Vancouver day).
 */
export async function getVendorDashboard({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  now?: Date;
}) {
  const vendor = await ownVendor({ db, actor });
  const [statusRows, monthRows, openQuotes, todaysOrders] = await Promise.all([
    db
      .select({
        status: orders.status,
        n: count(),
        cents: sql<number>`coalesce(sum(${orders.amount}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(eq(orders.vendorId, vendor.id))
      .groupBy(orders.status),
    // Orders placed per month in Vancouver time, with the revenue of those that completed.
    db
      .select({
        month: sql<string>`to_char(date_trunc('month', ${orders.createdAt} AT TIME ZONE ${sql.raw(`'${TIME_ZONE}'`)}), 'YYYY-MM')`,
        n: count(),
        cents:
          sql<number>`coalesce(sum(${orders.amount}) filter (where ${orders.status} = 'completed'), 0)`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(
        and(
          eq(orders.vendorId, vendor.id),
          sql`${orders.createdAt} >= ${monthsAgoStart(ANALYTICS_MONTHS - 1, now)}`,
        ),
      )
      .groupBy(sql`1`),
    openQuoteRequests(db, vendor.id),
    ordersDueOn(db, vendor.id, vancouverDay(now)),
  ]);
  return { vendor, statusRows, months: fillMonths(monthRows, now), openQuotes, todaysOrders };
}

/** The overview lists this many open quote requests (the newest); the count covers them all. */
export const OVERVIEW_QUOTES = 5;
/** The overview lists at most this many of today's orders (the earliest due); the count covers them all. */
export const OVERVIEW_TODAYS_ORDERS = 20;

/** Quotes that wait for the vendor: the statuses the vendor answers from (quote-machine.ts). */
const AWAITING_VENDOR = QUOTE_TRANSITIONS.answer.from;

/** The vendor's quotes that wait for their answer, newest first, each with the total of them all. */
function openQuoteRequests(db: Db, vendorId: string) {
  return (
    db
      .select({
        id: quotes.id,
        requestId: quotes.requestId,
        status: quotes.status,
        createdAt: quotes.createdAt,
        eventDate: quoteRequests.eventDate,
        occasion: sql<string>`${quoteRequests.brief} ->> 'occasion'`,
        customer: { firstName: users.firstName, name: users.name },
        // Counted before LIMIT: the vendor sees how many wait, not just the five shown.
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(quotes)
      .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.requestId))
      .innerJoin(users, eq(users.id, quoteRequests.customerId))
      // quotes_vendor_created_idx: the vendor's quotes, newest first.
      .where(and(eq(quotes.vendorId, vendorId), inArray(quotes.status, AWAITING_VENDOR)))
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(OVERVIEW_QUOTES)
  );
}

/** The vendor's orders (not cancelled) to deliver on a Vancouver day ('YYYY-MM-DD'), earliest first. */
function ordersDueOn(db: Db, vendorId: string, day: string) {
  return db
    .select({
      order: {
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        deliveryDate: orders.deliveryDate,
        brief: orders.brief,
        designSnapshot: orders.designSnapshot,
      },
      customer: { firstName: users.firstName, lastName: users.lastName, name: users.name },
      occasion: cakeDesigns.occasion,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(cakeDesigns, eq(cakeDesigns.id, orders.cakeDesignId))
    .where(
      and(
        eq(orders.vendorId, vendorId),
        takesADaySql(orders.status),
        gte(orders.deliveryDate, vancouverDayStart(day)),
        lt(orders.deliveryDate, vancouverDayStart(addCalendarDays(day, 1))),
      ),
    )
    .orderBy(asc(orders.deliveryDate), asc(orders.id))
    .limit(OVERVIEW_TODAYS_ORDERS);
}

/** The analytics chart covers this many months, the current one included. */
export const ANALYTICS_MONTHS = 6;

/** A date safely before the first month of the window; months outside it are dropped by fillMonths. */
function monthsAgoStart(back: number, now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back - 1, 20));
}

/** Every month of the window, oldest first, with zeros where nothing was ordered. */
function fillMonths(rows: { month: string; n: number; cents: number }[], now: Date) {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const current = vancouverMonth(now);
  return Array.from({ length: ANALYTICS_MONTHS }, (_, i) => {
    const key = addMonths(current, i - (ANALYTICS_MONTHS - 1));
    const row = byMonth.get(key);
    return { month: key, orders: row?.n ?? 0, revenue: row?.cents ?? 0 };
  });
}
