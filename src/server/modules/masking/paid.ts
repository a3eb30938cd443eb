import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { paidCentsByOrder } from '../ledger/index.ts';

export type Pair = { customerId: string; vendorId: string };

/** How many of the pair's orders are asked of the ledger whether the customer paid for them. */
const PAID_CANDIDATES = 20;

/**
 * Whether the customer has paid for an order with the vendor and not been refunded all of it, as the
 * ledger says (decision 008): contact details are shown only then. The ledger is asked about a bounded
 * number of the pair's orders, the likeliest first: those under way or completed, then cancelled ones
 * (a partial refund leaves them paid), then unpaid ones, newest first within each.
 */
export async function hasPaidOrder(db: Db, c: Pair): Promise<boolean> {
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, c.customerId), eq(orders.vendorId, c.vendorId)))
    .orderBy(
      sql`CASE ${orders.status} WHEN 'pending' THEN 2 WHEN 'cancelled' THEN 1 ELSE 0 END`,
      desc(orders.createdAt),
      desc(orders.id),
    )
    .limit(PAID_CANDIDATES);
  const paid = await paidCentsByOrder(
    db,
    candidates.map((o) => o.id),
  );
  return [...paid.values()].some((cents) => cents > 0);
}
