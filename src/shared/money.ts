/** Money is integer cents in CAD everywhere; this is the only place it becomes dollars. */
const cad = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });

export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${cents}`);
  return cad.format(cents / 100);
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const wholeCad = new Intl.NumberFormat('en-CA', {
  style: 'currency',
  currency: 'CAD',
  maximumFractionDigits: 0,
});

/** "$200 – $450", "From $200", "Up to $450", or null when neither end is known. */
export function formatPriceRange(minCents: number | null, maxCents: number | null): string | null {
  const f = (c: number) => wholeCad.format(Math.round(c / 100));
  if (minCents !== null && maxCents !== null)
    return minCents === maxCents ? f(minCents) : `${f(minCents)} – ${f(maxCents)}`;
  if (minCents !== null) return `From ${f(minCents)}`;
  if (maxCents !== null) return `Up to ${f(maxCents)}`;
  return null;
}

/**
 * An amount typed in dollars ("185", "185.5", "185.50", "$1,200") as integer cents: undefined when the
 * text is empty, NaN when it is not an amount of dollars and cents (the form's schema then says why).
 */
export function parseDollars(text: string): number | undefined {
  const t = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (t === '') return undefined;
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}
