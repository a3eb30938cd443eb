import { describe, expect, it } from 'vitest';
import { balanceDeadline, paymentPlan } from './deposits.ts';
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
});
