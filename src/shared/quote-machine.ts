/**
 * A quote: one vendor's side of a customer's quote request. The table of its changes, like the
 * order lifecycle (order-machine.ts): which exist, who makes each, from which statuses.
 *
 *   requested ──answer──▶ quoted ──accept──▶ accepted (an order is made)
 *      │  ▲                 │  ▲ revise
 *      │  └──answer── change_requested ◀──askChange──┘
 *      ├──decline──▶ declined                         (vendor, with a reason)
 *      ├──close────▶ closed                           (another quote of the request was accepted)
 *      └──expire───▶ expired                          (unanswered 72 h, or quoted past its validity)
 */

export const QUOTE_STATUSES = [
  'requested',
  'quoted',
  'change_requested',
  'declined',
  'accepted',
  'closed',
  'expired',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_PARTIES = ['customer', 'vendor', 'system'] as const;
export type QuoteParty = (typeof QUOTE_PARTIES)[number];

/** A request nobody answers closes for that vendor after this long. */
export const UNANSWERED_QUOTE_HOURS = 72;
/** Vendors a request can go to at once. */
export const MAX_VENDORS_PER_REQUEST = 5;

interface QuoteRule {
  from: readonly QuoteStatus[];
  to: QuoteStatus;
  by: readonly QuoteParty[];
  /** What the quote's history says happened. */
  event: string;
}

const OPEN = ['requested', 'quoted', 'change_requested'] as const satisfies readonly QuoteStatus[];

export const QUOTE_TRANSITIONS = {
  answer: { from: ['requested', 'change_requested'], to: 'quoted', by: ['vendor'], event: 'Quote sent' },
  revise: { from: ['quoted'], to: 'quoted', by: ['vendor'], event: 'Quote revised' },
  askChange: { from: ['quoted'], to: 'change_requested', by: ['customer'], event: 'Change requested' },
  decline: { from: OPEN, to: 'declined', by: ['vendor'], event: 'Declined by the vendor' },
  accept: { from: ['quoted'], to: 'accepted', by: ['customer'], event: 'Accepted' },
  close: { from: OPEN, to: 'closed', by: ['system'], event: 'Closed: another quote was accepted' },
  expire: { from: OPEN, to: 'expired', by: ['system'], event: 'Expired' },
} as const satisfies Record<string, QuoteRule>;

export type QuoteAction = keyof typeof QUOTE_TRANSITIONS;
export const QUOTE_ACTIONS = Object.keys(QUOTE_TRANSITIONS) as QuoteAction[];

/**
 * What the customer pays for a quote: its price plus its delivery fee (none is $0), in cents; null
 * while the quote has no price (not answered yet).
 */
export function quoteTotalCents(quote: {
  priceCents: number | null;
  deliveryFeeCents: number | null;
}): number | null {
  return quote.priceCents === null ? null : quote.priceCents + (quote.deliveryFeeCents ?? 0);
}

export const isOpenQuote = (status: string): boolean => (OPEN as readonly string[]).includes(status);

/** The status `party` reaches by `action` from `status`, or undefined when the table has no such change. */
export function nextQuoteStatus(
  action: QuoteAction,
  status: QuoteStatus,
  party: QuoteParty,
): QuoteStatus | undefined {
  const rule: QuoteRule = QUOTE_TRANSITIONS[action];
  return rule.by.includes(party) && rule.from.includes(status) ? rule.to : undefined;
}
