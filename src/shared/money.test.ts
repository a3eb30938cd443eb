import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents, formatPriceRange, parseDollars } from './money.ts';

describe('money', () => {
  it('formats integer cents as CAD', () => {
    expect(formatCents(85_000)).toBe('$850.00');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1_234_567)).toBe('$12,345.67');
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
