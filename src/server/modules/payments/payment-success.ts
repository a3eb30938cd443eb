import { and, eq, ne } from 'drizzle-orm';
import { isFinalOrderStatus } from '../../../shared/order-machine.ts';
import type { Tx } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { recordPayment, settleOrder } from '../ledger/index.ts';
import { orderParties, publish } from '../notifications/index.ts';
import { SYSTEM, transitionOrder } from '../orders/index.ts';
import { queueRefund } from './money.ts';
import type { ProcessorEvent } from './processor.ts';

/** A payment's success applied to its order: for a payment of its own, or one order's share of a group's. */

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
export type PaymentSucceeded = Extract<ProcessorEvent, { type: 'payment.succeeded' }>;

/** Frosted charges in Canadian dollars only; the processor reports currencies in lower case. */
export const PAYMENT_CURRENCY = 'cad';

/** Why a success cannot be the payment it names (another amount or currency), or null when it is. */
export function disagreement(event: PaymentSucceeded, payment: { amount: number }) {
  const currency = typeof event.currency === 'string' ? event.currency.toLowerCase() : event.currency;
  if (event.amountCents !== payment.amount || currency !== PAYMENT_CURRENCY)
    return `The processor reports ${String(event.amountCents)} ${String(event.currency)} for a payment of ${payment.amount} ${PAYMENT_CURRENCY}: not applied; an admin must check it.`;
  return null;
}

/**
 * A success for one of our payments. Under the order's lock: a first payment pays the order, a
 * balance is announced; a payment for an order cancelled meanwhile, or for an order and purpose
 * another payment already paid (a second tab, a late success after a decline), is posted and refunded
 * in full at once.
 */
export async function applySuccess(
  tx: Tx,
  payment: PaymentRow,
  event: PaymentSucceeded,
  now: Date,
  log: Logger,
) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
  const [paidBefore] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, payment.orderId),
        eq(payments.purpose, payment.purpose),
        eq(payments.status, 'succeeded'),
        ne(payments.id, payment.id),
      ),
    )
    .limit(1);
  await tx
    .update(payments)
    .set({
      status: paidBefore ? 'duplicate' : 'succeeded',
      failureMessage: null,
      submittedAt: null,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  await recordPayment(tx, {
    orderId: order!.id,
    vendorId: order!.vendorId,
    amountCents: event.amountCents,
    key: `payment:${payment.id}`,
  });
  if (paidBefore) {
    log.warn({ orderId: order!.id, paymentId: payment.id }, 'second payment for what was paid: refunded');
    return refundWholePayment(tx, order!, payment, event.amountCents, now, `duplicate_payment:${payment.id}`);
  }
  const parties = await orderParties(tx, order!.id);
  if (payment.purpose !== 'balance' && order!.status === 'pending') {
    // A deposit keeps the card it saved, for the balance.
    if (payment.purpose === 'deposit' && event.savedMethodRef)
      await tx
        .update(orders)
        .set({
          paymentMethodRef: event.savedMethodRef,
          ...(event.customerRef && { processorCustomerRef: event.customerRef }),
        })
        .where(eq(orders.id, order!.id));
    await transitionOrder(tx, { orderId: order!.id, action: 'pay', by: SYSTEM, now });
    // The amount paid now: a deposit is only part of the order.
    await publish(tx, {
      type: 'payment.captured',
      userIds: parties,
      refs: { orderId: order!.id, amount: event.amountCents, receiptId: payment.id },
    });
  } else if (payment.purpose === 'balance' && !isFinalOrderStatus(order!.status)) {
    await publish(tx, {
      type: 'balance.charged',
      userIds: parties,
      refs: { orderId: order!.id, amount: event.amountCents, receiptId: payment.id },
    });
  } else {
    // Paid after the order was cancelled (it expired meanwhile, say): all of this payment goes back.
    log.warn({ orderId: order!.id, status: order!.status }, 'payment for an order no longer payable');
    await refundWholePayment(tx, order!, payment, event.amountCents, now, `late_payment:${payment.id}`);
  }
}

/** All of one payment goes back to the customer: it never joins what the order holds. */
async function refundWholePayment(
  tx: Tx,
  order: OrderRow,
  payment: PaymentRow,
  amountCents: number,
  now: Date,
  key: string,
) {
  await settleOrder(tx, {
    kind: 'cancellation',
    orderId: order.id,
    vendorId: order.vendorId,
    heldCents: amountCents,
    split: { refundCents: amountCents, vendorCents: 0, platformCents: 0 },
    key,
  });
  await queueRefund(tx, { orderId: order.id, amountCents, now, paymentId: payment.id });
}
