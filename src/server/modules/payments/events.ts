import { and, eq, ne, sql } from 'drizzle-orm';
import { isFinalOrderStatus } from '../../../shared/order-machine.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orders, payments, processorEvents } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { recordPayment, settleOrder } from '../ledger/index.ts';
import { orderParties, publish } from '../notifications/index.ts';
import { SYSTEM, transitionOrder } from '../orders/index.ts';
import { queueRefund } from './money.ts';
import type { ProcessorEvent } from './processor.ts';

type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Frosted charges in Canadian dollars only; the processor reports currencies in lower case. */
export const PAYMENT_CURRENCY = 'cad';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Applies what a processor says happened, once: the event is stored by its id first, so a repeat
 * (webhooks are delivered at least once) is recognised, and each effect is idempotent besides (a
 * payment already succeeded stays so; the ledger posts a payment once). Events may arrive in any
 * order: a failure reported after the success is ignored, a success after a failure wins.
 *
 * An event that cannot be applied has its failure recorded on its row (attempts, last error, next
 * try) before the error goes on to the caller: recovery retries it on its own schedule and
 * reconciliation lists it, and no other event waits for it. A success whose amount or currency is not
 * the payment's is never applied as payment: it is flagged for an admin.
 */
export async function applyProcessorEvent({
  db,
  provider,
  event,
  now,
  log,
}: {
  db: Db;
  provider: string;
  event: ProcessorEvent;
  now: Date;
  log: Logger;
}): Promise<{ applied: boolean }> {
  await db
    .insert(processorEvents)
    .values({ id: event.id, provider, type: event.type, payload: { ...event }, receivedAt: now })
    .onConflictDoNothing();
  try {
    return await db.transaction((tx) => applyInTransaction(tx, provider, event, now, log));
  } catch (err) {
    await recordEventFailure({ db, eventId: event.id, err, now }).catch((recordErr: unknown) =>
      log.error({ err: recordErr, eventId: event.id }, 'could not record a processor event’s failure'),
    );
    throw err;
  }
}

/**
 * The failure of one event, on its row: how often it failed, why the last time, and when to try
 * again (after 1, 2, 4 … minutes, at most 6 hours apart).
 */
export async function recordEventFailure({
  db,
  eventId,
  err,
  now,
}: {
  db: Db;
  eventId: string;
  err: unknown;
  now: Date;
}): Promise<void> {
  await db
    .update(processorEvents)
    .set({
      attempts: sql`${processorEvents.attempts} + 1`,
      error: message(err),
      nextTryAt: sql`${now.toISOString()}::timestamptz + (least(60 * power(2, ${processorEvents.attempts}), 21600) * interval '1 second')`,
    })
    .where(and(eq(processorEvents.id, eventId), sql`${processorEvents.appliedAt} IS NULL`));
}

async function applyInTransaction(
  tx: Tx,
  provider: string,
  event: ProcessorEvent,
  now: Date,
  log: Logger,
): Promise<{ applied: boolean }> {
  const [stored] = await tx
    .select({ appliedAt: processorEvents.appliedAt, flaggedAt: processorEvents.flaggedAt })
    .from(processorEvents)
    .where(eq(processorEvents.id, event.id))
    .for('update');
  if (stored?.appliedAt || stored?.flaggedAt) return { applied: false };

  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, event.paymentRef)))
    .for('update');
  if (!payment) {
    // Not ours, or it arrived before we recorded the processor's id: kept unapplied for a retry.
    await tx
      .update(processorEvents)
      .set({ error: 'no payment with this reference yet' })
      .where(eq(processorEvents.id, event.id));
    log.warn({ eventId: event.id, ref: event.paymentRef }, 'processor event for an unknown payment');
    return { applied: false };
  }
  if (event.type === 'payment.succeeded') {
    const mismatch = disagreement(event, payment);
    if (mismatch) {
      await tx
        .update(processorEvents)
        .set({ flaggedAt: now, error: mismatch })
        .where(eq(processorEvents.id, event.id));
      log.error(
        { eventId: event.id, paymentId: payment.id, mismatch },
        'processor event flagged, not applied',
      );
      return { applied: false };
    }
    if (payment.status !== 'succeeded' && payment.status !== 'duplicate')
      await applySuccess(tx, payment, event, now, log);
  } else if (event.type === 'payment.failed' && isOpenOrFailed(payment)) {
    // The claim on a card sent (submitted_at) stays: this failure may be an earlier attempt's, arriving
    // late. Whoever sent the card lets go once its answer is recorded; otherwise the processor is asked.
    await tx
      .update(payments)
      .set({ status: 'failed', failureMessage: event.message, updatedAt: now })
      .where(eq(payments.id, payment.id));
    // The balance's automatic charge was declined: the customer is told, with the link to pay it.
    if (payment.offSession && payment.status !== 'failed') {
      const [customerId] = await orderParties(tx, payment.orderId);
      await publish(tx, {
        type: 'balance.failed',
        userIds: [customerId],
        refs: { orderId: payment.orderId },
      });
    }
  } else if (event.type === 'payment.requires_action' && payment.status === 'requires_payment') {
    await tx
      .update(payments)
      .set({ status: 'requires_action', submittedAt: null, updatedAt: now })
      .where(eq(payments.id, payment.id));
  }
  await tx
    .update(processorEvents)
    .set({ appliedAt: now, error: null, nextTryAt: null })
    .where(eq(processorEvents.id, event.id));
  return { applied: true };
}

const isOpenOrFailed = (payment: PaymentRow) =>
  payment.status !== 'succeeded' && payment.status !== 'duplicate';

/** Why a success cannot be the payment it names (another amount or currency), or null when it is. */
function disagreement(event: Extract<ProcessorEvent, { type: 'payment.succeeded' }>, payment: PaymentRow) {
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
async function applySuccess(
  tx: Tx,
  payment: PaymentRow,
  event: Extract<ProcessorEvent, { type: 'payment.succeeded' }>,
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
      refs: { orderId: order!.id, amount: event.amountCents },
    });
  } else if (payment.purpose === 'balance' && !isFinalOrderStatus(order!.status)) {
    await publish(tx, {
      type: 'balance.charged',
      userIds: parties,
      refs: { orderId: order!.id, amount: event.amountCents },
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

/**
 * A verified processor event that changes nothing here (another type, or a payment not made by
 * Frosted): recorded by its id as applied, so a repeat is recognised and recovery leaves it alone.
 */
export async function recordIgnoredEvent({
  db,
  provider,
  id,
  type,
  now,
}: {
  db: Db;
  provider: string;
  id: string;
  type: string;
  now: Date;
}): Promise<void> {
  await db
    .insert(processorEvents)
    .values({ id, provider, type, payload: { id, type }, receivedAt: now, appliedAt: now })
    .onConflictDoNothing();
}
