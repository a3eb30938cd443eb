import { describe, expect, it } from 'vitest';
import { feePercentText, serviceFeeCents } from './fees.ts';

describe('service fee', () => {
  it('is the amount times the rate in whole cents, rounded half up without float error', () => {
    expect(serviceFeeCents(10_000, 0.08)).toBe(800);
    expect(serviceFeeCents(1_250, 0.075)).toBe(94); // 93.75
    expect(serviceFeeCents(1_000, 0.0725)).toBe(73); // 72.5 exactly: half up
    expect(serviceFeeCents(6, 0.08)).toBe(0); // 0.48
    expect(serviceFeeCents(7, 0.08)).toBe(1); // 0.56
    expect(serviceFeeCents(0, 0.08)).toBe(0);
  });

  it('refuses amounts that are not integer cents', () => {
    expect(() => serviceFeeCents(10.5, 0.08)).toThrow(RangeError);
    expect(() => serviceFeeCents(-1, 0.08)).toThrow(
      new RangeError('amount must be a non-negative integer of cents, got -1'),
    );
  });

  it('reads as a percentage', () => {
    expect(feePercentText(0.08)).toBe('8%');
    expect(feePercentText(0.075)).toBe('7.5%');
  });
});
