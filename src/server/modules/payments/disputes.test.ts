import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitDispute } from './disputes.ts';

const paid = (...amounts: number[]) =>
  amounts.map((amountCents, i) => ({ orderId: `o${i}`, vendorId: `v${i}`, amountCents }));

describe('a checkout group’s dispute split over its orders', () => {
  it('falls on each order as its part of the charge did, the odd cents to the largest remainders', () => {
    expect(splitDispute(30_000, paid(10_000, 20_000)).map((s) => s.amountCents)).toEqual([10_000, 20_000]);
    expect(splitDispute(100, paid(1, 1, 1)).map((s) => s.amountCents)).toEqual([1, 1, 1]);
    expect(splitDispute(2, paid(1, 1, 1)).map((s) => s.amountCents)).toEqual([1, 1, 0]);
    expect(splitDispute(1_000, paid(3_333, 6_667)).map((s) => s.amountCents)).toEqual([333, 667]);
  });

  it('always adds up to the disputed amount (at most what was paid), never more than an order paid', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 700_000 }),
        (amounts, disputed) => {
          const shares = splitDispute(disputed, paid(...amounts));
          const total = amounts.reduce((a, b) => a + b, 0);
          expect(shares.reduce((a, s) => a + s.amountCents, 0)).toBe(
            total === 0 ? 0 : Math.min(disputed, total),
          );
          shares.forEach((s, i) => {
            expect(s.amountCents).toBeGreaterThanOrEqual(0);
            expect(s.amountCents).toBeLessThanOrEqual(amounts[i]!);
          });
        },
      ),
    );
  });
});
