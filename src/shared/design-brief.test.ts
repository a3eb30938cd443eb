import { describe, expect, it } from 'vitest';
import { FLAVORS, OCCASIONS, SIZES } from './catalog.ts';
import { designNotes, designToQuoteBrief } from './design-brief.ts';

const design = (extra: Partial<Parameters<typeof designToQuoteBrief>[0]> = {}) => ({
  occasion: 'Wedding',
  flavor: 'Lemon',
  size: '12 inch (20-25)',
  colors: null,
  description: null,
  dietary: [],
  ...extra,
});

describe('designToQuoteBrief', () => {
  it('fills occasion, flavor and size with the quote list’s own options', () => {
    expect(designToQuoteBrief(design())).toEqual({
      occasion: 'Wedding',
      flavor: 'Lemon',
      size: '12 inch (20-25)',
      dietary: [],
      unmatched: {},
    });
  });

  it('matches every option of the designer’s lists (the quote form has the same lists)', () => {
    for (const occasion of OCCASIONS)
      expect(designToQuoteBrief(design({ occasion })).occasion).toBe(occasion);
    for (const flavor of FLAVORS) expect(designToQuoteBrief(design({ flavor })).flavor).toBe(flavor);
    for (const size of SIZES) expect(designToQuoteBrief(design({ size })).size).toBe(size);
  });

  it('reads a value written another way as the option it names', () => {
    const fill = designToQuoteBrief(
      design({ occasion: 'baby shower', flavor: ' red velvet ', size: '8-inch' }),
    );
    expect(fill).toMatchObject({ occasion: 'Baby Shower', flavor: 'Red Velvet', size: '8 inch (8-10)' });
  });

  it('leaves a value with no option in the list to the customer, and says which', () => {
    const fill = designToQuoteBrief(design({ occasion: 'Retirement', flavor: 'Matcha', size: '3-Tier' }));
    expect(fill.occasion).toBeUndefined();
    expect(fill.flavor).toBeUndefined();
    expect(fill.size).toBeUndefined();
    expect(fill.unmatched).toEqual({ occasion: 'Retirement', flavor: 'Matcha', size: '3-Tier' });
  });

  it('says nothing of an empty value', () => {
    expect(designToQuoteBrief(design({ size: '' })).unmatched).toEqual({});
  });

  it('takes dietary needs by value or by label, once each, and names the ones not in the list', () => {
    const fill = designToQuoteBrief(design({ dietary: ['vegan', 'Gluten-free', 'gluten-free', 'Paleo'] }));
    expect(fill.dietary).toEqual(['vegan', 'gluten-free']);
    expect(fill.unmatched.dietary).toEqual(['Paleo']);
  });

  it('puts the colors and the description in the notes for the vendors', () => {
    expect(
      designToQuoteBrief(design({ colors: 'Blush pink, gold', description: 'Three tiers of peonies' })).notes,
    ).toBe('Colors: Blush pink, gold.\nThree tiers of peonies');
    expect(designToQuoteBrief(design()).notes).toBeUndefined();
  });
});

describe('designNotes', () => {
  it('is the colors or the description alone when the other is missing', () => {
    expect(designNotes({ colors: 'Navy.', description: '  ' })).toBe('Colors: Navy.');
    expect(designNotes({ colors: '', description: 'A gold drip' })).toBe('A gold drip');
    expect(designNotes({ colors: null, description: null })).toBeUndefined();
  });
});
