/** "Responds in ~1 hr", or the honest answer when the vendor has no history yet. */
export function responseTimeText(hours: number | null): string {
  if (hours === null) return 'Response time not yet known';
  if (hours < 1) return 'Responds in under 1 hr';
  const rounded = Math.round(hours);
  return `Responds in ~${rounded} ${rounded === 1 ? 'hr' : 'hrs'}`;
}

let counts: Intl.NumberFormat | undefined;
/** "1,234". One formatter for every count: toLocaleString('en-CA') builds a new one on each call. */
export const countText = (n: number) => (counts ??= new Intl.NumberFormat('en-CA')).format(n);

export const ordersText = (n: number) => `${countText(n)} ${n === 1 ? 'order' : 'orders'}`;
