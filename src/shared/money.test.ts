import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents } from './money.ts';

describe('money', () => {
  it('formats integer cents as CAD', () => {
    expect(formatCents(85_000)).toBe('$850.00');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1_234_567)).toBe('$12,345.67');
  });
  it('refuses fractional cents', () => {
    expect(() => formatCents(10.5)).toThrow(RangeError);
  });
  it('converts dollars to whole cents', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });
});
