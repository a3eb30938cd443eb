import { describe, expect, it } from 'vitest';
import { SIZES } from './catalog.ts';
import { servingsOf, servingsWarning, tooSmallFor } from './cake-sizes.ts';

describe('servingsOf', () => {
  it('reads the spec’s range for every size of the list but Custom Size', () => {
    expect(SIZES.map((s) => servingsOf(s))).toEqual([
      { name: '6 inch', min: 4, max: 6 },
      { name: '8 inch', min: 8, max: 10 },
      { name: '10 inch', min: 12, max: 15 },
      { name: '12 inch', min: 20, max: 25 },
      { name: '14 inch', min: 30, max: 35 },
      { name: '16 inch', min: 40, max: 45 },
      null,
    ]);
  });

  it('knows nothing of sizes outside the list', () => {
    expect(servingsOf('3-Tier')).toBeNull();
    expect(servingsOf('')).toBeNull();
    expect(servingsOf('toString')).toBeNull();
  });
});

describe('tooSmallFor', () => {
  it('is too small only above the most the size serves', () => {
    expect(tooSmallFor('8 inch (8-10)', 10)).toBeNull();
    expect(tooSmallFor('8 inch (8-10)', 11)).toEqual({ name: '8 inch', min: 8, max: 10, guests: 11 });
    expect(tooSmallFor('16 inch (40-45)', 45)).toBeNull();
    expect(tooSmallFor('16 inch (40-45)', 46)).not.toBeNull();
  });

  it('says nothing of a big cake for few guests', () => {
    expect(tooSmallFor('16 inch (40-45)', 2)).toBeNull();
  });

  it('says nothing for Custom Size, an unknown size, or a number of guests not typed yet', () => {
    expect(tooSmallFor('Custom Size', 500)).toBeNull();
    expect(tooSmallFor('Sheet Cake', 500)).toBeNull();
    expect(tooSmallFor('6 inch (4-6 people)', 0)).toBeNull();
    expect(tooSmallFor('6 inch (4-6 people)', Number.NaN)).toBeNull();
    expect(tooSmallFor('6 inch (4-6 people)', 7.5)).toBeNull();
  });
});

describe('servingsWarning', () => {
  it('tells the customer and the vendor, each from their side', () => {
    expect(servingsWarning('8 inch (8-10)', 60, 'customer')).toBe(
      'An 8 inch cake serves 8–10; you expect 60 guests.',
    );
    expect(servingsWarning('8 inch (8-10)', 60, 'vendor')).toBe(
      'An 8 inch cake serves 8–10; the customer expects 60 guests.',
    );
    expect(servingsWarning('6 inch (4-6 people)', 7, 'customer')).toBe(
      'A 6 inch cake serves 4–6; you expect 7 guests.',
    );
    expect(servingsWarning('10 inch (12-15)', 16, 'customer')).toBe(
      'A 10 inch cake serves 12–15; you expect 16 guests.',
    );
  });

  it('is null when the size serves enough', () => {
    expect(servingsWarning('12 inch (20-25)', 25, 'customer')).toBeNull();
  });
});
