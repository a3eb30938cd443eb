import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dollarsToCents,
  formatCents,
  formatFromPrice,
  formatPrice,
  formatPriceRange,
  groupThousands,
  parseDollars,
} from './money.ts';

describe('money', () => {
  it('formats integer cents as CAD', () => {
    expect(formatCents(85_000)).toBe('$850.00');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1_234_567)).toBe('$12,345.67');
  });
  it('writes what Intl writes for CAD in en-CA, signs and thousands included', () => {
    const cad = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });
    for (const cents of [0, -0, 1, -1, 99, -99, 100, 100_000, 123_456_789, -123_456_789, 1e14])
      expect(formatCents(cents), String(cents)).toBe(cad.format(cents / 100));
    fc.assert(
      fc.property(
        fc.integer({ min: -1e13, max: 1e13 }),
        (cents) => formatCents(cents) === cad.format(cents / 100),
      ),
    );
  });
  it('groups thousands in whole numbers as Intl does in en-CA', () => {
    const plain = new Intl.NumberFormat('en-CA');
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => groupThousands(n) === plain.format(n)));
  });
  it('refuses fractional cents', () => {
    expect(() => formatCents(10.5)).toThrow(new RangeError('Not an integer amount of cents: 10.5'));
  });
  it('converts dollars to whole cents', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });
});

describe('formatPriceRange', () => {
  it('shows both ends, one end or nothing', () => {
    expect(formatPriceRange(20_000, 45_000)).toBe('$200 – $450');
    expect(formatPriceRange(20_000, 20_000)).toBe('$200');
    expect(formatPriceRange(20_000, null)).toBe('From $200');
    expect(formatPriceRange(null, 45_000)).toBe('Up to $450');
    expect(formatPriceRange(null, null)).toBeNull();
  });
  it('rounds to whole dollars as Intl does with no fraction digits', () => {
    const whole = new Intl.NumberFormat('en-CA', {
      style: 'currency',
      currency: 'CAD',
      maximumFractionDigits: 0,
    });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const dollars = whole.format(Math.round(cents / 100));
        return (
          formatPriceRange(cents, cents) === dollars && formatPriceRange(cents, null) === `From ${dollars}`
        );
      }),
    );
    expect(formatPriceRange(-40, null)).toBe('From -$0');
    expect(formatPriceRange(123_456_750, null)).toBe('From $1,234,568');
  });
});

describe('parseDollars', () => {
  it('reads dollars as typed into integer cents, empty as undefined and anything else as NaN', () => {
    expect(parseDollars('185')).toBe(18_500);
    expect(parseDollars(' 185.5 ')).toBe(18_550);
    expect(parseDollars('$1,200.05')).toBe(120_005);
    expect(parseDollars('0.07')).toBe(7);
    expect(parseDollars('')).toBeUndefined();
    expect(parseDollars('   ')).toBeUndefined();
    for (const bad of ['abc', '12.345', '-5', '1e3', '12.', '12$', '$$12'] as const)
      expect(parseDollars(bad), bad).toBeNaN();
  });
});

describe('starting prices', () => {
  it('show whole dollars when there are no cents, else the cents', () => {
    expect(formatPrice(120_000)).toBe('$1,200');
    expect(formatPrice(64_950)).toBe('$649.50');
    expect(formatPrice(0)).toBe('$0');
    expect(formatFromPrice(120_000)).toBe('From $1,200');
    expect(formatFromPrice(65_000, { capital: false })).toBe('from $650');
  });
});
