import { maskContactDetails } from '../../../shared/contact-masking.ts';
import type { Db } from '../../db/client.ts';
import { hasPaidOrder, type Pair } from './paid.ts';

/*
 * Everything one side writes to the other, not only messages (presenter.ts), is masked by one rule:
 * a request's notes, a quote's message, a change asked for, an order's reasons, a proof's note show
 * contact details only once the customer has paid the vendor (hasPaidOrder, decisions 002 and 009).
 */

const pairKey = (p: Pair) => `${p.customerId} ${p.vendorId}`;

/**
 * Whether the customer of each pair has paid the vendor, asked of the ledger once per distinct pair:
 * a page of quotes or orders names few pairs, however many rows it has.
 */
export async function paidPairs(db: Db, pairs: Iterable<Pair>): Promise<(pair: Pair) => boolean> {
  const distinct = new Map([...pairs].map((p) => [pairKey(p), p]));
  const paid = new Set<string>();
  await Promise.all(
    [...distinct].map(async ([key, p]) => {
      if (await hasPaidOrder(db, p)) paid.add(key);
    }),
  );
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
