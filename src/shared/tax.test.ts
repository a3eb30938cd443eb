import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serviceFeeCents } from './fees.ts';
import {
  feeTaxOf,
  isGstNumber,
  normalizeGstNumber,
  taxOnFeeCents,
  taxPercentText,
  taxRateBasisPoints,
  vendorShareOf,
} from './tax.ts';

describe('tax on a fee, rounded half up at each boundary', () => {
  it.each([
    // fee, rate (bps), tax: 5% of 9 is 0.45 → 0; of 10 is 0.5 → 1 (half up); of 29 is 1.45 → 1
    [0, 500, 0],
    [9, 500, 0],
    [10, 500, 1],
    [11, 500, 1],
    [29, 500, 1],
    [30, 500, 2],
    [800, 500, 40],
    [810, 500, 41], // 40.5 → 41
    [809, 500, 40], // 40.45 → 40
    [1_000, 700, 70],
    [1_007, 700, 70], // 70.49
    [1_008, 700, 71], // 70.56
    [1_000, 1_300, 130], // HST 13%
    [1_000, 975, 98], // QST 9.975%: 97.5 → 98
    [800, 0, 0],
  ])('%i cents at %i bps is %i', (fee, bps, tax) => {
    expect(taxOnFeeCents(fee, bps)).toBe(tax);
  });

  it('refuses fees that are not whole cents and rates that are not whole basis points', () => {
    expect(() => taxOnFeeCents(10.5, 500)).toThrow(RangeError);
    expect(() => taxOnFeeCents(-1, 500)).toThrow(
      new RangeError('a fee must be a non-negative integer of cents, got -1'),
    );
    expect(() => taxOnFeeCents(100, 50.5)).toThrow(RangeError);
    expect(() => taxOnFeeCents(100, -1)).toThrow(RangeError);
    expect(() => taxOnFeeCents(100, 10_001)).toThrow(RangeError);
  });

  it('GST and PST are rounded each on its own', () => {
    // 5% of 10 = 0.5 → 1; 7% of 10 = 0.7 → 1: 2, where 12% of 10 rounded once would be 1.
    expect(feeTaxOf(10, { gstBps: 500, pstBps: 700 })).toEqual({ gstCents: 1, pstCents: 1, taxCents: 2 });
  });

  it('reads rates as basis points and as people read them', () => {
    expect(taxRateBasisPoints(0.05)).toBe(500);
    expect(taxRateBasisPoints(0.09975)).toBe(998);
    expect(taxPercentText(500)).toBe('5%');
    expect(taxPercentText(975)).toBe('9.75%');
  });
});

describe("a vendor's share: gross − fee − tax", () => {
  it('$100.00 at an 8% fee and 5% GST: fee 8.00, GST 0.40, net 91.60', () => {
    expect(vendorShareOf(10_000, { serviceFeeBps: 800, gstBps: 500, pstBps: 0 })).toEqual({
      grossCents: 10_000,
      feeCents: 800,
      gstCents: 40,
      pstCents: 0,
      taxCents: 40,
      netCents: 9_160,
    });
  });

  it('for random amounts and rates the tax is exact to the cent and the parts add up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 2_500 }),
        fc.integer({ min: 0, max: 2_500 }),
        (gross, serviceFeeBps, gstBps, pstBps) => {
          const s = vendorShareOf(gross, { serviceFeeBps, gstBps, pstBps });
          expect(s.feeCents).toBe(serviceFeeCents(gross, serviceFeeBps / 10_000));
          // Exact: the tax is the nearest cent to fee × rate, half up, computed in BigInt.
          const exact = (bps: number) => Number((BigInt(s.feeCents) * BigInt(bps) + 5_000n) / 10_000n);
          expect(s.gstCents).toBe(exact(gstBps));
          expect(s.pstCents).toBe(exact(pstBps));
          expect(Math.abs(s.gstCents * 10_000 - s.feeCents * gstBps)).toBeLessThanOrEqual(5_000);
          expect(s.netCents + s.feeCents + s.taxCents).toBe(gross);
          expect(s.netCents).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('GST/HST registration numbers', () => {
  it('are 9 digits, RT and 4 digits; spaces and case are forgiven', () => {
    expect(isGstNumber('123456789RT0001')).toBe(true);
    expect(isGstNumber('123456789 rt 0001')).toBe(true);
    expect(normalizeGstNumber('123456789 rt 0001')).toBe('123456789RT0001');
    expect(isGstNumber('12345678RT0001')).toBe(false);
    expect(isGstNumber('123456789RP0001')).toBe(false);
    expect(isGstNumber('123456789RT001')).toBe(false);
    expect(isGstNumber('123456789')).toBe(false);
    expect(isGstNumber('')).toBe(false);
  });
});
