import { groupThousands } from '../../../shared/money.ts';

/** "Responds in ~1 hr", or the honest answer when the vendor has no history yet. */
export function responseTimeText(hours: number | null): string {
  if (hours === null) return 'Response time not yet known';
  if (hours < 1) return 'Responds in under 1 hr';
  const rounded = Math.round(hours);
  return `Responds in ~${rounded} ${rounded === 1 ? 'hr' : 'hrs'}`;
}

/**
 * "1,234", as Intl.NumberFormat('en-CA') writes a whole number, by hand: the first number formatter a
 * page builds makes ICU load its locale data, tens of milliseconds on a phone while Browse Vendors starts.
 */
export const countText = (n: number) =>
  Number.isSafeInteger(n) ? groupThousands(n) : n.toLocaleString('en-CA');

export const ordersText = (n: number) => `${countText(n)} ${n === 1 ? 'order' : 'orders'}`;
