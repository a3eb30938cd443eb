import { maskContactDetails } from '../../../shared/contact-masking.ts';
import type { Db } from '../../db/client.ts';
import { pairKey, paidPairKeys, type Pair } from './paid.ts';

/*
 * Everything one side writes to the other, not only messages (presenter.ts), is masked by one rule:
 * a request's notes, a quote's message, a change asked for, an order's reasons, a proof's note show
 * contact details only once the customer has paid the vendor (hasPaidOrder, decisions 002 and 009).
 */

/**
 * Whether the customer of each pair has paid the vendor, asked of the ledger in two queries for all the
 * pairs of a page (quotes, orders, conversations), however many rows it has.
 */
export async function paidPairs(db: Db, pairs: Iterable<Pair>): Promise<(pair: Pair) => boolean> {
  const paid = await paidPairKeys(db, pairs);
  return (p) => paid.has(pairKey(p));
}

/**
 * A text as its reader sees it: what the other side of the pair wrote has its contact details masked
 * until the customer has paid the vendor; the reader's own text, and Frosted's, show as written.
 */
export function shownTo<T extends string | null | undefined>(
  text: T,
  { fromOtherSide, paid }: { fromOtherSide: boolean; paid: boolean },
): T {
  return (fromOtherSide && !paid && text ? maskContactDetails(text) : text) as T;
}
