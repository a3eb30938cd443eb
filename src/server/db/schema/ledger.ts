import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, isDemo, ref } from './columns.ts';
import { orders, vendors } from './marketplace.ts';

/**
 * The double-entry ledger (modules/ledger): every movement of money is one `ledger_transactions` row
 * with two or more `ledger_entries` whose amounts sum to zero. The database enforces that itself (a
 * deferred constraint trigger checks each transaction's sum at commit) and keeps both tables
 * append-only: a mistake is corrected by another transaction, never by an edit. Balances (an order's
 * held funds, a vendor's available money, the platform's fees) are sums of entries, never stored.
 *
 * Amounts are integer cents CAD, signed as debits (+) and credits (−): money at the processor is a
 * debit balance (an asset); what the platform holds for an order or owes a vendor is a credit balance.
 */

export const LEDGER_ACCOUNT_KINDS = [
  /** Money at the payment processor (the platform's account there). */
  'processor_cash',
  /** A customer's payment held for one order until it completes or is cancelled (payment protection). */
  'order_held',
  /** What the platform owes one vendor: released orders, less payouts. */
  'vendor_payable',
  /** The service fee and late-cancellation fees the platform has earned. */
  'platform_revenue',
  /** Refunds decided and owed to customers, until the processor has sent them. */
  'refunds_payable',
  /** Money a card dispute took back from the processor, until the bank decides (decision 031). */
  'disputed',
  /** Dispute fees the processor charged: a platform expense (decision 031). */
  'dispute_fees',
  /**
   * The platform's part of money a customer's bank took back after the order's money was released:
   * the service fee and its tax it kept (the vendor bears what it was credited). An expense (decision 031).
   */
  'chargeback_losses',
  /** GST charged on the service fee, owed to the Receiver General until remitted (decision 029). */
  'gst_payable',
  /** Provincial sales tax charged on the service fee, when a PST rate applies (decision 029). */
  'pst_payable',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const LEDGER_TRANSACTION_KINDS = [
  /** A customer's payment captured: processor cash in, held for the order. */
  'payment',
  /** An order completed: its held funds to the vendor, less the service fee. */
  'release',
  /** An order cancelled: its held funds split between refund, vendor and platform (cancellation.ts). */
  'cancellation',
  /** A satisfaction claim resolved by an admin: release, full or partial refund. */
  'claim_resolution',
  /** The processor sent a refund: owed refunds paid out of processor cash. */
  'refund_sent',
  /** A vendor's available balance paid out to them. */
  'payout',
  /** A card dispute opened: the disputed money out of processor cash, into `disputed`. */
  'dispute_opened',
  /** A dispute fee charged (or given back) by the processor. */
  'dispute_fee',
  /** A dispute won: the disputed money back in processor cash. */
  'dispute_won',
  /** A dispute lost: the customer keeps it, taken from the order's held funds, else from the vendor. */
  'dispute_lost',
  /** A refund made outside Frosted (the processor's dashboard): from the order, out of processor cash. */
  'external_refund',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/** Ids are the account's meaning (`order_held:{orderId}`), so posting never needs a lookup first. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    orderId: ref('order_id', () => orders.id, 'restrict'),
    vendorId: ref('vendor_id', () => vendors.id, 'restrict'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_accounts_kind_check', sql`${t.kind} IN (${inList(LEDGER_ACCOUNT_KINDS)})`),
    check('ledger_accounts_order_check', sql`(${t.kind} = 'order_held') = (${t.orderId} IS NOT NULL)`),
    check('ledger_accounts_vendor_check', sql`(${t.kind} = 'vendor_payable') = (${t.vendorId} IS NOT NULL)`),
    index('ledger_accounts_order_idx').on(t.orderId),
    index('ledger_accounts_vendor_idx').on(t.vendorId),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    kind: text('kind').$type<LedgerTransactionKind>().notNull(),
    /**
     * What caused it (`payment:{paymentId}`, `release:{orderId}`, `payout:{payoutId}`): unique, so the
     * same event (a webhook delivered twice, a retried job) never moves money twice.
     */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    orderId: ref('order_id', () => orders.id, 'restrict'),
    vendorId: ref('vendor_id', () => vendors.id, 'restrict'),
    memo: text('memo'),
    /**
     * Demo money, which the admin's Clear of the demo data may delete: set by the database when the
     * posting is written (its order is a demo order, or a payout of a demo vendor no real order has
     * used), whatever the insert says, and never changed after (migration 0028, decision 013).
     */
    isDemo: isDemo(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_transactions_kind_check', sql`${t.kind} IN (${inList(LEDGER_TRANSACTION_KINDS)})`),
    index('ledger_transactions_order_idx').on(t.orderId),
    index('ledger_transactions_vendor_idx').on(t.vendorId, t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transactionId: ref('transaction_id', () => ledgerTransactions.id, 'restrict').notNull(),
    accountId: ref('account_id', () => ledgerAccounts.id, 'restrict').notNull(),
    /** Cents: debit +, credit −. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    // A balance is a sum over one account's entries.
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
  ],
);
