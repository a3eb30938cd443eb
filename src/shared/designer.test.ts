import { describe, expect, it } from 'vitest';
import { SIZES } from './catalog.ts';
import { imageSizeFor } from './designer.ts';

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
