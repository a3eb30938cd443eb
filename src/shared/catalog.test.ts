import { describe, expect, it } from 'vitest';
import {
  categoryDoes,
  categoryLabel,
  categoryPageTitle,
  isFoodCategory,
  isVendorCategory,
  specialtyLabel,
  VENDOR_CATEGORIES,
  VENDOR_CATEGORY_VALUES,
  vendorCategories,
} from './catalog.ts';

describe('vendor categories', () => {
  it("are the issue's seven, cakes first, with their labels", () => {
    expect(VENDOR_CATEGORIES.map((c) => [c.value, c.label])).toEqual([
      ['cakes', 'Cakes & Desserts'],
      ['flowers', 'Flowers'],
      ['decor', 'Decor & Balloons'],
      ['catering', 'Catering'],
      ['photography', 'Photography & Video'],
      ['entertainment', 'Music & Entertainment'],
      ['rentals', 'Rentals'],
    ]);
    expect(VENDOR_CATEGORY_VALUES).toHaveLength(7);
  });

  it('cakes and catering are food; the rest are not', () => {
    expect(VENDOR_CATEGORY_VALUES.filter(isFoodCategory)).toEqual(['cakes', 'catering']);
    expect(isFoodCategory('bouncy-castles')).toBe(false);
  });

  it('say what the vendor does at the event', () => {
    expect(categoryDoes('photography')).toBe('covers');
    expect(categoryDoes('flowers')).toBe('sets up');
    expect(categoryDoes('cakes')).toBe('delivers');
  });

  it("label a category, and a non-cake vendor's specialty (its category)", () => {
    expect(categoryLabel('decor')).toBe('Decor & Balloons');
    expect(categoryLabel('unknown')).toBe('unknown');
    expect(specialtyLabel('wedding')).toBe('Wedding Cakes');
    expect(specialtyLabel('photography')).toBe('Photography & Video');
    expect(categoryPageTitle('flowers')).toBe('Flowers in British Columbia | Frosted');
    expect(isVendorCategory('rentals')).toBe(true);
    expect(isVendorCategory('constructor')).toBe(false);
  });

  it("store a vendor's categories primary first, each once, known ones only, in the catalogue's order", () => {
    expect(vendorCategories('photography', ['rentals', 'photography', 'flowers', 'nope'])).toEqual([
      'photography',
      'flowers',
      'rentals',
    ]);
    expect(vendorCategories('cakes')).toEqual(['cakes']);
  });
});
