import { describe, expect, it } from 'vitest';
import { packageInputSchema, PACKAGE_PRICE_MAX_CENTS } from './packages.ts';

const messages = (input: unknown) => {
  const r = packageInputSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('a package', () => {
  it('needs a name and a starting price in whole cents from $0 to $100,000', () => {
    expect(packageInputSchema.parse({ name: ' 4-hour coverage ', priceCents: 120_000 })).toEqual({
      name: '4-hour coverage',
      description: '',
      priceCents: 120_000,
    });
    expect(messages({})).toEqual({
      name: 'Please name the package.',
      priceCents: 'Please enter a starting price from $0 to $100,000.',
    });
    for (const priceCents of [-1, 0.5, PACKAGE_PRICE_MAX_CENTS + 1, Number.NaN, '100'])
      expect(messages({ name: 'a', priceCents }).priceCents, String(priceCents)).toBe(
        'Please enter a starting price from $0 to $100,000.',
      );
    expect(messages({ name: 'a', priceCents: PACKAGE_PRICE_MAX_CENTS })).toEqual({});
  });

  it('keeps names to one line of 80 characters and descriptions to 500', () => {
    expect(messages({ name: 'x'.repeat(81), priceCents: 1 }).name).toBe('Must be at most 80 characters.');
    expect(messages({ name: 'a\nb', priceCents: 1 }).name).toBe('Must not contain control characters.');
    expect(messages({ name: 'a', priceCents: 1, description: 'd'.repeat(501) }).description).toBe(
      'Must be at most 500 characters.',
    );
  });
});
