import { TriangleAlert } from 'lucide-react';
import { servingsWarning } from '../../../shared/cake-sizes.ts';
import type { QuoteRequestView } from '../../../shared/schemas/quotes.ts';
import { briefTitle } from '../../../shared/quote-brief.ts';
import { formatDayKey } from '../../../shared/time.ts';
import { cn } from '../../lib/cn.ts';

type Brief = QuoteRequestView['brief'];

/**
 * "Birthday cake: Lemon, 10 inch (12-15), serves 14 · December 21, 2026 at 12:00 · pickup", or an event
 * vendor's: "Flowers for a wedding, 120 guests · June 12, 2027 at 13:00 · at 900 Burrard St, Vancouver, BC".
 */
export const briefLine = (b: Brief) => {
  const when = `${formatDayKey(b.eventDate)} at ${b.eventTime}`;
  if (b.kind === 'event')
    return `${briefTitle(b)}${b.packageName ? ` (${b.packageName})` : ''} · ${when} · at ${b.venueAddress}`;
  return `${b.occasion} cake: ${b.flavor}, ${b.size}, serves ${b.servings} · ${when} · ${
    b.fulfillment === 'delivery' ? `delivery to ${b.deliveryAddress ?? ''}` : 'pickup'
  }`;
};

/**
 * The accessible name of a control each request of the vendor's inbox repeats: its visible label, then
 * whose request it is and for what ("Send Quote for Maya L. (Birthday, December 24, 2026)").
 */
export const forRequest = (
  label: string,
  q: { customerName: string; brief: Pick<Brief, 'occasion' | 'eventDate'> },
) => `${label} for ${q.customerName} (${q.brief.occasion}, ${formatDayKey(q.brief.eventDate)})`;

/**
 * The warning that the brief's size serves fewer people than it asks for, to the customer who asked
 * or the vendor who answers; nothing when the size fits (src/shared/cake-sizes.ts).
 */
export function ServingsNote({
  brief,
  reader = 'customer',
  className,
}: {
  brief: Brief;
  reader?: 'customer' | 'vendor';
  className?: string;
}) {
  const warning = brief.kind === 'cake' ? servingsWarning(brief.size, brief.servings, reader) : null;
  if (!warning) return null;
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-xl bg-gold-100 px-3 py-2 text-sm font-medium text-cocoa-800',
        className,
      )}
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden />
      {warning}
    </p>
  );
}
