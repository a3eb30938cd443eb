import { and, eq, gte, lt, lte } from 'drizzle-orm';
import { blackoutDayProblem, type DayState } from '../../../shared/schemas/calendar.ts';
import { addCalendarDays, vancouverDay, vancouverMonth } from '../../../shared/time.ts';
import type { Db } from '../../db/client.ts';
import { orders, vendorBlackoutDates, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { ownVendor } from '../auth/index.ts';
import { dayBounds, dayState, takesADaySql } from './availability.ts';

type VendorRow = typeof vendors.$inferSelect;

/** One day of a month view; taken and note are the vendor's own business (the presenter decides). */
export interface MonthDay {
  day: string;
  state: DayState;
  taken: number;
  capacity: number;
  note: string | null;
}

export interface MonthView {
  vendor: VendorRow;
  month: string;
  today: string;
  own: boolean;
  days: MonthDay[];
}

/** Every day of 'YYYY-MM'. */
export function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let d = `${month}-01`; d.startsWith(month); d = addCalendarDays(d, 1)) days.push(d);
  return days;
}

/**
 * The month as the rule sees it: each day's state, the orders taken (not cancelled, by delivery day
 * in Vancouver) and the blackout notes. Two reads bounded by the vendor and the month.
 */
async function monthView(
  db: Db,
  vendor: VendorRow,
  month: string,
  now: Date,
  own: boolean,
): Promise<MonthView> {
  const days = daysOfMonth(month);
  const first = days[0]!;
  const last = days.at(-1)!;
  const [start] = dayBounds(first);
  const [, end] = dayBounds(last);
  const [deliveries, blackouts] = await Promise.all([
    db
      .select({ at: orders.deliveryDate })
      .from(orders)
      .where(
        and(
          eq(orders.vendorId, vendor.id),
          takesADaySql(orders.status),
          gte(orders.deliveryDate, start),
          lt(orders.deliveryDate, end),
        ),
      ),
    db
      .select({ day: vendorBlackoutDates.day, note: vendorBlackoutDates.note })
      .from(vendorBlackoutDates)
      .where(
        and(
          eq(vendorBlackoutDates.vendorId, vendor.id),
          gte(vendorBlackoutDates.day, first),
          lte(vendorBlackoutDates.day, last),
        ),
      ),
  ]);
  const taken = new Map<string, number>();
  for (const { at } of deliveries)
    if (at) taken.set(vancouverDay(at), (taken.get(vancouverDay(at)) ?? 0) + 1);
  const notes = new Map(blackouts.map((b) => [b.day, b.note]));
  const today = vancouverDay(now);
  return {
    vendor,
    month,
    today,
    own,
    days: days.map((day) => ({
      day,
      state: dayState({
        day,
        today,
        leadTimeDays: vendor.leadTimeDays,
        ordersPerDay: vendor.ordersPerDay,
        taken: taken.get(day) ?? 0,
        blackout: notes.has(day),
      }),
      taken: taken.get(day) ?? 0,
      capacity: vendor.ordersPerDay,
      note: notes.get(day) ?? null,
    })),
  };
}

/** The approved vendor business of the signed-in vendor account. */
async function ownApprovedVendor(db: Db, actor: Actor): Promise<VendorRow> {
  const vendor = await ownVendor({ db, actor });
  if (vendor.status !== 'approved')
    throw AppError.forbidden('Your vendor application must be approved before you can manage your calendar.');
  return vendor;
}

/** The signed-in vendor's month: states, orders taken against capacity, blackouts with their notes. */
export async function getOwnCalendar({
  db,
  actor,
  month,
  now,
}: {
  db: Db;
  actor: Actor;
  month?: string | undefined;
  now: Date;
}): Promise<MonthView> {
  const vendor = await ownApprovedVendor(db, actor);
  return monthView(db, vendor, month ?? vancouverMonth(now), now, true);
}

/**
 * A vendor's month for anyone: which days they can take. Unknown and unapproved vendors are 404; the
 * vendor themself (signed in) also gets the counts and notes.
 */
export async function getVendorAvailability({
  db,
  actor,
  vendorId,
  month,
  now,
}: {
  db: Db;
  actor: Actor | null;
  vendorId: string;
  month?: string | undefined;
  now: Date;
}): Promise<MonthView> {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  const own = actor !== null && vendor?.userId === actor.id;
  if (!vendor || (vendor.status !== 'approved' && !own)) throw AppError.notFound('Vendor not found.');
  return monthView(db, vendor, month ?? vancouverMonth(now), now, own);
}

/**
 * Blacks out a day (today to a year ahead) for the signed-in vendor. Idempotent: adding a day again
 * keeps one row and replaces its note. Orders already taken that day stay; no new ones are accepted.
 */
export async function addBlackout({
  db,
  actor,
  day,
  note,
  now,
}: {
  db: Db;
  actor: Actor;
  day: string;
  note?: string | undefined;
  now: Date;
}): Promise<{ day: string; note: string | null }> {
  const vendor = await ownApprovedVendor(db, actor);
  const problem = blackoutDayProblem(day, vancouverDay(now));
  if (problem) throw AppError.validation({ day: problem });
  const value = note?.trim() || null;
  // One statement: two adds of the same day at once leave one row, never a unique-violation 500.
  await db
    .insert(vendorBlackoutDates)
    .values({ vendorId: vendor.id, day, note: value, createdAt: now })
    .onConflictDoUpdate({
      target: [vendorBlackoutDates.vendorId, vendorBlackoutDates.day],
      set: { note: value },
    });
  return { day, note: value };
}

/** Removes a blackout of the signed-in vendor; removing a day that is not blacked out is a no-op. */
export async function removeBlackout({ db, actor, day }: { db: Db; actor: Actor; day: string }) {
  const vendor = await ownApprovedVendor(db, actor);
  await db
    .delete(vendorBlackoutDates)
    .where(and(eq(vendorBlackoutDates.vendorId, vendor.id), eq(vendorBlackoutDates.day, day)));
  return { day };
}
