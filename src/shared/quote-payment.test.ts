import { describe, expect, it } from 'vitest';
import { briefEventAt, quotePayment } from './quote-payment.ts';
import { HOUR_MS, MINUTE_MS, vancouverDay, vancouverDayStart } from './time.ts';

const now = new Date('2026-11-25T20:00:00Z'); // Nov 25, 12:00 in Vancouver

describe('briefEventAt', () => {
  it('is the event’s time on its day in Vancouver', () => {
    expect(briefEventAt({ eventDate: '2026-12-25', eventTime: '15:30' })).toEqual(
      new Date(vancouverDayStart('2026-12-25').getTime() + 15 * HOUR_MS + 30 * MINUTE_MS),
    );
    expect(vancouverDay(briefEventAt({ eventDate: '2026-12-25', eventTime: '23:59' }))).toBe('2026-12-25');
  });
});

describe('quotePayment', () => {
  const brief = { eventDate: '2026-12-25', eventTime: '15:00' };

  it('is the deposit now and the balance on its due day, as the order will be', () => {
    expect(quotePayment({ totalCents: 19_000, depositPercent: 30, balanceDueDays: 14, brief, now })).toEqual({
      kind: 'deposit',
      depositCents: 5_700,
      balanceCents: 13_300,
      balanceDueDay: '2026-12-11',
    });
  });

  it('is the whole total now without a deposit, or when the event is too close for one', () => {
    expect(quotePayment({ totalCents: 19_000, depositPercent: 0, balanceDueDays: 14, brief, now })).toEqual({
      kind: 'full',
      dueNowCents: 19_000,
    });
    expect(
      quotePayment({
        totalCents: 19_000,
        depositPercent: 30,
        balanceDueDays: 14,
        brief: { eventDate: '2026-12-05', eventTime: '15:00' },
        now,
      }),
    ).toEqual({ kind: 'full', dueNowCents: 19_000 });
  });

  it('is null for a quote without a price', () => {
    expect(quotePayment({ totalCents: null, depositPercent: 30, balanceDueDays: 14, brief, now })).toBeNull();
  });
});
