import { serviceFeeCents } from './fees.ts';
import { POLICIES } from './policies.ts';
import { feeTaxOf } from './tax.ts';
import { addDays, HOUR_MS } from './time.ts';

/**
 * How a cancelled order's money is split (Terms, spec section 9), measured from the order's delivery
 * time. The one place this is computed: the server moves money by it, the cancel dialog shows it.
 *
 * - at least 48 h before delivery: a full refund;
 * - from 48 h to 24 h before: the vendor's refund percentage of the amount;
 * - under 24 h before: that percentage less a late-cancellation fee (service fee rate × amount),
 *   which the platform keeps; the refund never goes below zero;
 * - the vendor cancels: a full refund, whenever it is;
 * - at or after the delivery time: no cancellation (a satisfaction claim instead).
 *
 * The part not refunded is the vendor's, less the service fee on that part and the tax on that fee
 * (src/shared/tax.ts, decision 029). The late-cancellation fee is the customer's and carries no tax here.
 *
 * Rounding, the one rule: every percentage of an amount is taken in integer arithmetic and rounded
 * half up to a whole cent (`percentOfCents`, `serviceFeeCents`); the vendor's share is what is left,
 * so refund + vendor + platform + tax is always exactly the amount.
 */

export type CancellationBand = 'full' | 'vendor-policy' | 'late' | 'vendor-cancelled';

export interface CancellationInput {
  amountCents: number;
  deliveryAt: Date;
  cancelledAt: Date;
  /** Who cancels: a vendor's cancellation is always a full refund. */
  by: 'customer' | 'vendor';
  /** The vendor's refund percentage for the last 48 hours (Edit Profile), 0-100. */
  vendorRefundPercent: number;
  serviceFeeRate: number;
  /** GST and PST on the service fee, in basis points, as agreed on the order; absent: 0 (an older order). */
  gstBps?: number | undefined;
  pstBps?: number | undefined;
}

export interface CancellationSplit {
  band: CancellationBand;
  /** Back to the customer. */
  refundCents: number;
  /** To the vendor's balance, after the service fee on their part and the tax on that fee. */
  vendorCents: number;
  /** The platform's: the service fee on the vendor's part plus the late-cancellation fee kept. */
  platformCents: number;
  /** Of platformCents: the service fee on the vendor's part. */
  serviceFeeCents: number;
  /** Of platformCents: the late-cancellation fee actually kept (at most what the percentage refunded). */
  lateFeeCents: number;
  /** GST and PST on the service fee (not in platformCents: owed to the governments). */
  gstCents: number;
  pstCents: number;
  taxCents: number;
}

/** What the Terms need to know of an order: the server's order row and the web's order detail alike. */
export interface CancellableOrder {
  /** What Frosted holds for the order now (payment protection), in cents: the amount split. */
  heldCents: number;
  /** Its delivery time (an ISO string in the browser), or null when it has none. */
  deliveryDate: Date | string | null;
  /** As agreed when the order was made. */
  terms: {
    /** The vendor's refund percentage for the last 48 hours, 0-100. */
    refundPercent: number;
    /** The service fee in basis points: 800 is 8%. */
    serviceFeeBps: number;
    /** GST and PST on the fee in basis points (500 is 5%); absent: 0, an order made before tax on the fee. */
    gstBps?: number | undefined;
    pstBps?: number | undefined;
  };
}

/** An order without a delivery time is taken to be delivered this far ahead: always a full refund. */
const UNDATED_DELIVERY_DAYS = 365;

/** The input of cancellationSplit for `order` cancelled by `by` at `at`. */
export function cancellationInputOf(
  order: CancellableOrder,
  { by, at }: { by: CancellationInput['by']; at: Date },
): CancellationInput {
  return {
    amountCents: order.heldCents,
    deliveryAt: order.deliveryDate ? new Date(order.deliveryDate) : addDays(at, UNDATED_DELIVERY_DAYS),
    cancelledAt: at,
    by,
    vendorRefundPercent: order.terms.refundPercent,
    serviceFeeRate: order.terms.serviceFeeBps / 10_000,
    gstBps: order.terms.gstBps ?? 0,
    pstBps: order.terms.pstBps ?? 0,
  };
}

/** `percent` % of an amount in whole cents, rounded half up, computed without a float product. */
export function percentOfCents(amountCents: number, percent: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0)
    throw new RangeError(`amount must be a non-negative integer of cents, got ${amountCents}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`percent must be an integer from 0 to 100, got ${percent}`);
  return Math.floor((amountCents * percent + 50) / 100);
}

/** Whether an order can still be cancelled at `at`: only before its delivery time. */
export const canCancelAt = (deliveryAt: Date, at: Date) => at.getTime() < deliveryAt.getTime();

/** Which Terms window a customer's cancellation at `at` falls in (undefined at or after delivery). */
export function cancellationBand(
  deliveryAt: Date,
  at: Date,
): Exclude<CancellationBand, 'vendor-cancelled'> | undefined {
  const before = deliveryAt.getTime() - at.getTime();
  if (before <= 0) return undefined;
  if (before >= POLICIES.fullRefundHoursBeforeDelivery * HOUR_MS) return 'full';
  if (before >= POLICIES.feesMayApplyWithinHours * HOUR_MS) return 'vendor-policy';
  return 'late';
}

/** The split, or undefined when the order can no longer be cancelled (at or after delivery). */
export function cancellationSplit(input: CancellationInput): CancellationSplit | undefined {
  const { amountCents, deliveryAt, cancelledAt, by, vendorRefundPercent, serviceFeeRate } = input;
  if (!canCancelAt(deliveryAt, cancelledAt)) return undefined;
  const band = by === 'vendor' ? 'vendor-cancelled' : cancellationBand(deliveryAt, cancelledAt);
  // A customer's band is undefined only at or after delivery, which canCancelAt refused just above.
  // Stryker disable next-line ConditionalExpression: equivalent (unreachable; the check narrows the type)
  if (!band) return undefined;

  let refund: number;
  let lateFee = 0;
  if (band === 'full' || band === 'vendor-cancelled') {
    refund = amountCents;
  } else {
    refund = percentOfCents(amountCents, vendorRefundPercent);
    if (band === 'late') {
      lateFee = Math.min(refund, serviceFeeCents(amountCents, serviceFeeRate));
      refund -= lateFee;
    }
  }
  const vendorPart = amountCents - refund - lateFee;
  const fee = serviceFeeCents(vendorPart, serviceFeeRate);
  const tax = feeTaxOf(fee, { gstBps: input.gstBps ?? 0, pstBps: input.pstBps ?? 0 });
  return {
    band,
    refundCents: refund,
    vendorCents: vendorPart - fee - tax.taxCents,
    platformCents: fee + lateFee,
    serviceFeeCents: fee,
    lateFeeCents: lateFee,
    ...tax,
  };
}
