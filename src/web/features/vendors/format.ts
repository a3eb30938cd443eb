/** "Responds in ~1 hr", or the honest answer when the vendor has no history yet. */
export function responseTimeText(hours: number | null): string {
  if (hours === null) return 'Response time not yet known';
  if (hours < 1) return 'Responds in under 1 hr';
  const rounded = Math.round(hours);
  return `Responds in ~${rounded} ${rounded === 1 ? 'hr' : 'hrs'}`;
}

export const ordersText = (n: number) => `${n.toLocaleString('en-CA')} ${n === 1 ? 'order' : 'orders'}`;
