import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cakeDesigns, customerFavorites, orders, reviews, users, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../auth/actor.ts';
import { addMonths, TIME_ZONE, vancouverMonth } from '../../../shared/time.ts';

/** The signed-in customer's own stats, orders (newest first) and designs. Never anyone else's. */
export async function getCustomerDashboard({ db, actor }: { db: Db; actor: Actor }) {
  const mine = eq(orders.customerId, actor.id);
  const [[orderTotals], [designTotals], [favoriteTotals], orderRows, designRows] = await Promise.all([
    db
      .select({
        n: count(),
        spentCents:
          sql<number>`coalesce(sum(${orders.amount}) filter (where ${orders.status} <> 'cancelled'), 0)`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(mine),
    db.select({ n: count() }).from(cakeDesigns).where(eq(cakeDesigns.customerId, actor.id)),
    db
      .select({ n: count() })
      .from(customerFavorites)
      .where(and(eq(customerFavorites.customerId, actor.id), isNotNull(customerFavorites.vendorId))),
    db
      .select({ order: orders, vendor: vendors, design: cakeDesigns, reviewId: reviews.id })
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
  return {
    favoriteVendorRows,
    stats: {
      totalOrders: orderTotals?.n ?? 0,
      designsCreated: designTotals?.n ?? 0,
      favoriteVendors: favoriteTotals?.n ?? 0,
      totalSpent: orderTotals?.spentCents ?? 0,
    },
    orderRows,
    designRows,
  };
}

/** The signed-in vendor's business: application state, order counts by status and revenue. */
export async function getVendorDashboard({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  now?: Date;
}) {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.userId, actor.id)).limit(1);
  if (!vendor) throw AppError.notFound('No vendor profile belongs to this account.');
  const [statusRows, monthRows, recent] = await Promise.all([
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
    db
      .select({
        order: orders,
        customer: { firstName: users.firstName, lastName: users.lastName, name: users.name },
        occasion: cakeDesigns.occasion,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .leftJoin(cakeDesigns, eq(cakeDesigns.id, orders.cakeDesignId))
      .where(eq(orders.vendorId, vendor.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(20),
  ]);
  return { vendor, statusRows, months: fillMonths(monthRows, now), recent };
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
