import { percentOfCents } from './cancellation.ts';
import type { OrderStatus } from './order-status.ts';
import { addCalendarDays, daysBetween, HOUR_MS, TIME_ZONE, vancouverDay, vancouverDayStart } from './time.ts';

/**
 * Deposit now, balance later: how an order is paid. A vendor asks for a deposit (a percentage of the
 * order) and the balance some days before the event. An order for an event closer than that, or from
 * a vendor who asks for no deposit (0 %) or all of it (100 %), is paid in full at once.
 *
 * The balance is charged automatically on its due day (at 09:00 in Vancouver) to the card saved with
 * the deposit; a balance still unpaid 48 hours before the event cancels the order under the Terms.
 */

/** The hour of the due day at which the balance is charged (Vancouver time). */
export const BALANCE_CHARGE_HOUR = 9;
/** Hours before the event at which an unpaid balance cancels the order. */
export const BALANCE_DEADLINE_HOURS = 48;
/** The least time a customer has to pay from the link after a declined balance, before the deadline. */
export const PAY_FROM_LINK_HOURS = 24;

/**
 * Statuses in which an order still waits for its balance: paid (deposit taken) and not yet handed
 * over. The balance is charged, paid from the link or cancelled for only in these.
 */
export const AWAITING_BALANCE_STATUSES = [
  'paid',
  'confirmed',
  'in_progress',
  'ready',
] as const satisfies readonly OrderStatus[];

export const isAwaitingBalance = (status: string): boolean =>
  (AWAITING_BALANCE_STATUSES as readonly string[]).includes(status);

export const DEPOSIT_PERCENT_MAX = 100;
/** The balance is due at least this many days before the event (charge, then a day to pay, then 48 h). */
export const BALANCE_DUE_DAYS_MIN = 3;
export const BALANCE_DUE_DAYS_MAX = 90;

export type PaymentPlan =
  | { kind: 'full'; dueNowCents: number }
  | {
      kind: 'deposit';
      /** Charged when the quote is accepted (at checkout). */
      depositCents: number;
      /** Charged on the due day. */
      balanceCents: number;
      /** The Vancouver day the balance is due (YYYY-MM-DD). */
      balanceDueDay: string;
      /** When it is charged: 09:00 Vancouver on the due day. */
      balanceDueAt: Date;
    };

/**
 * The plan of an order of `amountCents` for an event at `eventAt`, accepted at `now`. A deposit is
 * taken only when the balance's due day is still ahead (strictly after today), and when its charge
 * leaves the customer a day to pay from the link before the deadline (48 hours before the event) after
 * a decline: otherwise the customer pays in full at once.
 */
export function paymentPlan(input: {
  amountCents: number;
  depositPercent: number;
  balanceDueDays: number;
  eventAt: Date;
  now: Date;
}): PaymentPlan {
  const { amountCents, depositPercent, balanceDueDays, eventAt, now } = input;
  const full = { kind: 'full', dueNowCents: amountCents } as const;
  if (depositPercent <= 0 || depositPercent >= 100 || amountCents < 2) return full;
  const eventDay = vancouverDay(eventAt);
  const balanceDueDay = addCalendarDays(eventDay, -balanceDueDays);
  if (daysBetween(vancouverDay(now), balanceDueDay) <= 0) return full;
  const balanceDueAt = vancouverWallClock(balanceDueDay, BALANCE_CHARGE_HOUR);
  if (balanceDeadline(eventAt).getTime() - balanceDueAt.getTime() < PAY_FROM_LINK_HOURS * HOUR_MS)
    return full;
  const depositCents = Math.min(Math.max(percentOfCents(amountCents, depositPercent), 1), amountCents - 1);
  return {
    kind: 'deposit',
    depositCents,
    balanceCents: amountCents - depositCents,
    balanceDueDay,
    balanceDueAt,
  };
}

/** `hour`:00 on the wall clock in Vancouver on `day`, also on a day the clocks change. */
function vancouverWallClock(day: string, hour: number): Date {
  const at = new Date(vancouverDayStart(day).getTime() + hour * HOUR_MS);
  const shown = Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(at),
  );
  return new Date(at.getTime() + (hour - shown) * HOUR_MS);
}

/** When an unpaid balance cancels the order: 48 hours before the event. */
export const balanceDeadline = (eventAt: Date) =>
  new Date(eventAt.getTime() - BALANCE_DEADLINE_HOURS * HOUR_MS);
