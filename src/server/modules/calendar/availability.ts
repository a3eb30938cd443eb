import { type AnyColumn, and, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import { ORDER_STATUSES_TAKING_A_DAY } from '../../../shared/order-machine.ts';
import type { DayState } from '../../../shared/schemas/calendar.ts';
import {
  addCalendarDays,
  daysBetween,
  formatDayKey,
  vancouverDay,
  vancouverDayStart,
} from '../../../shared/time.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orders, vendorBlackoutDates, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/*
 * The one home of "can this vendor take an order for this day?": the quote request, the acceptance,
 * the payment, the calendars and Browse's "available on" all follow dayState below.
 */

/** What the rule needs of a vendor. */
export interface VendorCapacity {
  id: string;
  businessName: string;
  leadTimeDays: number;
  ordersPerDay: number;
}

/** @deprecated Day arithmetic lives in time.ts: use `addCalendarDays` (kept for the tests that import it). */
export const dayPlus = addCalendarDays;

/** The instants of a Vancouver day: [start, start of the next day). 23, 24 or 25 hours. */
export const dayBounds = (day: string): [Date, Date] => [
  vancouverDayStart(day),
  vancouverDayStart(addCalendarDays(day, 1)),
];

const TAKING_A_DAY = sql.raw(ORDER_STATUSES_TAKING_A_DAY.map((s) => `'${s}'`).join(', '));

/**
 * SQL: the order whose status is `status` takes a day of its vendor's capacity (every order but a
 * cancelled one: ORDER_STATUSES_TAKING_A_DAY). For every count of orders against orders per day.
 */
export const takesADaySql = (status: SQL | AnyColumn) => sql<boolean>`${status} IN (${TAKING_A_DAY})`;

/**
 * The state of one day for a vendor, checked in order: a past day, a blackout, too little notice
 * (lead time), a full day (orders taking the day ≥ orders per day), else available.
 */
export function dayState(o: {
  day: string;
  today: string;
  leadTimeDays: number;
  ordersPerDay: number;
  taken: number;
  blackout: boolean;
  /** Payment of an order already accepted: its lead time was settled at acceptance. */
  skipLeadTime?: boolean;
}): DayState {
  const notice = daysBetween(o.today, o.day);
  if (notice < 0) return 'past';
  if (o.blackout) return 'blackout';
  if (!o.skipLeadTime && notice < o.leadTimeDays) return 'too-soon';
  if (o.taken >= o.ordersPerDay) return 'full';
  return 'available';
}

/** The customer-facing reason a vendor cannot take `day`, naming the vendor and the date. */
export function refusalMessage(
  state: Exclude<DayState, 'available'>,
  vendor: VendorCapacity,
  day: string,
  today: string,
) {
  const name = vendor.businessName;
  switch (state) {
    case 'past':
      return `${formatDayKey(day)} has passed. Choose another date.`;
    case 'blackout':
      return `${name} is not taking orders on ${formatDayKey(day)}. Choose another date or vendor.`;
    case 'too-soon': {
      const days = vendor.leadTimeDays === 1 ? '1 day' : `${vendor.leadTimeDays} days`;
      return `${name} needs ${days}’ notice: choose ${formatDayKey(addCalendarDays(today, vendor.leadTimeDays))} or later, or another vendor.`;
    }
    case 'full':
      return `${name} is fully booked on ${formatDayKey(day)}. Choose another date or vendor.`;
  }
}

/** Orders taking `day` (not cancelled) the vendor has for delivery then, leaving out `excludeOrderId`. */
export async function ordersOnDay(
  db: Db | Tx,
  { vendorId, day, excludeOrderId }: { vendorId: string; day: string; excludeOrderId?: string | undefined },
): Promise<number> {
  const [start, end] = dayBounds(day);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.vendorId, vendorId),
        takesADaySql(orders.status),
        gte(orders.deliveryDate, start),
        lt(orders.deliveryDate, end),
        excludeOrderId === undefined ? undefined : ne(orders.id, excludeOrderId),
      ),
    );
  return row?.n ?? 0;
}

export async function isBlackedOut(
  db: Db | Tx,
  { vendorId, day }: { vendorId: string; day: string },
): Promise<boolean> {
  const [row] = await db
    .select({ day: vendorBlackoutDates.day })
    .from(vendorBlackoutDates)
    .where(and(eq(vendorBlackoutDates.vendorId, vendorId), eq(vendorBlackoutDates.day, day)));
  return row !== undefined;
}

/**
 * Why a vendor cannot take an order for `eventDate`, or undefined when they can. With
 * `excludeOrderId` (paying that order), the order does not count against its own day and the lead
 * time is not checked again. Callers that must hold the answer until they write lock the vendor row
 * first (assertVendorCanTake does).
 */
export async function vendorAvailability(
  db: Db | Tx,
  {
    vendor,
    eventDate,
    now,
    excludeOrderId,
  }: { vendor: VendorCapacity; eventDate: string; now: Date; excludeOrderId?: string | undefined },
): Promise<string | undefined> {
  const today = vancouverDay(now);
  const state = dayState({
    day: eventDate,
    today,
    leadTimeDays: vendor.leadTimeDays,
    ordersPerDay: vendor.ordersPerDay,
    taken: await ordersOnDay(db, { vendorId: vendor.id, day: eventDate, excludeOrderId }),
    blackout: await isBlackedOut(db, { vendorId: vendor.id, day: eventDate }),
    skipLeadTime: excludeOrderId !== undefined,
  });
  return state === 'available' ? undefined : refusalMessage(state, vendor, eventDate, today);
}

/**
 * Inside the caller's transaction: locks the vendor's row (so every acceptance and payment for this
 * vendor serialises behind it until the transaction ends) and throws 409 with the reason when the
 * vendor cannot take an order for `eventDate` ('YYYY-MM-DD', Vancouver). At payment pass the order's
 * id as `excludeOrderId`: it does not count against itself, and its lead time is not checked again.
 * An unknown vendor is 404.
 */
export async function assertVendorCanTake(
  tx: Db | Tx,
  {
    vendorId,
    eventDate,
    now,
    excludeOrderId,
  }: { vendorId: string; eventDate: string; now: Date; excludeOrderId?: string | undefined },
): Promise<void> {
  const [vendor] = await tx
    .select({
      id: vendors.id,
      businessName: vendors.businessName,
      leadTimeDays: vendors.leadTimeDays,
      ordersPerDay: vendors.ordersPerDay,
    })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .for('update');
  if (!vendor) throw AppError.notFound();
  const refusal = await vendorAvailability(tx, { vendor, eventDate, now, excludeOrderId });
  if (refusal) throw new AppError('CONFLICT', 409, refusal);
}
