import { and, eq, gte, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  ledgerEntries,
  ledgerTransactions,
  orders,
  quotes,
  reviews,
  vendorBlackoutDates,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { takesADaySql } from '../calendar/index.ts';
import {
  accountId,
  GST_PAYABLE,
  PLATFORM_REVENUE,
  PST_PAYABLE,
  REFUNDS_PAYABLE,
  vendorPayable,
} from '../ledger/index.ts';
import { approvedVendorOf } from './policy.ts';
import { type DayRange, monthsOf, rangeProblems, resolveRange, weeksOf } from '../../../shared/analytics.ts';
import type { VendorAnalyticsQuery } from '../../../shared/schemas/analytics.ts';
import { addCalendarDays, TIME_ZONE, vancouverDay, vancouverDayStart } from '../../../shared/time.ts';

/*
 * The vendor Analytics tab. Every figure is one SQL aggregate over the vendor's own rows, read through
 * the indexes that start with vendor_id; nothing grows with other vendors' data. Definitions (the tab
 * states them too):
 *
 * - Quote requests received: the vendor's `quotes` rows created in the range. Answered: those with
 *   first_response_at set (a quote or a decline). Won: those accepted (status 'accepted', or an order
 *   made from them). Win rate = won ÷ answered, null when nothing was answered.
 * - Median response time: the median of first_response_at − created_at over the answered ones
 *   (percentile_cont, so an even count averages the middle two), in whole seconds.
 * - Revenue by month: the ledger's settlements of the vendor's orders (release, cancellation and
 *   claim_resolution transactions), by the Vancouver month they were posted. Gross is the order money
 *   settled (the debit of its held funds), split exactly into refunds, platform fees, the tax on the fees
 *   and net (what was credited to vendor_payable:{vendorId}): gross = refunds + fees + tax + net.
 * - Average order value: mean amount of the orders placed in the range that were paid (status neither
 *   pending nor cancelled), in cents rounded half up.
 * - Repeat customers: of the customers with a non-cancelled order placed in the range, those with two
 *   or more non-cancelled orders with this vendor placed up to the range's end (earlier ones count).
 * - Capacity used per week: for each Monday-to-Sunday Vancouver week, over its days inside the range,
 *   non-cancelled orders due (delivery_date) ÷ (orders_per_day × days not blacked out). Today's
 *   orders_per_day is used for the past too: the vendor's earlier settings are not kept.
 * - Rating trend: reviews written per Vancouver month, with their count and mean stars.
 */

const TZ = sql.raw(`'${TIME_ZONE}'`);
const SETTLEMENTS = ['release', 'cancellation', 'claim_resolution'] as const;
const UNPAID = ['pending', 'cancelled'];

/** The vendor's analytics over a range of Vancouver days (default: the last 12 months to `now`). */
export async function getVendorAnalytics({
  db,
  actor,
  query,
  now,
}: {
  db: Db;
  actor: Actor;
  query: VendorAnalyticsQuery;
  now: Date;
}) {
  const vendor = await approvedVendorOf({ db, actor });
  const range = resolveRange(query, vancouverDay(now));
  // Checked again here: a default end can make a range that the query alone did not show wrong.
  const problems = rangeProblems(range);
  if (problems) throw AppError.validation(problems);

  const start = vancouverDayStart(range.from);
  const end = vancouverDayStart(addCalendarDays(range.to, 1));
  const [quoteFigures, orderFigures, customerFigures, revenueRows, weekRows, blackouts, ratingRows] =
    await Promise.all([
      quoteTotals(db, vendor.id, start, end),
      orderTotals(db, vendor.id, start, end),
      repeatCustomers(db, vendor.id, start, end),
      revenueByMonth(db, vendor.id, start, end),
      ordersDueByWeek(db, vendor.id, start, end),
      db
        .select({ day: vendorBlackoutDates.day })
        .from(vendorBlackoutDates)
        .where(
          and(
            eq(vendorBlackoutDates.vendorId, vendor.id),
            gte(vendorBlackoutDates.day, range.from),
            lte(vendorBlackoutDates.day, range.to),
          ),
        ),
      ratingsByMonth(db, vendor.id, start, end),
    ]);

  return {
    range,
    quotes: quoteFigures,
    orders: { ...orderFigures, ...customerFigures },
    revenue: fillMonths(range, revenueRows, {
      grossCents: 0,
      refundsCents: 0,
      feesCents: 0,
      taxCents: 0,
      netCents: 0,
    }),
    capacity: capacityWeeks(
      range,
      vendor.ordersPerDay,
      weekRows,
      blackouts.map((b) => b.day),
    ),
    ratings: fillMonths(range, ratingRows, { reviews: 0, average: null as number | null }),
    reviewTotals: ratingTotals(ratingRows),
  };
}
export type VendorAnalyticsResult = Awaited<ReturnType<typeof getVendorAnalytics>>;

const num = (value: unknown) => Number(value ?? 0);

async function quoteTotals(db: Db, vendorId: string, start: Date, end: Date) {
  const answered = sql`${quotes.firstResponseAt} IS NOT NULL`;
  // quotes_vendor_created_idx
  const [row] = await db
    .select({
      received: sql<number>`count(*)`.mapWith(Number),
      answered: sql<number>`count(*) filter (where ${answered})`.mapWith(Number),
      won: sql<number>`count(*) filter (where ${quotes.status} = 'accepted' or ${quotes.orderId} is not null)`.mapWith(
        Number,
      ),
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${quotes.firstResponseAt} - ${quotes.createdAt})::float8) filter (where ${answered})`,
    })
    .from(quotes)
    .where(and(eq(quotes.vendorId, vendorId), gte(quotes.createdAt, start), lt(quotes.createdAt, end)));
  const received = row?.received ?? 0;
  const answeredCount = row?.answered ?? 0;
  const won = row?.won ?? 0;
  return {
    received,
    answered: answeredCount,
    won,
    winRate: answeredCount > 0 ? won / answeredCount : null,
    medianResponseSeconds: row?.median == null ? null : Math.round(Number(row.median)),
  };
}

async function orderTotals(db: Db, vendorId: string, start: Date, end: Date) {
  // orders_vendor_created_idx
  const [row] = await db
    .select({
      paid: sql<number>`count(*)`.mapWith(Number),
      // numeric avg is exact; round() on numeric rounds half away from zero, i.e. half up here.
      average: sql<string | null>`round(avg(${orders.amount}))`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.vendorId, vendorId),
        gte(orders.createdAt, start),
        lt(orders.createdAt, end),
        notInArray(orders.status, UNPAID),
      ),
    );
  return {
    paid: row?.paid ?? 0,
    averageOrderValueCents: row?.average == null ? null : Number(row.average),
  };
}

async function repeatCustomers(db: Db, vendorId: string, start: Date, end: Date) {
  // One pass over the vendor's orders up to the end of the range (orders_vendor_created_idx).
  const perCustomer = db
    .select({
      total: sql<number>`count(*)`.as('total'),
      inRange:
        sql<number>`count(*) filter (where ${orders.createdAt} >= ${start.toISOString()}::timestamptz)`.as(
          'in_range',
        ),
    })
    .from(orders)
    // Paid orders only (as "Orders" counts them): an accepted quote never paid makes nobody a customer.
    .where(and(eq(orders.vendorId, vendorId), notInArray(orders.status, UNPAID), lt(orders.createdAt, end)))
    .groupBy(orders.customerId)
    .as('per_customer');
  const [row] = await db
    .select({
      customers: sql<number>`count(*)`.mapWith(Number),
      repeat: sql<number>`count(*) filter (where ${perCustomer.total} >= 2)`.mapWith(Number),
    })
    .from(perCustomer)
    .where(sql`${perCustomer.inRange} > 0`);
  const customers = row?.customers ?? 0;
  const repeat = row?.repeat ?? 0;
  return { customers, repeatCustomers: repeat, repeatShare: customers > 0 ? repeat / customers : null };
}

async function revenueByMonth(db: Db, vendorId: string, start: Date, end: Date) {
  const month = sql<string>`to_char(${ledgerTransactions.createdAt} AT TIME ZONE ${TZ}, 'YYYY-MM')`;
  const creditTo = (account: string) =>
    sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.accountId} = ${account}), 0)`;
  // ledger_transactions_vendor_idx (vendor_id, created_at), then each one's entries.
  const rows = await db
    .select({
      month,
      gross: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)`,
      refunds: creditTo(accountId(REFUNDS_PAYABLE)),
      fees: creditTo(accountId(PLATFORM_REVENUE)),
      gst: creditTo(accountId(GST_PAYABLE)),
      pst: creditTo(accountId(PST_PAYABLE)),
      net: creditTo(accountId(vendorPayable(vendorId))),
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.vendorId, vendorId),
        inArray(ledgerTransactions.kind, [...SETTLEMENTS]),
        gte(ledgerTransactions.createdAt, start),
        lt(ledgerTransactions.createdAt, end),
      ),
    )
    .groupBy(month);
  return rows.map((r) => ({
    month: r.month,
    grossCents: num(r.gross),
    refundsCents: num(r.refunds),
    feesCents: num(r.fees),
    taxCents: num(r.gst) + num(r.pst),
    netCents: num(r.net),
  }));
}

async function ordersDueByWeek(db: Db, vendorId: string, start: Date, end: Date) {
  // PostgreSQL's weeks start on Monday, as ours do.
  const week = sql<string>`to_char(date_trunc('week', ${orders.deliveryDate} AT TIME ZONE ${TZ}), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ week, n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        eq(orders.vendorId, vendorId),
        takesADaySql(orders.status),
        gte(orders.deliveryDate, start),
        lt(orders.deliveryDate, end),
      ),
    )
    .groupBy(week);
  return new Map(rows.map((r) => [r.week, r.n]));
}

async function ratingsByMonth(db: Db, vendorId: string, start: Date, end: Date) {
  const month = sql<string>`to_char(${reviews.createdAt} AT TIME ZONE ${TZ}, 'YYYY-MM')`;
  // reviews_vendor_created_idx
  const rows = await db
    .select({
      month,
      reviews: sql<number>`count(*)`.mapWith(Number),
      stars: sql<number>`sum(${reviews.rating})`.mapWith(Number),
    })
    .from(reviews)
    .where(and(eq(reviews.vendorId, vendorId), gte(reviews.createdAt, start), lt(reviews.createdAt, end)))
    .groupBy(month);
  return rows.map((r) => ({
    month: r.month,
    reviews: r.reviews,
    stars: r.stars,
    average: mean(r.stars, r.reviews),
  }));
}

/** Mean stars to two decimals. */
const mean = (stars: number, count: number) => (count > 0 ? Math.round((stars * 100) / count) / 100 : null);

function ratingTotals(rows: { reviews: number; stars: number }[]) {
  const count = rows.reduce((t, r) => t + r.reviews, 0);
  return {
    count,
    average: mean(
      rows.reduce((t, r) => t + r.stars, 0),
      count,
    ),
  };
}

/** Every month of the range in order, each from its row or `zero`. */
function fillMonths<T extends object>(range: DayRange, rows: (T & { month: string })[], zero: T) {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return monthsOf(range).map((month) => ({ ...zero, ...byMonth.get(month), month }));
}

function capacityWeeks(range: DayRange, ordersPerDay: number, due: Map<string, number>, blackouts: string[]) {
  const blackoutDays = new Set(blackouts);
  return weeksOf(range).map((weekStart) => {
    let openDays = 0;
    for (let i = 0; i < 7; i++) {
      const day = addCalendarDays(weekStart, i);
      if (day >= range.from && day <= range.to && !blackoutDays.has(day)) openDays++;
    }
    const orderCount = due.get(weekStart) ?? 0;
    const capacity = ordersPerDay * openDays;
    return {
      weekStart,
      openDays,
      orders: orderCount,
      capacity,
      used: capacity > 0 ? orderCount / capacity : null,
    };
  });
}
