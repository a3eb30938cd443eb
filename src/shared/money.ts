/**
 * Money is integer cents in CAD everywhere; this is the only place it becomes dollars.
 *
 * Written out by hand, exactly as `Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' })`
 * writes it ("$1,234.56", "-$0.50"; money.test.ts compares the two): the first currency formatter a
 * page builds makes ICU load its locale and currency data, tens of milliseconds on a phone while the
 * page's code starts.
 */

/** A whole number with thousands separated as en-CA writes them: "1,234,567". */
export const groupThousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const sign = (n: number) => (n < 0 || Object.is(n, -0) ? '-' : '');

export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer amount of cents: ${cents}`);
  const abs = Math.abs(cents);
  const fraction = abs % 100;
  return `${sign(cents)}$${groupThousands((abs - fraction) / 100)}.${String(fraction).padStart(2, '0')}`;
}

/** Whole dollars as Intl writes them with no fraction digits ("$1,235"). */
const wholeDollars = (dollars: number) => `${sign(dollars)}$${groupThousands(Math.abs(dollars))}`;

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** "$200 – $450", "From $200", "Up to $450", or null when neither end is known. */
export function formatPriceRange(minCents: number | null, maxCents: number | null): string | null {
  const f = (c: number) => wholeDollars(Math.round(c / 100));
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

/** A price as a shop writes it: whole dollars when there are no cents ("$1,200"), else "$649.50". */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? wholeDollars(cents / 100) : formatCents(cents);
}

/** A starting price: "From $1,200" on its own (a card), "from $1,200" after a package's name. */
export function formatFromPrice(cents: number, { capital = true }: { capital?: boolean } = {}): string {
  return `${capital ? 'From' : 'from'} ${formatPrice(cents)}`;
}
