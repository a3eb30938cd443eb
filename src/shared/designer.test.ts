import { describe, expect, it } from 'vitest';
import { SIZES } from './catalog.ts';
import { drawnSize, imageSizeFor } from './designer.ts';

describe('imageSizeFor', () => {
  it('is square for every catalog size of an ordinary occasion', () => {
    for (const size of SIZES)
      expect(imageSizeFor({ occasion: 'Birthday', size })).toEqual({ width: 1024, height: 1024 });
  });

  it('is portrait for weddings and tiered sizes', () => {
    expect(imageSizeFor({ occasion: 'Wedding', size: '8 inch (8-10)' })).toEqual({
      width: 1024,
      height: 1792,
    });
    expect(imageSizeFor({ occasion: 'Birthday', size: '3-Tier' })).toEqual({ width: 1024, height: 1792 });
    expect(imageSizeFor({ occasion: 'Holiday', size: 'two TIER cake' })).toEqual({
      width: 1024,
      height: 1792,
    });
  });

  it('is landscape for sheet cakes', () => {
    expect(imageSizeFor({ occasion: 'Corporate Event', size: 'Sheet Cake' })).toEqual({
      width: 1792,
      height: 1024,
    });
  });
});

describe('drawnSize', () => {
  it('draws the tiers a description counts, whatever round size was chosen', () => {
    expect(drawnSize({ size: '8 inch (8-10)', description: 'three tiers please' })).toBe('3-Tier');
    expect(drawnSize({ size: '10 inch (12-15)', description: 'A three-tiered cake' })).toBe('3-Tier');
    expect(drawnSize({ size: '2-Tier', description: 'four tiers of lemon' })).toBe('4-Tier');
    expect(drawnSize({ size: '10 inch (12-15)', description: 'roses on top' })).toBe('10 inch (12-15)');
    // A sheet cake or cupcakes stay what was chosen; only Custom Size reads them from the description.
    expect(drawnSize({ size: 'Sheet Cake', description: 'three tiers' })).toBe('Sheet Cake');
    expect(drawnSize({ size: 'Cupcakes (12 count)', description: 'two tier stand' })).toBe(
      'Cupcakes (12 count)',
    );
    expect(drawnSize({ size: '8 inch (8-10)', description: 'a sheet of sugar lace' })).toBe('8 inch (8-10)');
  });

  it('reads a Custom Size from the description', () => {
    expect(drawnSize({ size: 'Custom Size', description: 'Three-tier cake with roses' })).toBe('3-Tier');
    expect(drawnSize({ size: 'Custom Size', description: 'a 2 tier cake' })).toBe('2-Tier');
    expect(drawnSize({ size: 'Custom Size', description: 'a 3tier cake' })).toBe('3-Tier');
    expect(drawnSize({ size: 'Custom Size', description: 'two - tier' })).toBe('2-Tier');
    // Only the first 1,000 characters are read.
    expect(drawnSize({ size: 'Custom Size', description: `${'x'.repeat(1000)} three tiers` })).toBe(
      'Custom Size',
    );
    expect(drawnSize({ size: 'Custom Size', description: `${'x'.repeat(980)} three tiers` })).toBe('3-Tier');
    expect(drawnSize({ size: 'Custom Size', description: 'A sheet cake for the office' })).toBe('Sheet Cake');
    expect(drawnSize({ size: 'Custom Size', description: 'Matching cupcakes' })).toBe('Cupcakes (12 count)');
    expect(drawnSize({ size: 'Custom Size', description: 'Something special' })).toBe('Custom Size');
    expect(drawnSize({ size: 'Custom Size', description: null })).toBe('Custom Size');
  });

  it('gives tiered designs a portrait picture and sheet cakes a landscape one', () => {
    const tiered = drawnSize({ size: 'Custom Size', description: 'four tiers' });
    expect(imageSizeFor({ occasion: 'Birthday', size: tiered })).toEqual({ width: 1024, height: 1792 });
    const sheet = drawnSize({ size: 'Custom Size', description: 'sheet cake' });
    expect(imageSizeFor({ occasion: 'Corporate Event', size: sheet })).toEqual({ width: 1792, height: 1024 });
  });
});
