import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { paidCentsByOrder } from '../ledger/index.ts';

export type Pair = { customerId: string; vendorId: string };

/** How many of a pair's orders are asked of the ledger whether the customer paid for them. */
const PAID_CANDIDATES = 20;

export const pairKey = (p: Pair) => `${p.customerId} ${p.vendorId}`;

/**
 * The pairs (by pairKey) whose customer has paid for an order with the vendor and not been refunded all
 * of it, as the ledger says (decision 008): contact details are shown only then. Two queries whatever the
 * number of pairs: each pair's likeliest orders (those under way or completed, then cancelled ones — a
 * partial refund leaves them paid — then unpaid ones, newest first within each), at most 20 a pair,
 * then the ledger about all of them at once.
 */
export async function paidPairKeys(db: Db, pairs: Iterable<Pair>): Promise<Set<string>> {
  const distinct = [...new Map([...pairs].map((p) => [pairKey(p), p])).values()];
  if (distinct.length === 0) return new Set();
  const customerIds = [...new Set(distinct.map((p) => p.customerId))];
  const vendorIds = [...new Set(distinct.map((p) => p.vendorId))];
  const wanted = new Set(distinct.map(pairKey));
  const ranked = db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      vendorId: orders.vendorId,
      rank: sql<number>`row_number() OVER (
        PARTITION BY ${orders.customerId}, ${orders.vendorId}
        ORDER BY CASE ${orders.status} WHEN 'pending' THEN 2 WHEN 'cancelled' THEN 1 ELSE 0 END,
                 ${orders.createdAt} DESC, ${orders.id} DESC)`.as('rank'),
    })
    .from(orders)
    // Both lists narrow it by index; the pairs themselves are picked out below.
    .where(and(inArray(orders.customerId, customerIds), inArray(orders.vendorId, vendorIds)))
    .as('ranked');
  const candidates = (
    await db
      .select({ id: ranked.id, customerId: ranked.customerId, vendorId: ranked.vendorId })
      .from(ranked)
      .where(sql`${ranked.rank} <= ${PAID_CANDIDATES}`)
  ).filter((o) => wanted.has(pairKey(o)));
  const paid = await paidCentsByOrder(
    db,
    candidates.map((o) => o.id),
  );
  return new Set(candidates.filter((o) => (paid.get(o.id) ?? 0) > 0).map(pairKey));
}

/** Whether the customer has paid the vendor for an order (paidPairKeys for one pair). */
export async function hasPaidOrder(db: Db, c: Pair): Promise<boolean> {
  return (await paidPairKeys(db, [c])).has(pairKey(c));
}
