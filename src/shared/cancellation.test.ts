import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxOnFeeCents } from './tax.ts';
import {
  canCancelAt,
  cancellationBand,
  cancellationInputOf,
  cancellationSplit,
  percentOfCents,
} from './cancellation.ts';

const HOUR = 3_600_000;
const SECOND = 1_000;
const deliveryAt = new Date('2026-12-24T18:00:00Z');
const before = (ms: number) => new Date(deliveryAt.getTime() - ms);
const split = (
  amountCents: number,
  vendorRefundPercent: number,
  at: Date,
  by: 'customer' | 'vendor' = 'customer',
) =>
  cancellationSplit({
    amountCents,
    deliveryAt,
    cancelledAt: at,
    by,
    vendorRefundPercent,
    serviceFeeRate: 0.08,
  });

describe('the Terms windows, at each boundary', () => {
  it('48 h before is still a full refund; a second later the vendor policy applies', () => {
    expect(cancellationBand(deliveryAt, before(48 * HOUR))).toBe('full');
    expect(cancellationBand(deliveryAt, before(48 * HOUR - SECOND))).toBe('vendor-policy');
    expect(cancellationBand(deliveryAt, before(24 * HOUR))).toBe('vendor-policy');
    expect(cancellationBand(deliveryAt, before(24 * HOUR - SECOND))).toBe('late');
    expect(cancellationBand(deliveryAt, before(SECOND))).toBe('late');
    expect(cancellationBand(deliveryAt, deliveryAt)).toBeUndefined();
    expect(cancellationBand(deliveryAt, before(-HOUR))).toBeUndefined();
  });
});

describe('exact cents, with an amount that does not divide evenly ($100.01) and an 8% fee', () => {
  it.each([
    // percent, time before delivery, refund, vendor, platform (service fee + late fee kept)
    [50, 48 * HOUR, 10_001, 0, 0],
    [50, 48 * HOUR - SECOND, 5_001, 4_600, 400], // 5,000.5 → 5,001 half up; 8% of 5,000
    [50, 24 * HOUR, 5_001, 4_600, 400],
    [50, 24 * HOUR - SECOND, 4_201, 4_600, 1_200], // less the late fee: 8% of 10,001 = 800
    [0, 48 * HOUR, 10_001, 0, 0],
    [0, 48 * HOUR - SECOND, 0, 9_201, 800],
    [0, 24 * HOUR, 0, 9_201, 800],
    [0, 24 * HOUR - SECOND, 0, 9_201, 800], // nothing to take the late fee from
    [100, 48 * HOUR - SECOND, 10_001, 0, 0],
    [100, 24 * HOUR, 10_001, 0, 0],
    [100, 24 * HOUR - SECOND, 9_201, 0, 800],
  ])('%i%% at %i ms before', (percent, ms, refund, vendor, platform) => {
    const s = split(10_001, percent, before(ms));
    expect(s).toMatchObject({ refundCents: refund, vendorCents: vendor, platformCents: platform });
    expect(s!.refundCents + s!.vendorCents + s!.platformCents).toBe(10_001);
  });

  it('the late fee never takes the refund below zero', () => {
    // 5% of $9.99 is 50 cents; the late fee (8% of 999 = 80) can only take those 50.
    expect(split(999, 5, before(HOUR))).toEqual({
      band: 'late',
      refundCents: 0,
      lateFeeCents: 50,
      serviceFeeCents: 76, // 8% of the vendor's 949
      platformCents: 126,
      vendorCents: 873,
      gstCents: 0,
      pstCents: 0,
      taxCents: 0,
    });
  });

  it('a vendor who cancels refunds everything, even an hour before', () => {
    expect(split(10_001, 0, before(HOUR), 'vendor')).toMatchObject({
      band: 'vendor-cancelled',
      refundCents: 10_001,
      vendorCents: 0,
      platformCents: 0,
    });
  });

  it('at or after delivery there is no cancellation (a claim instead)', () => {
    expect(split(10_001, 50, deliveryAt)).toBeUndefined();
    expect(split(10_001, 50, before(-SECOND), 'vendor')).toBeUndefined();
  });

  it('a vendor cancelling at the exact delivery instant refunds nothing by the cancellation rules', () => {
    // One millisecond before delivery the vendor's cancellation is still a full refund …
    expect(split(10_001, 0, before(1), 'vendor')).toMatchObject({
      band: 'vendor-cancelled',
      refundCents: 10_001,
    });
    // … at the delivery time itself it is no longer a cancellation at all.
    expect(split(10_001, 0, deliveryAt, 'vendor')).toBeUndefined();
    expect(canCancelAt(deliveryAt, before(1))).toBe(true);
    expect(canCancelAt(deliveryAt, deliveryAt)).toBe(false);
  });

  it('rounds half up, once, in integer arithmetic', () => {
    expect(percentOfCents(1, 50)).toBe(1); // 0.5
    expect(percentOfCents(3, 50)).toBe(2); // 1.5
    expect(percentOfCents(10_001, 33)).toBe(3_300); // 3,300.33
    expect(() => percentOfCents(10.5, 50)).toThrow(RangeError);
    expect(() => percentOfCents(100, 101)).toThrow(RangeError);
  });

  it('refuses negative or fractional amounts and percentages outside whole 0 to 100', () => {
    expect(percentOfCents(0, 100)).toBe(0);
    expect(percentOfCents(10_001, 0)).toBe(0);
    expect(percentOfCents(10_001, 100)).toBe(10_001);
    expect(() => percentOfCents(-1, 50)).toThrow(
      new RangeError('amount must be a non-negative integer of cents, got -1'),
    );
    expect(() => percentOfCents(2 ** 53, 50)).toThrow(RangeError);
    expect(() => percentOfCents(100, -1)).toThrow(
      new RangeError('percent must be an integer from 0 to 100, got -1'),
    );
    expect(() => percentOfCents(100, 50.5)).toThrow(
      new RangeError('percent must be an integer from 0 to 100, got 50.5'),
    );
  });
});

