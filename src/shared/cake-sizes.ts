import type { CakeSize } from './catalog.ts';

/** How many people a size of the list serves: its name ("8 inch") and the range the spec gives. */
export interface SizeServings {
  name: string;
  min: number;
  max: number;
}

/**
 * Spec section 9: 6 inch (4-6 people), 8 inch (8-10), 10 inch (12-15), 12 inch (20-25), 14 inch
 * (30-35), 16 inch (40-45). Custom Size says nothing about how many it serves.
 */
export const SIZE_SERVINGS = {
  '6 inch (4-6 people)': { name: '6 inch', min: 4, max: 6 },
  '8 inch (8-10)': { name: '8 inch', min: 8, max: 10 },
  '10 inch (12-15)': { name: '10 inch', min: 12, max: 15 },
  '12 inch (20-25)': { name: '12 inch', min: 20, max: 25 },
  '14 inch (30-35)': { name: '14 inch', min: 30, max: 35 },
  '16 inch (40-45)': { name: '16 inch', min: 40, max: 45 },
  'Custom Size': null,
} as const satisfies Record<CakeSize, SizeServings | null>;

/** The servings of a size of the list; null for Custom Size and for anything not in the list. */
export function servingsOf(size: string): SizeServings | null {
  return Object.hasOwn(SIZE_SERVINGS, size) ? SIZE_SERVINGS[size as CakeSize] : null;
}

/**
 * Whether a cake of `size` is too small for `guests` people: it serves fewer than that at most. Null
 * when it is big enough, when the size does not say how many it serves, or when the number of
 * guests is not a whole number of people yet (the form is still being filled).
 */
export function tooSmallFor(size: string, guests: number): (SizeServings & { guests: number }) | null {
  const servings = servingsOf(size);
  if (!servings || !Number.isSafeInteger(guests) || guests < 1) return null;
  return servings.max < guests ? { ...servings, guests } : null;
}

/** "An 8 inch", "A 10 inch": the article as the number is spoken (eight, eleven, eighteen, eighty…). */
const withArticle = (name: string) => `${/^(8|11|18)(?!\d)|^8\d(?!\d)/.test(name) ? 'An' : 'A'} ${name}`;

/**
 * The warning shown when the size serves fewer people than the request expects: to the customer who
 * asks ("you expect") or to the vendor who answers ("the customer expects"). Null when the size fits.
 * Only a warning: a customer may want a small cake beside others, or tiers described in the notes.
 */
export function servingsWarning(size: string, guests: number, reader: 'customer' | 'vendor'): string | null {
  const small = tooSmallFor(size, guests);
  if (!small) return null;
  const who = reader === 'customer' ? 'you expect' : 'the customer expects';
  return `${withArticle(small.name)} cake serves ${small.min}–${small.max}; ${who} ${small.guests} guests.`;
}
