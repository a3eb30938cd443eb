import { describe, expect, it } from 'vitest';
import {
  AWAITING_BALANCE_STATUSES,
  BALANCE_DUE_DAYS_MIN,
  balanceDeadline,
  isAwaitingBalance,
  paymentPlan,
} from './deposits.ts';
import { vendorProfileInputSchema } from './schemas/vendor-profile.ts';
import { HOUR_MS, vancouverDayStart } from './time.ts';

const now = new Date('2026-11-25T20:00:00Z'); // Nov 25, 12:00 in Vancouver
/** An event at 3 p.m. in Vancouver on `day`. */
const at = (day: string) => new Date(vancouverDayStart(day).getTime() + 15 * HOUR_MS);

describe('payment plan', () => {
  it('takes the deposit now and the balance at 09:00 Vancouver on the due day', () => {
    const plan = paymentPlan({
      amountCents: 45_001,
      depositPercent: 50,
      balanceDueDays: 14,
      eventAt: at('2026-12-25'),
      now,
    });
    expect(plan).toEqual({
      kind: 'deposit',
      depositCents: 22_501,
      balanceCents: 22_500,
      balanceDueDay: '2026-12-11',
      balanceDueAt: new Date(vancouverDayStart('2026-12-11').getTime() + 9 * HOUR_MS),
    });
  });

  it('is paid in full when the due day is today or past, or the vendor asks 0 % or 100 %', () => {
    const base = { amountCents: 10_000, balanceDueDays: 14, now };
    expect(paymentPlan({ ...base, depositPercent: 50, eventAt: at('2026-12-09') }).kind).toBe('full');
    expect(paymentPlan({ ...base, depositPercent: 50, eventAt: at('2026-12-10') }).kind).toBe('deposit');
    expect(paymentPlan({ ...base, depositPercent: 0, eventAt: at('2027-06-01') })).toEqual({
      kind: 'full',
      dueNowCents: 10_000,
    });
    expect(paymentPlan({ ...base, depositPercent: 100, eventAt: at('2027-06-01') }).kind).toBe('full');
  });

  it('always leaves a cent on each side and sums to the amount exactly', () => {
    for (const amountCents of [2, 3, 99, 101, 12_345, 999_999]) {
      for (const depositPercent of [1, 10, 33, 50, 67, 99]) {
        const plan = paymentPlan({
          amountCents,
          depositPercent,
          balanceDueDays: 7,
          eventAt: at('2027-01-30'),
          now,
        });
        if (plan.kind !== 'deposit') throw new Error('expected a deposit');
        expect(plan.depositCents).toBeGreaterThan(0);
        expect(plan.balanceCents).toBeGreaterThan(0);
        expect(plan.depositCents + plan.balanceCents).toBe(amountCents);
      }
    }
  });

  it('charges at 09:00 on the wall clock in Vancouver, whatever the offset that day', () => {
    const plan = paymentPlan({
      amountCents: 10_000,
      depositPercent: 25,
      balanceDueDays: 3,
      eventAt: at('2027-03-17'),
      now,
    });
    expect(plan).toMatchObject({ balanceDueDay: '2027-03-14' });
    if (plan.kind !== 'deposit') throw new Error('expected a deposit');
    const wallClock = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Vancouver',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(plan.balanceDueAt);
    expect(wallClock).toBe('09:00');
  });

  it('is paid in full when a declined balance would leave less than a day to pay before the deadline', () => {
    const base = { amountCents: 10_000, depositPercent: 50, balanceDueDays: 3, now };
    // Charged Dec 22 at 09:00; the deadline is 48 hours before the event.
    const eventAt = (minutes: number) =>
      new Date(vancouverDayStart('2026-12-25').getTime() + minutes * 60_000);
    expect(paymentPlan({ ...base, eventAt: eventAt(9 * 60) }).kind).toBe('deposit'); // 24 h to pay
    expect(paymentPlan({ ...base, eventAt: eventAt(9 * 60 - 1) }).kind).toBe('full');
    expect(paymentPlan({ ...base, balanceDueDays: 4, eventAt: eventAt(8 * 60) }).kind).toBe('deposit');
  });

  it('cancels an unpaid balance 48 hours before the event', () => {
    expect(balanceDeadline(new Date('2026-12-25T22:00:00Z'))).toEqual(new Date('2026-12-23T22:00:00Z'));
  });

  it('is paid in full for an order of one cent: there is no cent to leave on each side', () => {
    const base = { depositPercent: 50, balanceDueDays: 14, eventAt: at('2027-06-01'), now };
    expect(paymentPlan({ ...base, amountCents: 1 })).toEqual({ kind: 'full', dueNowCents: 1 });
    expect(paymentPlan({ ...base, amountCents: 2 })).toMatchObject({ depositCents: 1, balanceCents: 1 });
  });

  it('lets a vendor ask for the balance no sooner than 3 days before: the charge, a day to pay, then 48 h', () => {
    const days = vendorProfileInputSchema.shape.balanceDueDays;
    expect(days.safeParse(3).success).toBe(true);
    expect(days.safeParse(2).error?.issues[0]?.message).toBe('Enter 3 to 90 days before the event.');
    // At the shortest schedule, an event at 09:00 on Dec 25 has its balance charged at 09:00 on Dec 22:
    // 24 hours to pay from the link before the deadline at 09:00 on Dec 23.
    const plan = paymentPlan({
      amountCents: 10_000,
      depositPercent: 50,
      balanceDueDays: BALANCE_DUE_DAYS_MIN,
      eventAt: new Date(vancouverDayStart('2026-12-25').getTime() + 9 * HOUR_MS),
      now,
    });
    expect(plan).toMatchObject({
      kind: 'deposit',
      balanceDueDay: '2026-12-22',
      balanceDueAt: new Date('2026-12-22T16:00:00Z'),
    });
  });

  it('charges at 09:00 on the days the clocks changed in Vancouver', () => {
    const plan = (eventDay: string) =>
      paymentPlan({
        amountCents: 10_000,
        depositPercent: 50,
        balanceDueDays: 3,
        eventAt: at(eventDay),
        now: new Date('2025-10-01T19:00:00Z'),
      });
    // Fall back, Nov 2, 2025: 09:00 PST is 17:00 UTC.
    expect(plan('2025-11-05')).toMatchObject({
      balanceDueDay: '2025-11-02',
      balanceDueAt: new Date('2025-11-02T17:00:00Z'),
    });
    // Spring forward, Mar 8, 2026 (B.C.'s last change): 09:00 PDT is 16:00 UTC.
    expect(plan('2026-03-11')).toMatchObject({
      balanceDueDay: '2026-03-08',
      balanceDueAt: new Date('2026-03-08T16:00:00Z'),
    });
  });
});

describe('orders awaiting their balance', () => {
  it('are the paid ones not yet handed over: paid, confirmed, in progress and ready', () => {
    expect(AWAITING_BALANCE_STATUSES).toEqual(['paid', 'confirmed', 'in_progress', 'ready']);
    for (const status of ['paid', 'confirmed', 'in_progress', 'ready'])
      expect(isAwaitingBalance(status)).toBe(true);
  });

  it('are not the unpaid (pending), delivered, completed or cancelled ones', () => {
    for (const status of ['pending', 'delivered', 'completed', 'cancelled'])
      expect(isAwaitingBalance(status), status).toBe(false);
  });
});
