import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CancellationSplit } from '../../../shared/cancellation.ts';
import { serviceFeeCents } from '../../../shared/fees.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  type LedgerAccountKind,
  type LedgerTransactionKind,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  orders,
  vendors,
} from '../../db/schema/index.ts';

/**
 * The ledger (schema/ledger.ts): the one way money moves. Each function posts one balanced
 * transaction inside the caller's database transaction, keyed by what caused it, so posting the
 * same event twice is a no-op that returns the first posting. Balances are read from the entries.
 */

export type Account =
  | { kind: 'processor_cash' }
  | { kind: 'platform_revenue' }
  | { kind: 'refunds_payable' }
  | { kind: 'order_held'; orderId: string }
  | { kind: 'vendor_payable'; vendorId: string };

export const PROCESSOR_CASH: Account = { kind: 'processor_cash' };
export const PLATFORM_REVENUE: Account = { kind: 'platform_revenue' };
export const REFUNDS_PAYABLE: Account = { kind: 'refunds_payable' };
export const orderHeld = (orderId: string): Account => ({ kind: 'order_held', orderId });
export const vendorPayable = (vendorId: string): Account => ({ kind: 'vendor_payable', vendorId });

export const accountId = (a: Account) =>
  a.kind === 'order_held'
    ? `order_held:${a.orderId}`
    : a.kind === 'vendor_payable'
      ? `vendor_payable:${a.vendorId}`
      : a.kind;

/** One line of a posting: cents, debit (+) or credit (−). Zero lines are dropped. */
export interface Line {
  account: Account;
  amount: number;
}

export interface Posting {
  kind: LedgerTransactionKind;
  /** What caused it; the same key never posts twice. */
  key: string;
  orderId?: string | undefined;
  vendorId?: string | undefined;
  memo?: string | undefined;
  lines: Line[];
}

export interface Posted {
  id: string;
  /** False when this key had been posted before (nothing was written this time). */
  created: boolean;
}

export class UnbalancedPostingError extends Error {}

/** Posts one balanced transaction (in `tx`), or finds the one already posted under the same key. */
export async function post(tx: Tx | Db, posting: Posting): Promise<Posted> {
  const lines = posting.lines.filter((l) => l.amount !== 0);
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount)) throw new UnbalancedPostingError(`not whole cents: ${l.amount}`);
  }
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  if (total !== 0) throw new UnbalancedPostingError(`${posting.kind} ${posting.key} sums to ${total} cents`);

  const id = crypto.randomUUID();
  const [inserted] = await tx
    .insert(ledgerTransactions)
    .values({
      id,
      kind: posting.kind,
      idempotencyKey: posting.key,
      orderId: posting.orderId,
      vendorId: posting.vendorId,
      memo: posting.memo,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, posting.key));
    return { id: existing!.id, created: false };
  }
  if (lines.length === 0) return { id, created: true };

  await tx
    .insert(ledgerAccounts)
    .values(
      lines.map(({ account }) => ({
        id: accountId(account),
        kind: account.kind,
        orderId: account.kind === 'order_held' ? account.orderId : null,
        vendorId: account.kind === 'vendor_payable' ? account.vendorId : null,
      })),
    )
    .onConflictDoNothing();
  await tx.insert(ledgerEntries).values(
    lines.map((l) => ({
      id: crypto.randomUUID(),
      transactionId: id,
      accountId: accountId(l.account),
      amount: l.amount,
    })),
  );
  return { id, created: true };
}

/** A credit balance as a positive amount (never −0). */
const credit = (cents: number) => (cents === 0 ? 0 : -cents);

