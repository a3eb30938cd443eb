import { and, desc, eq, sql } from 'drizzle-orm';
import { cancellationInputOf, cancellationSplit } from '../../../shared/cancellation.ts';
import type { OrderParty } from '../../../shared/order-machine.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import { claims, payments, refunds, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { AT_ONCE, scheduleJob } from '../jobs/index.ts';
import {
  cancellationLedgerSplit,
  heldForOrder,
  releaseSplit,
  settleOrder,
  type Split,
} from '../ledger/index.ts';
import type { FeeTerms } from '../../../shared/tax.ts';
import { recordFeeCharge } from './invoices.ts';
import { SEND_REFUND_JOB, sendRefundJobKey } from './refunds.ts';

type OrderRow = typeof orders.$inferSelect;

/** The order's service fee rate as agreed when it was made (basis points on the order). */
export const orderFeeRate = (order: Pick<OrderRow, 'serviceFeeBps'>) => order.serviceFeeBps / 10_000;

/** The fee and the tax on it as agreed when the order was made (decision 029). */
export const orderFeeTerms = (order: Pick<OrderRow, 'serviceFeeBps' | 'gstBps' | 'pstBps'>): FeeTerms => ({
  serviceFeeBps: order.serviceFeeBps,
  gstBps: order.gstBps,
  pstBps: order.pstBps,
});

export const TOO_LATE_TO_CANCEL =
  'This order’s delivery time has passed, so it can no longer be cancelled. If something is wrong, open a satisfaction claim.';

/**
 * What an order's status change does to its money, in the same transaction as the change (called by
 * transitionOrder): a completed order's held funds go to the vendor less the fee; a cancelled order's
 * are split by the Terms (src/shared/cancellation.ts) and the refund is queued for the processor
 * (its job, refunds.ts). An order that was never paid holds nothing and moves nothing.
 */
export async function settleOrderMoney(
  tx: Tx,
  { order, party, now }: { order: OrderRow; party: OrderParty; now: Date },
): Promise<void> {
  if (order.status !== 'completed' && order.status !== 'cancelled') return;
  const held = await heldForOrder(tx, order.id);
  if (held === 0) return;
  if (order.status === 'completed') {
    const split = releaseSplit(held, orderFeeTerms(order));
    const posted = await settleOrder(tx, {
      kind: 'release',
      orderId: order.id,
      vendorId: order.vendorId,
      heldCents: held,
      split,
      key: `release:${order.id}`,
    });
    await recordFeeCharge(tx, { posted, orderId: order.id, vendorId: order.vendorId, split });
    return;
  }
  let refundPercent = order.refundPercent;
  if (refundPercent === null) {
    const [vendor] = await tx
      .select({ percent: vendors.cancellationRefundPercent })
      .from(vendors)
      .where(eq(vendors.id, order.vendorId));
    refundPercent = vendor?.percent ?? 100;
  }
  const split = cancellationSplit(
    cancellationInputOf(
      {
        heldCents: held,
        deliveryDate: order.deliveryDate,
        terms: { refundPercent, ...orderFeeTerms(order) },
      },
      // The vendor or Frosted cancelling is always a full refund.
      { by: party === 'customer' ? 'customer' : 'vendor', at: now },
    ),
  );
  if (!split) {
    if (party === 'customer') throw new AppError('CONFLICT', 409, TOO_LATE_TO_CANCEL);
    // Frosted (an admin) may still cancel after the delivery time: in full.
    return queueRefundAndSettle(
      tx,
      order,
      held,
      { refundCents: held, vendorCents: 0, platformCents: 0 },
      now,
    );
  }
  await queueRefundAndSettle(tx, order, held, cancellationLedgerSplit(split), now);
}

async function queueRefundAndSettle(tx: Tx, order: OrderRow, held: number, split: Split, now: Date) {
  const posted = await settleOrder(tx, {
    kind: 'cancellation',
    orderId: order.id,
    vendorId: order.vendorId,
    heldCents: held,
    split,
    key: `cancel:${order.id}`,
  });
  await recordFeeCharge(tx, { posted, orderId: order.id, vendorId: order.vendorId, split });
  if (split.refundCents > 0)
    await queueRefund(tx, { orderId: order.id, amountCents: split.refundCents, now });
}

/**
 * A refund owed to the customer, sent by its job (refunds.ts) once this transaction commits. A processor
 * refunds each charge separately and never more than it collected: an order paid in two charges (a
 * deposit and its balance) is refunded from the newest first, each up to what is left of it.
 * `paymentId` names the one charge to refund (a payment that came after its order was cancelled).
 */
export async function queueRefund(
  tx: Tx,
  {
    orderId,
    amountCents,
    now,
    paymentId,
  }: { orderId: string; amountCents: number; now: Date; paymentId?: string | undefined },
) {
  const paid = await tx
    .select({
      id: payments.id,
      left: sql<number>`${payments.amount} - coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.payment_id = ${payments.id}), 0)`.mapWith(
        Number,
      ),
    })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        // One named charge may be a duplicate (collected for what another payment paid).
        ...(paymentId ? [eq(payments.id, paymentId)] : [eq(payments.status, 'succeeded')]),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .for('update');
  let owed = amountCents;
  for (const payment of paid) {
    const amount = Math.min(owed, payment.left);
    if (amount <= 0) continue;
    const refundId = crypto.randomUUID();
    await tx
      .insert(refunds)
      .values({ id: refundId, orderId, paymentId: payment.id, amount, createdAt: now, updatedAt: now });
    // Sent as soon as this commits, by whoever runs the queue first (payments/refunds.ts).
    await scheduleJob(tx, {
      kind: SEND_REFUND_JOB,
      key: sendRefundJobKey(refundId),
      runAt: AT_ONCE,
      payload: { refundId },
    });
    owed -= amount;
    if (owed === 0) return;
  }
  if (owed > 0) throw new Error(`order ${orderId} owes a refund of ${owed} cents more than it collected`);
}

/** When the customer confirms they are satisfied after all, an open claim is withdrawn. */
export async function withdrawOpenClaim(tx: Tx, { orderId, now }: { orderId: string; now: Date }) {
  await tx
    .update(claims)
    .set({ status: 'withdrawn', updatedAt: now })
    .where(and(eq(claims.orderId, orderId), eq(claims.status, 'open')));
}

/** Whether an order has a claim waiting for a decision (its auto-completion must wait too). */
export async function hasOpenClaim(tx: Tx | Db, orderId: string) {
  const [row] = await tx
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.orderId, orderId), eq(claims.status, 'open')));
  return row !== undefined;
}
