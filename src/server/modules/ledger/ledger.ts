import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  type LedgerTransactionKind,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
} from '../../db/schema/index.ts';

/**
 * The ledger (schema/ledger.ts): the one way money moves. Each function posts one balanced
 * transaction inside the caller's database transaction, keyed by what caused it, so posting the
 * same event twice is a no-op that returns the first posting. Balances are read from the entries.
 * This file holds the accounts and the posting itself; movements.ts the postings the business makes,
 * balances.ts the sums read back. Other modules import all of it from index.ts.
 */

export type Account =
  | { kind: 'processor_cash' }
  | { kind: 'platform_revenue' }
  | { kind: 'refunds_payable' }
  | { kind: 'disputed' }
  | { kind: 'dispute_fees' }
  | { kind: 'chargeback_losses' }
  | { kind: 'gst_payable' }
  | { kind: 'pst_payable' }
  | { kind: 'order_held'; orderId: string }
  | { kind: 'vendor_payable'; vendorId: string };

export const PROCESSOR_CASH: Account = { kind: 'processor_cash' };
export const PLATFORM_REVENUE: Account = { kind: 'platform_revenue' };
export const REFUNDS_PAYABLE: Account = { kind: 'refunds_payable' };
/** Money a card dispute took from processor cash until the bank decides (ledger/disputes.ts). */
export const DISPUTED: Account = { kind: 'disputed' };
/** Dispute fees the processor charged: a platform expense. */
export const DISPUTE_FEES: Account = { kind: 'dispute_fees' };
/** The fee and tax the platform kept on an order whose money a bank later took back: a platform expense. */
export const CHARGEBACK_LOSSES: Account = { kind: 'chargeback_losses' };
/** GST (federal) on the service fee, owed to the Receiver General: credited in the fee's own posting. */
export const GST_PAYABLE: Account = { kind: 'gst_payable' };
/** Provincial sales tax on the service fee, when a PST rate applies: kept apart from GST (another remittance). */
export const PST_PAYABLE: Account = { kind: 'pst_payable' };
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
  /** When it happened, if not now: only the demo seeder's history, which it dates in the past. */
  at?: Date | undefined;
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
      createdAt: posting.at,
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
export const credit = (cents: number) => (cents === 0 ? 0 : -cents);

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
