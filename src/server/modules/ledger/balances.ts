/** Balances, derived from the entries: a vendor's, the whole ledger's, and what each order keeps paid. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  type LedgerAccountKind,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  orders,
} from '../../db/schema/index.ts';
import { accountId, balance, credit, vendorPayable } from './ledger.ts';

export interface VendorBalances {
  /** Held for the vendor's orders not yet completed or cancelled (payment protection). */
  heldCents: number;
  /** Released to the vendor and not paid out: what a payout can take. */
  availableCents: number;
  /** Paid out to the vendor, ever. */
  paidOutCents: number;
}

export async function vendorBalances(db: Tx | Db, vendorId: string): Promise<VendorBalances> {
  const [held] = await db
    .select({ total: sql<string>`COALESCE(-sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(orders, eq(orders.id, ledgerAccounts.orderId))
    .where(and(eq(ledgerAccounts.kind, 'order_held'), eq(orders.vendorId, vendorId)));
  const [paidOut] = await db
    .select({ total: sql<string>`COALESCE(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.accountId, accountId(vendorPayable(vendorId))),
        eq(ledgerTransactions.kind, 'payout'),
      ),
    );
  return {
    heldCents: Number(held?.total ?? 0),
    availableCents: credit(await balance(db, vendorPayable(vendorId))),
    paidOutCents: Number(paidOut?.total ?? 0),
  };
}

/** Sums by transaction kind of the money that came in and went out, for reconciliation and checks. */
export interface LedgerTotals {
  collectedCents: number;
  refundedCents: number;
  refundsOwedCents: number;
  paidOutCents: number;
  availableCents: number;
  heldCents: number;
  feesCents: number;
  /** GST and PST on the fees, owed to the governments (decision 029). */
  gstCents: number;
  pstCents: number;
  processorCashCents: number;
}

export async function ledgerTotals(db: Tx | Db): Promise<LedgerTotals> {
  const byAccountKind = await db
    .select({ kind: ledgerAccounts.kind, total: sql<string>`COALESCE(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .groupBy(ledgerAccounts.kind);
  const byKind = new Map(byAccountKind.map((r) => [r.kind as LedgerAccountKind, Number(r.total)]));
  const flows = await db
    .select({ kind: ledgerTransactions.kind, total: sql<string>`COALESCE(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.accountId, 'processor_cash'),
        inArray(ledgerTransactions.kind, ['payment', 'refund_sent', 'payout']),
      ),
    )
    .groupBy(ledgerTransactions.kind);
  const flow = new Map(flows.map((r) => [r.kind, Number(r.total)]));
  return {
    collectedCents: flow.get('payment') ?? 0,
    refundedCents: credit(flow.get('refund_sent') ?? 0),
    paidOutCents: credit(flow.get('payout') ?? 0),
    refundsOwedCents: credit(byKind.get('refunds_payable') ?? 0),
    availableCents: credit(byKind.get('vendor_payable') ?? 0),
    heldCents: credit(byKind.get('order_held') ?? 0),
    feesCents: credit(byKind.get('platform_revenue') ?? 0),
    gstCents: credit(byKind.get('gst_payable') ?? 0),
    pstCents: credit(byKind.get('pst_payable') ?? 0),
    processorCashCents: byKind.get('processor_cash') ?? 0,
  };
}

/**
 * What each customer paid for these orders and keeps paid: the payments collected for the order less
 * the refunds its settlements owe back (sent or not), from the entries. An order with more than zero
 * here is "paid" wherever the product says so (contact details, the pickup address, Total Spent).
 */
export async function paidCentsByOrder(
  db: Tx | Db,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: ledgerTransactions.orderId,
      total: sql<string>`COALESCE(sum(CASE
          WHEN ${ledgerAccounts.kind} = 'processor_cash' AND ${ledgerTransactions.kind} = 'payment' THEN ${ledgerEntries.amount}
          WHEN ${ledgerAccounts.kind} = 'refunds_payable' AND ${ledgerTransactions.kind} <> 'refund_sent' THEN ${ledgerEntries.amount}
          ELSE 0 END), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(inArray(ledgerTransactions.orderId, [...orderIds]))
    .groupBy(ledgerTransactions.orderId);
  return new Map(rows.map((r) => [r.orderId!, Number(r.total)]));
}

/**
 * What each of these orders has released to the vendor, in cents (credits to their payable from the
 * order's completion, cancellation share or claim resolution): a payout's money, told by the order it
 * came from (a transfer from a checkout group's charge takes only its orders' part).
 */
export async function vendorCreditByOrder(
  db: Tx | Db,
  vendorId: string,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: ledgerTransactions.orderId,
      total: sql<string>`COALESCE(-sum(${ledgerEntries.amount}), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.accountId, accountId(vendorPayable(vendorId))),
        inArray(ledgerTransactions.orderId, [...orderIds]),
      ),
    )
    .groupBy(ledgerTransactions.orderId);
  return new Map(rows.map((r) => [r.orderId!, Number(r.total)]));
}