describe('for any amount, percentage, rate and time', () => {
  it('refund + vendor + platform is the amount, none negative, and an earlier cancellation never refunds less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 5_000 }).map((bps) => bps / 10_000),
        fc.integer({ min: 1, max: 96 * HOUR }),
        fc.integer({ min: 1, max: 96 * HOUR }),
        fc.integer({ min: 0, max: 1_500 }),
        fc.integer({ min: 0, max: 1_000 }),
        (amountCents, vendorRefundPercent, serviceFeeRate, a, b, gstBps, pstBps) => {
          const at = (ms: number) =>
            cancellationSplit({
              amountCents,
              deliveryAt,
              cancelledAt: before(ms),
              by: 'customer',
              vendorRefundPercent,
              serviceFeeRate,
              gstBps,
              pstBps,
            })!;
          for (const s of [at(a), at(b)]) {
            expect(s.refundCents + s.vendorCents + s.platformCents + s.taxCents).toBe(amountCents);
            expect(s.taxCents).toBe(s.gstCents + s.pstCents);
            expect(s.gstCents).toBe(taxOnFeeCents(s.serviceFeeCents, gstBps));
            expect(s.pstCents).toBe(taxOnFeeCents(s.serviceFeeCents, pstBps));
            expect(
              Math.min(s.refundCents, s.vendorCents, s.platformCents, s.lateFeeCents),
            ).toBeGreaterThanOrEqual(0);
            expect(s.platformCents).toBe(s.serviceFeeCents + s.lateFeeCents);
          }
          const [earlier, later] = a > b ? [at(a), at(b)] : [at(b), at(a)];
          expect(earlier.refundCents).toBeGreaterThanOrEqual(later.refundCents);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('what the Terms read of an order', () => {
  const order = {
    heldCents: 50_500,
    deliveryDate: '2026-12-24T18:00:00.000Z',
    terms: { refundPercent: 50, serviceFeeBps: 800 },
  };
  const at = new Date('2026-12-23T06:00:00Z');

  it('a $505.00 order held, 50% refund, 8% fee, delivery Dec 24 18:00 UTC: the same input from a row or a detail', () => {
    const expected = {
      amountCents: 50_500,
      deliveryAt: new Date('2026-12-24T18:00:00Z'),
      cancelledAt: at,
      by: 'customer',
      vendorRefundPercent: 50,
      serviceFeeRate: 0.08,
      gstBps: 0,
      pstBps: 0,
    };
    expect(cancellationInputOf(order, { by: 'customer', at })).toEqual(expected);
    expect(
      cancellationInputOf(
        { ...order, deliveryDate: new Date('2026-12-24T18:00:00Z') },
        { by: 'customer', at },
      ),
    ).toEqual(expected);
  });

  it('36 hours before delivery that order refunds $252.50, and in full when the vendor cancels', () => {
    expect(cancellationSplit(cancellationInputOf(order, { by: 'customer', at }))).toMatchObject({
      band: 'vendor-policy',
      refundCents: 25_250,
      vendorCents: 23_230,
      platformCents: 2_020,
    });
    expect(cancellationSplit(cancellationInputOf(order, { by: 'vendor', at }))).toMatchObject({
      band: 'vendor-cancelled',
      refundCents: 50_500,
    });
  });

  it('an order without a delivery time is taken as delivered in 365 days: a full refund', () => {
    const input = cancellationInputOf({ ...order, deliveryDate: null }, { by: 'customer', at });
    expect(input.deliveryAt).toEqual(new Date('2027-12-23T06:00:00Z'));
    expect(cancellationSplit(input)).toMatchObject({ band: 'full', refundCents: 50_500, vendorCents: 0 });
  });

  it('reads a 7.5% fee (750 basis points) as 0.075', () => {
    const input = cancellationInputOf(
      { ...order, terms: { refundPercent: 0, serviceFeeBps: 750 } },
      { by: 'vendor', at },
    );
    expect(input.serviceFeeRate).toBe(0.075);
  });
});

describe('tax on the service fee (decision 029)', () => {
  const order = {
    heldCents: 10_001,
    deliveryDate: '2026-12-24T18:00:00.000Z',
    terms: { refundPercent: 50, serviceFeeBps: 800, gstBps: 500, pstBps: 700 },
  };

  it('the vendor pays GST and PST on the fee on their part; the refund and late fee carry none', () => {
    // 36 h before: refund 5,001; vendor part 5,000; fee 400; GST 20; PST 28.
    const s = cancellationSplit(cancellationInputOf(order, { by: 'customer', at: before(36 * HOUR) }))!;
    expect(s).toMatchObject({
      refundCents: 5_001,
      serviceFeeCents: 400,
      gstCents: 20,
      pstCents: 28,
      taxCents: 48,
      vendorCents: 4_552,
      platformCents: 400,
    });
    // Under 24 h: the late fee (800) is kept from the refund, untaxed.
    expect(cancellationSplit(cancellationInputOf(order, { by: 'customer', at: before(HOUR) }))).toMatchObject(
      { refundCents: 4_201, lateFeeCents: 800, platformCents: 1_200, taxCents: 48 },
    );
  });

  it('a full refund has no fee and no tax', () => {
    expect(cancellationSplit(cancellationInputOf(order, { by: 'vendor', at: before(HOUR) }))).toMatchObject({
      refundCents: 10_001,
      vendorCents: 0,
      taxCents: 0,
    });
  });

  it('an order made before tax on the fee (no rates on its terms) is split as before', () => {
    const old = { ...order, terms: { refundPercent: 50, serviceFeeBps: 800 } };
    expect(
      cancellationSplit(cancellationInputOf(old, { by: 'customer', at: before(36 * HOUR) })),
    ).toMatchObject({ vendorCents: 4_600, taxCents: 0 });
  });
});
