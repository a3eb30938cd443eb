import { desc, eq, sql } from 'drizzle-orm';
import type { VendorPayouts } from '../../../shared/schemas/payments.ts';
import type { Actor } from '../../actor.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { payouts } from '../../db/schema/index.ts';
import { vendorBalances } from '../ledger/index.ts';
import { invoicesOfPayouts } from './invoices.ts';
import { payoutVendor } from './payouts.ts';

/** The vendor's Payouts tab: balances, per order what the ledger moved, and their payouts. */
export async function vendorPayouts({
  db,
  actor,
}: {
  db: Db;
  actor: Actor;
}): Promise<Omit<VendorPayouts, 'payoutMethod'>> {
  const vendor = await payoutVendor(db, actor);
  const balances = await vendorBalances(db, vendor.id);
  const rows = await queryRows<{
    order_id: string;
    order_number: string;
    status: string;
    amount: number;
    account_kind: string;
    transaction_kind: string;
    total: string;
  }>(
    db,
    sql`SELECT o.id AS order_id, o.order_number, o.status, o.amount, a.kind AS account_kind,
          t.kind AS transaction_kind, sum(e.amount)::text AS total
        FROM orders o
        JOIN ledger_transactions t ON t.order_id = o.id
        JOIN ledger_entries e ON e.transaction_id = t.id
        JOIN ledger_accounts a ON a.id = e.account_id
        WHERE o.vendor_id = ${vendor.id}
        GROUP BY o.id, o.order_number, o.status, o.amount, o.created_at, a.kind, t.kind
        ORDER BY o.created_at DESC`,
  );
  const byOrder = new Map<string, VendorPayouts['orders'][number]>();
  for (const r of rows) {
    const line =
      byOrder.get(r.order_id) ??
      ({
        orderId: r.order_id,
        orderNumber: r.order_number,
        status: r.status,
        amountCents: r.amount,
        heldCents: 0,
        vendorCents: 0,
        feeCents: 0,
        taxCents: 0,
        refundedCents: 0,
      } satisfies VendorPayouts['orders'][number]);
    const total = Number(r.total);
    if (r.account_kind === 'order_held') line.heldCents -= total;
    else if (r.account_kind === 'vendor_payable') line.vendorCents -= total;
    else if (r.account_kind === 'platform_revenue') line.feeCents -= total;
    else if (r.account_kind === 'gst_payable' || r.account_kind === 'pst_payable') line.taxCents -= total;
    else if (r.account_kind === 'refunds_payable' && r.transaction_kind !== 'refund_sent')
      line.refundedCents -= total;
    byOrder.set(r.order_id, line);
  }
  const list = await db
    .select()
    .from(payouts)
    .where(eq(payouts.vendorId, vendor.id))
    .orderBy(desc(payouts.createdAt))
    .limit(100);
  const invoices = await invoicesOfPayouts(
    db,
    list.map((p) => p.id),
  );
  return {
    ...balances,
    orders: [...byOrder.values()],
    payouts: list.map((p) => ({
      id: p.id,
      amountCents: p.amount,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
      invoice: invoices.get(p.id) ?? null,
    })),
  };
}
