import { describe, expect, it } from 'vitest';
import {
  MAX_VENDORS_PER_REQUEST,
  QUOTE_ACTIONS,
  QUOTE_PARTIES,
  QUOTE_STATUSES,
  UNANSWERED_QUOTE_HOURS,
  isOpenQuote,
  nextQuoteStatus,
  quoteTotalCents,
} from './quote-machine.ts';
import { quoteRequestInputSchema } from './schemas/quotes.ts';

/** The quote lifecycle written out by hand: every allowed change, `action party: from -> to`. */
const ALLOWED = `
  answer vendor: requested -> quoted
  answer vendor: change_requested -> quoted
  revise vendor: quoted -> quoted
  askChange customer: quoted -> change_requested
  decline vendor: requested -> declined
  decline vendor: quoted -> declined
  decline vendor: change_requested -> declined
  accept customer: quoted -> accepted
  close system: requested -> closed
  close system: quoted -> closed
  close system: change_requested -> closed
  expire system: requested -> expired
  expire system: quoted -> expired
  expire system: change_requested -> expired
`
  .trim()
  .split('\n')
  .map((l) => l.trim());

describe('the quote state machine', () => {
  it('allows exactly the listed changes', () => {
    const seen: string[] = [];
    for (const action of QUOTE_ACTIONS)
      for (const party of QUOTE_PARTIES)
        for (const status of QUOTE_STATUSES) {
          const to = nextQuoteStatus(action, status, party);
          if (to) seen.push(`${action} ${party}: ${status} -> ${to}`);
        }
    expect(seen.sort()).toEqual([...ALLOWED].sort());
  });

  it('calls requested, quoted and change_requested open, and nothing else', () => {
    expect(QUOTE_STATUSES.filter(isOpenQuote)).toEqual(['requested', 'quoted', 'change_requested']);
  });
});

describe('a quote request', () => {
  const vendorIds = quoteRequestInputSchema.shape.vendorIds;
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `vendor-${i + 1}`);

  it('goes to at most 5 vendors at once', () => {
    expect(MAX_VENDORS_PER_REQUEST).toBe(5);
    expect(vendorIds.safeParse(ids(5)).success).toBe(true);
    expect(vendorIds.safeParse(ids(6)).error?.issues.map((i) => i.message)).toEqual([
      'Choose at most 5 vendors.',
    ]);
  });

  it('closes for a vendor who leaves it unanswered 72 hours (the server’s timer)', () => {
    expect(UNANSWERED_QUOTE_HOURS).toBe(72);
  });
});

describe('a quote’s total', () => {
  it('is the price plus the delivery fee: a $480.00 cake with a $25.00 delivery fee totals $505.00', () => {
    expect(quoteTotalCents({ priceCents: 48_000, deliveryFeeCents: 2_500 })).toBe(50_500);
  });

  it('is the price alone without a delivery fee: $480.00 with none (null) or $0.00 totals $480.00', () => {
    expect(quoteTotalCents({ priceCents: 48_000, deliveryFeeCents: null })).toBe(48_000);
    expect(quoteTotalCents({ priceCents: 48_000, deliveryFeeCents: 0 })).toBe(48_000);
  });

  it('does not exist before the vendor names a price, even with a delivery fee', () => {
    expect(quoteTotalCents({ priceCents: null, deliveryFeeCents: 2_500 })).toBeNull();
    expect(quoteTotalCents({ priceCents: null, deliveryFeeCents: null })).toBeNull();
  });
});
