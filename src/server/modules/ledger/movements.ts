/** The movements of money: one balanced posting each (ledger.ts), named for what happened. */
import { eq } from 'drizzle-orm';
import type { CancellationSplit } from '../../../shared/cancellation.ts';
import { type FeeTerms, vendorShareOf } from '../../../shared/tax.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type LedgerTransactionKind, vendors } from '../../db/schema/index.ts';
import {
  balance,
  credit,
  GST_PAYABLE,
  orderHeld,
  PLATFORM_REVENUE,
  post,
  type Posted,
  PROCESSOR_CASH,
  PST_PAYABLE,
  REFUNDS_PAYABLE,
  UnbalancedPostingError,
  vendorPayable,
} from './ledger.ts';

/** A customer's payment captured: processor cash in, held for the order. */
export const recordPayment = (
  tx: Tx | Db,
  {
    orderId,
    vendorId,
    amountCents,
    key,
    at,
  }: { orderId: string; vendorId: string; amountCents: number; key: string; at?: Date | undefined },
) =>
  post(tx, {
    kind: 'payment',
    key,
    orderId,
    vendorId,
    at,
    lines: [
      { account: PROCESSOR_CASH, amount: amountCents },
      { account: orderHeld(orderId), amount: -amountCents },
    ],
  });

/**
 * How held funds are split when an order ends: back to the customer, to the vendor (after the fee on
 * their part and the tax on that fee), to the platform, and the tax to its accounts. Sums to the held
 * amount.
 */
export interface Split {
  refundCents: number;
  vendorCents: number;
  platformCents: number;
  /** Of platformCents, the service fee the tax is on (a cancellation's also holds a late fee); absent: all. */
  serviceFeeCents?: number;
  /** GST and PST on the service fee (src/shared/tax.ts); absent: none. */
  gstCents?: number;
  pstCents?: number;
}

/** A completed order, or a claim released to the vendor: all held funds to the vendor, less fee and tax. */
export function releaseSplit(heldCents: number, terms: FeeTerms): Split {
  return claimSplit(heldCents, 0, terms);
}

/** A claim resolved with a refund of `refundCents` (≤ held): the rest to the vendor, less fee and tax on it. */
export function claimSplit(heldCents: number, refundCents: number, terms: FeeTerms): Split {
  if (!Number.isSafeInteger(refundCents) || refundCents < 0 || refundCents > heldCents)
    throw new RangeError(`a refund must be whole cents from 0 to ${heldCents}, got ${refundCents}`);
  const share = vendorShareOf(heldCents - refundCents, terms);
  return {
    refundCents,
    vendorCents: share.netCents,
    platformCents: share.feeCents,
    serviceFeeCents: share.feeCents,
    gstCents: share.gstCents,
    pstCents: share.pstCents,
  };
}

/** A cancellation's split (src/shared/cancellation.ts) as the ledger moves it. */
export const cancellationLedgerSplit = (s: CancellationSplit): Split => ({
  refundCents: s.refundCents,
  vendorCents: s.vendorCents,
  platformCents: s.platformCents,
  serviceFeeCents: s.serviceFeeCents,
  gstCents: s.gstCents,
  pstCents: s.pstCents,
});

/** The tax a split carries, in cents. */
export const splitTaxCents = (s: Split) => (s.gstCents ?? 0) + (s.pstCents ?? 0);

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
  if (split.refundCents + split.vendorCents + split.platformCents + splitTaxCents(split) !== heldCents)
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
      // The tax on the fee, in the fee's own posting (decision 029).
      { account: GST_PAYABLE, amount: -(split.gstCents ?? 0) },
      { account: PST_PAYABLE, amount: -(split.pstCents ?? 0) },
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
