import type { RefCallback } from 'react';
import { formatCents } from '../../../shared/money.ts';
import { quoteTotalCents } from '../../../shared/quote-machine.ts';
import type { QuoteView } from '../../../shared/schemas/quotes.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { cn } from '../../lib/cn.ts';

type QuoteEvent = QuoteView['events'][number];
type Viewer = 'customer' | 'vendor';

export interface ThreadEntry {
  seq: number;
  at: string;
  party: QuoteEvent['party'];
  /** What happened, from the viewer's side ("You asked for a change"). */
  title: string;
  /** The words that came with it (a message, a change asked, a reason), shown in quotes. */
  message: string | null;
  /** A price revision: the total before and after (cents). */
  revision: { from: number; to: number } | null;
  /** The price the customer hoped for with a change. */
  targetPriceCents: number | null;
}

/**
 * A quote's events as its thread reads, oldest first: a vendor's answer after an earlier price is a
 * revision (total before → after), whether it followed a change request or not.
 */
export function threadEntries(events: QuoteEvent[], viewer: Viewer, vendorName: string): ThreadEntry[] {
  const you = viewer === 'customer';
  let lastTotal: number | null = null;
  return events.map((e) => {
    const entry = { seq: e.seq, at: e.at, party: e.party, revision: null, targetPriceCents: null };
    switch (e.action) {
      case 'requested':
        return { ...entry, title: you ? 'You asked for a quote' : 'Quote requested', message: null };
      case 'answer':
      case 'revise': {
        const total = quoteTotalCents(e);
        const from = lastTotal;
        lastTotal = total;
        const who = you ? vendorName : 'You';
        const revised = from !== null && total !== null;
        return {
          ...entry,
          title: revised ? `${who} revised the quote` : `${who} sent a quote`,
          message: e.message,
          revision: revised ? { from, to: total } : null,
        };
      }
      case 'askChange':
        return {
          ...entry,
          title: you ? 'You asked for a change' : 'The customer asked for a change',
          message: e.message,
          targetPriceCents: e.targetPriceCents,
        };
      case 'decline':
        return { ...entry, title: 'Declined', message: e.message };
      case 'accept':
        return { ...entry, title: you ? 'You accepted this quote' : 'The customer accepted', message: null };
      case 'close':
        return {
          ...entry,
          title: you ? 'Closed: you accepted another quote' : 'Closed: the customer chose another baker',
          message: null,
        };
      case 'expire':
        return { ...entry, title: 'Expired', message: e.message };
      default:
        return { ...entry, title: e.action, message: e.message };
    }
  });
}

/**
 * The thread of one quote, as both sides read it: the request, each price (a revision shows the
 * total before and after), the customer's change requests with the price they hope for, and the
 * vendor's messages, each with its date and time in Vancouver.
 */
export function QuoteThread({
  events,
  viewer,
  vendorName,
  label,
  className,
  lastEntryRef,
}: {
  events: QuoteEvent[];
  viewer: Viewer;
  vendorName: string;
  /** The section's accessible name ("History of Poplar Bakery’s quote"). */
  label: string;
  className?: string;
  /** The latest entry, focusable: where the focus goes after the viewer's own step. */
  lastEntryRef?: RefCallback<HTMLElement> | undefined;
}) {
  const entries = threadEntries(events, viewer, vendorName);
  return (
    // Not a list on purpose: the pages' lists are the quotes themselves.
    <section aria-label={label} className={cn('space-y-3', className)}>
      {entries.map((e, i) => (
        <div
          key={e.seq}
          {...(lastEntryRef && i === entries.length - 1 && { ref: lastEntryRef, tabIndex: -1 })}
          className={cn(
            'border-l-2 pl-3 text-sm',
            e.party === 'customer'
              ? 'border-gold-400'
              : e.party === 'vendor'
                ? 'border-rose-200'
                : 'border-cream-300',
          )}
        >
          <p className="font-medium text-cocoa-900">
            {e.title === 'Declined' && e.message ? `Declined: “${e.message}”` : e.title}
          </p>
          <p className="text-xs text-cocoa-500">
            <time dateTime={e.at}>{formatDateTime(e.at)}</time>
          </p>
          {e.revision && (
            <p className="mt-1 text-cocoa-700">
              Total{' '}
              <span className="font-semibold text-cocoa-900">
                {formatCents(e.revision.from)} → {formatCents(e.revision.to)}
              </span>
            </p>
          )}
          {e.message && e.title !== 'Declined' && <p className="mt-1 text-cocoa-700">“{e.message}”</p>}
          {e.targetPriceCents !== null && (
            <p className="mt-1 text-cocoa-700">Hoping for {formatCents(e.targetPriceCents)}</p>
          )}
        </div>
      ))}
    </section>
  );
}