/** An account's balance in cents as the ledger signs it (debit +). */
export async function balance(db: Tx | Db, account: Account): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`COALESCE(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId(account)));
  return Number(row?.total ?? 0);
}

/** What the platform holds for an order (payment protection), in cents. */
export const heldForOrder = async (db: Tx | Db, orderId: string) =>
  credit(await balance(db, orderHeld(orderId)));

// ---------------------------------------------------------------------------------------------------
// The movements

/** A customer's payment captured: processor cash in, held for the order. */
export const recordPayment = (
  tx: Tx | Db,
  {
    orderId,
    vendorId,
    amountCents,
    key,
  }: { orderId: string; vendorId: string; amountCents: number; key: string },
) =>
  post(tx, {
    kind: 'payment',
    key,
    orderId,
    vendorId,
    lines: [
      { account: PROCESSOR_CASH, amount: amountCents },
      { account: orderHeld(orderId), amount: -amountCents },
    ],
  });

/**
 * How held funds are split when an order ends: back to the customer, to the vendor (after the fee on
 * their part), to the platform. Sums to the held amount.
 */
export interface Split {
  refundCents: number;
  vendorCents: number;
  platformCents: number;
}

/** A completed order, or a claim released to the vendor: all held funds to the vendor, less the fee. */
export function releaseSplit(heldCents: number, serviceFeeRate: number): Split {
  const fee = serviceFeeCents(heldCents, serviceFeeRate);
  return { refundCents: 0, vendorCents: heldCents - fee, platformCents: fee };
}

/** A claim resolved with a refund of `refundCents` (≤ held): the rest to the vendor, less the fee on it. */
export function claimSplit(heldCents: number, refundCents: number, serviceFeeRate: number): Split {
  if (!Number.isSafeInteger(refundCents) || refundCents < 0 || refundCents > heldCents)
    throw new RangeError(`a refund must be whole cents from 0 to ${heldCents}, got ${refundCents}`);
  const vendorPart = heldCents - refundCents;
  const fee = serviceFeeCents(vendorPart, serviceFeeRate);
  return { refundCents, vendorCents: vendorPart - fee, platformCents: fee };
}

/** A cancellation's split (src/shared/cancellation.ts) as the ledger moves it. */
export const cancellationLedgerSplit = (s: CancellationSplit): Split => ({
  refundCents: s.refundCents,
  vendorCents: s.vendorCents,
  platformCents: s.platformCents,
});

/**
 * Empties an order's held funds by a split: release, cancellation or claim resolution. The split must
 * account for exactly what is held (the database would refuse anything else).
 */
export const settleOrder = async (
  tx: Tx | Db,
  {
    kind,
    orderId,
    vendorId,
    heldCents,
    split,
    key,
    memo,
  }: {
    kind: Extract<LedgerTransactionKind, 'release' | 'cancellation' | 'claim_resolution'>;
    orderId: string;
    vendorId: string;
    heldCents: number;
    split: Split;
    key: string;
    memo?: string;
  },
) => {
  if (split.refundCents + split.vendorCents + split.platformCents !== heldCents)
    throw new UnbalancedPostingError(
      `the split of order ${orderId} does not add up to the ${heldCents} cents held`,
    );
  return post(tx, {
    kind,
    key,
    orderId,
    vendorId,
    memo,
    lines: [
      { account: orderHeld(orderId), amount: heldCents },
      { account: REFUNDS_PAYABLE, amount: -split.refundCents },
      { account: vendorPayable(vendorId), amount: -split.vendorCents },
      { account: PLATFORM_REVENUE, amount: -split.platformCents },
    ],
  });
};

/** The processor sent a refund that was owed: out of processor cash. */
export const recordRefundSent = (
  tx: Tx | Db,
  { orderId, amountCents, key }: { orderId: string; amountCents: number; key: string },
) =>
  post(tx, {
    kind: 'refund_sent',
    key,
    orderId,
    lines: [
      { account: REFUNDS_PAYABLE, amount: amountCents },
      { account: PROCESSOR_CASH, amount: -amountCents },
    ],
  });

/** A payout to a vendor: from what the platform owes them, out of processor cash. */
export const recordPayout = (
  tx: Tx | Db,
  { vendorId, amountCents, key }: { vendorId: string; amountCents: number; key: string },
) =>
  post(tx, {
    kind: 'payout',
    key,
    vendorId,
    lines: [
      { account: vendorPayable(vendorId), amount: amountCents },
      { account: PROCESSOR_CASH, amount: -amountCents },
    ],
  });

export type PayoutOutcome =
  { ok: true; amountCents: number; posted: Posted } | { ok: false; availableCents: number };

/**
 * Pays out `amountCents` (default: everything available) of a vendor's available balance, never more:
 * the vendor's row is locked for the check and the posting, so two requests at once are served one
 * after the other and the second sees what the first left.
 */
export function payOutAvailable(
  db: Db,
  {
    vendorId,
    amountCents,
    key,
    record,
  }: {
    vendorId: string;
    amountCents?: number;
    key: string;
    /** Writes the caller's own record of the payout in the same transaction. */
    record?: (tx: Tx, amountCents: number) => Promise<void>;
  },
): Promise<PayoutOutcome> {
  return db.transaction(async (tx) => {
    await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).for('update');
    const availableCents = credit(await balance(tx, vendorPayable(vendorId)));
    const amount = amountCents ?? availableCents;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > availableCents)
      return { ok: false, availableCents };
    await record?.(tx, amount);
    const posted = await recordPayout(tx, { vendorId, amountCents: amount, key });
    return { ok: true, amountCents: amount, posted };
  });
}

// ---------------------------------------------------------------------------------------------------
// Balances, derived from entries

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
