/**
 * Card disputes and refunds made outside Frosted, as the ledger moves them (decision 031). A dispute
 * takes its money out of processor cash into `disputed` (what the bank holds until it decides); the
 * order's held funds stay as they are, frozen by the payments module until the dispute closes. Won,
 * the money comes back to processor cash; lost, the customer keeps it and it is taken from the order's
 * held funds, or, where the vendor has been released the money already, from the vendor's balance
 * (which may go below zero and is netted against their next releases: a payout pays only what is
 * above zero). Fees are the platform's expense. Every posting is keyed by what caused it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';
import {
  accountId,
  balance,
  CHARGEBACK_LOSSES,
  credit,
  DISPUTE_FEES,
  DISPUTED,
  orderHeld,
  post,
  PROCESSOR_CASH,
  REFUNDS_PAYABLE,
  vendorPayable,
} from './ledger.ts';
import { recordRefundSent } from './movements.ts';
import { vendorCreditByOrder } from './balances.ts';

/** Lines of the money a bank or a refund takes back from an order (`amountCents`), by who bears it. */
interface Borne {
  fromHeld: number;
  fromVendor: number;
  fromPlatform: number;
}

/**
 * Who bears money taken back from an order (decision 031): its held funds as far as they go; past
 * them (the order's money was released), the vendor up to what the order credited them, and the
 * platform the rest: the fee and tax it kept. So a release never leaves the vendor paying the fee on a
 * sale the customer's bank reversed, and the platform is no better off than had the money been held.
 */
async function whoBears(tx: Tx | Db, orderId: string, vendorId: string, amountCents: number): Promise<Borne> {
  const held = credit(await balance(tx, orderHeld(orderId)));
  const fromHeld = Math.min(Math.max(held, 0), amountCents);
  const credited = (await vendorCreditByOrder(tx, vendorId, [orderId])).get(orderId) ?? 0;
  const fromVendor = Math.min(Math.max(credited, 0), amountCents - fromHeld);
  return { fromHeld, fromVendor, fromPlatform: amountCents - fromHeld - fromVendor };
}

const borneLines = (orderId: string, vendorId: string, b: Borne) => [
  { account: orderHeld(orderId), amount: b.fromHeld },
  { account: vendorPayable(vendorId), amount: b.fromVendor },
  { account: CHARGEBACK_LOSSES, amount: b.fromPlatform },
];

interface DisputeShare {
  disputeId: string;
  orderId: string;
  vendorId: string;
  amountCents: number;
}

/** A dispute opened on an order's payment: its share out of processor cash, into `disputed`. */
export const recordDisputeOpened = (
  tx: Tx | Db,
  { disputeId, orderId, vendorId, amountCents }: DisputeShare,
) =>
  post(tx, {
    kind: 'dispute_opened',
    key: `dispute_opened:${disputeId}:${orderId}`,
    orderId,
    vendorId,
    lines: [
      { account: DISPUTED, amount: amountCents },
      { account: PROCESSOR_CASH, amount: -amountCents },
    ],
  });

/** A dispute fee the processor withdrew (a negative amount: one it gave back), keyed by its balance entry. */
export const recordDisputeFee = (tx: Tx | Db, { key, amountCents }: { key: string; amountCents: number }) =>
  post(tx, {
    kind: 'dispute_fee',
    key: `dispute_fee:${key}`,
    lines: [
      { account: DISPUTE_FEES, amount: amountCents },
      { account: PROCESSOR_CASH, amount: -amountCents },
    ],
  });

/** Won: the order's share comes back from `disputed` to processor cash (its held funds are free again). */
export const recordDisputeWon = (tx: Tx | Db, { disputeId, orderId, vendorId, amountCents }: DisputeShare) =>
  post(tx, {
    kind: 'dispute_won',
    key: `dispute_won:${disputeId}:${orderId}`,
    orderId,
    vendorId,
    lines: [
      { account: PROCESSOR_CASH, amount: amountCents },
      { account: DISPUTED, amount: -amountCents },
    ],
  });

/**
 * Lost: the customer keeps the share the bank gave back. It is borne by the order's held funds as far
 * as they go, then by the vendor's balance up to what the order credited them (their order's money was
 * released to them), then by the platform (`whoBears`).
 */
export async function recordDisputeLost(
  tx: Tx | Db,
  { disputeId, orderId, vendorId, amountCents }: DisputeShare,
) {
  const borne = await whoBears(tx, orderId, vendorId, amountCents);
  return post(tx, {
    kind: 'dispute_lost',
    key: `dispute_lost:${disputeId}:${orderId}`,
    orderId,
    vendorId,
    lines: [...borneLines(orderId, vendorId, borne), { account: DISPUTED, amount: -amountCents }],
  });
}

/**
 * A refund the processor sent that Frosted did not make (from its dashboard): borne as a lost dispute
 * is (`whoBears`), and sent out of processor cash at once. Keyed by the processor's refund id, so a webhook delivered twice refunds once.
 */
export async function recordExternalRefund(
  tx: Tx | Db,
  {
    refundRef,
    refundId,
    orderId,
    vendorId,
    amountCents,
  }: {
    refundRef: string;
    /** Our refund row's id for it: the sent posting is keyed by it, as every refund's is (its receipt). */
    refundId: string;
    orderId: string;
    vendorId: string;
    amountCents: number;
  },
) {
  const borne = await whoBears(tx, orderId, vendorId, amountCents);
  const owed = await post(tx, {
    kind: 'external_refund',
    key: `external_refund:${refundRef}`,
    orderId,
    vendorId,
    lines: [...borneLines(orderId, vendorId, borne), { account: REFUNDS_PAYABLE, amount: -amountCents }],
  });
  await recordRefundSent(tx, { orderId, amountCents, key: `refund_sent:${refundId}` });
  return owed;
}

/** What each order has in `disputed` now (opened, not yet won or lost), in cents. */
export async function disputedByOrder(
  db: Tx | Db,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: ledgerTransactions.orderId,
      total: sql<string>`COALESCE(sum(${ledgerEntries.amount}), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.accountId, accountId(DISPUTED)),
        inArray(ledgerTransactions.orderId, [...orderIds]),
      ),
    )
    .groupBy(ledgerTransactions.orderId);
  return new Map(rows.map((r) => [r.orderId!, Number(r.total)]));
}

/** The disputes' money in the books: what the banks hold now, what was lost to them, and the fees. */
export interface DisputeTotals {
  /** In `disputed` now: opened and not yet decided. */
  disputedCents: number;
  /** Lost to chargebacks: the customers kept it. */
  chargebacksCents: number;
  /** Dispute fees, net of any given back. */
  disputeFeesCents: number;
  /** The platform's part of money taken back after a release (`whoBears`): the fee and tax it had kept. */
  chargebackLossesCents: number;
}

export async function disputeTotals(db: Tx | Db): Promise<DisputeTotals> {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      txKind: ledgerTransactions.kind,
      total: sql<string>`COALESCE(sum(${ledgerEntries.amount}), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(inArray(ledgerAccounts.kind, ['disputed', 'dispute_fees', 'chargeback_losses']))
    .groupBy(ledgerAccounts.kind, ledgerTransactions.kind);
  const sum = (pick: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(pick).reduce((total, r) => total + Number(r.total), 0);
  return {
    disputedCents: sum((r) => r.kind === 'disputed'),
    chargebacksCents: credit(sum((r) => r.kind === 'disputed' && r.txKind === 'dispute_lost')),
    disputeFeesCents: sum((r) => r.kind === 'dispute_fees'),
    chargebackLossesCents: sum((r) => r.kind === 'chargeback_losses'),
  };
}
