import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Checkout } from '../../../shared/schemas/payments.ts';
import type { Db } from '../../db/client.ts';
import {
  orders,
  payments,
  processorEvents,
  refunds,
  vendors,
  type PaymentPurpose,
} from '../../db/schema/index.ts';
import { isFinalOrderStatus } from '../../../shared/order-machine.ts';
import { formatLongDate, vancouverDay } from '../../../shared/time.ts';
import { AppError } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import type { Actor } from '../auth/actor.ts';
import { assertVendorCanTake } from '../calendar/availability.ts';
import { recordPayment, recordRefundSent, settleOrder } from '../ledger/ledger.ts';
import { orderParties, publish } from '../notifications/index.ts';
import { SYSTEM, transitionOrder } from '../orders/transitions.ts';
import { queueRefund } from './money.ts';
import { balancePaid } from './balance-jobs.ts';
import type { PaymentProcessor, ProcessorEvent } from './processor.ts';
import { isSandboxProcessor } from './sandbox.ts';
import { isStripeProcessor } from './stripe.ts';

type PaymentRow = typeof payments.$inferSelect;

const ORDER_NOT_FOUND = 'Order not found.';
const PAYMENT_NOT_FOUND = 'Payment not found.';

/** The customer's pending order, or the reason it cannot be paid. */
async function payableOrder(db: Db, actor: Actor, orderId: string) {
  const [row] = await db
    .select({ order: orders, vendorName: vendors.businessName })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(eq(orders.id, orderId));
  if (!row || row.order.customerId !== actor.id) throw AppError.notFound(ORDER_NOT_FOUND);
  return row;
}

function checkoutDto(
  payment: PaymentRow,
  order: typeof orders.$inferSelect,
  vendorName: string,
  stripe: { clientSecret: string | null; publishableKey: string } | null = null,
): Checkout {
  return {
    paymentId: payment.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    vendorName,
    amount: payment.amount,
    purpose: payment.purpose,
    orderAmount: order.amount,
    balanceCents: order.depositCents === null ? null : order.amount - order.depositCents,
    balanceDueAt: order.balanceDueAt?.toISOString() ?? null,
    provider: payment.provider as Checkout['provider'],
    status: payment.status,
    failureMessage: payment.failureMessage,
    clientSecret: stripe?.clientSecret ?? null,
    publishableKey: stripe?.publishableKey ?? null,
  };
}

/**
 * The payments a checkout may reopen. A declined sandbox payment is over (the next card is a new
 * payment); a Stripe PaymentIntent stays open after a decline and the Payment Element tries the next
 * card on it, so the order keeps one intent and a customer cannot pay twice from two tabs.
 */
export const reopenable = (processor: PaymentProcessor) =>
  processor.name === 'stripe'
    ? (['requires_payment', 'requires_action', 'failed'] as const)
    : (['requires_payment', 'requires_action'] as const);

/**
 * What the customer pays now: a pending order's deposit (or all of it), or, once the automatic charge
 * of its balance was declined, the balance. Anything else is refused with the reason.
 */
async function amountDue(
  db: Db,
  order: typeof orders.$inferSelect,
): Promise<{ purpose: PaymentPurpose; amountCents: number } | { refusal: string }> {
  if (order.status === 'pending')
    return order.depositCents === null
      ? { purpose: 'full', amountCents: order.amount }
      : { purpose: 'deposit', amountCents: order.depositCents };
  if (order.status === 'cancelled')
    return { refusal: 'This order was cancelled, so it can no longer be paid.' };
  if (order.depositCents === null || (await balancePaid(db, order)))
    return { refusal: 'This order is already paid.' };
  if (!['paid', 'confirmed', 'in_progress', 'ready'].includes(order.status))
    return { refusal: 'This order is already paid.' };
  const [declined] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.purpose, 'balance'),
        eq(payments.offSession, true),
        eq(payments.status, 'failed'),
      ),
    )
    .limit(1);
  if (!declined)
    return {
      refusal: `The balance is charged to your saved card on ${formatLongDate(order.balanceDueAt!)}.`,
    };
  return { purpose: 'balance', amountCents: order.amount - order.depositCents };
}

/**
 * The checkout of a pending order: its open payment, or a new one (after a declined card, say). The
 * payment row is written before the processor is asked, and the processor's id after, both keyed by
 * the payment, so a crash in between is finished by asking again with the same idempotency key. A
 * payment the processor already knows is looked up rather than created again (Stripe forgets
 * idempotency keys after 24 hours).
 */
export async function startCheckout({
  db,
  processor,
  actor,
  orderId,
  now,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  orderId: string;
  now: Date;
}): Promise<Checkout> {
  const { order, vendorName } = await payableOrder(db, actor, orderId);
  const due = await amountDue(db, order);
  if ('refusal' in due) throw new AppError('CONFLICT', 409, due.refusal);
  // The first payment checks the day again (under the vendor's lock, like acceptance): a vendor who
  // blacked the day out or lowered their orders a day since the quote was accepted is not paid for it.
  // The order itself holds its slot, so it does not count against its own day.
  if (due.purpose !== 'balance' && order.deliveryDate)
    await db.transaction((tx) =>
      assertVendorCanTake(tx, {
        vendorId: order.vendorId,
        eventDate: vancouverDay(order.deliveryDate!),
        now,
        excludeOrderId: order.id,
      }),
    );
  let [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.provider, processor.name),
        eq(payments.purpose, due.purpose),
        eq(payments.offSession, false),
        inArray(payments.status, [...reopenable(processor)]),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment) {
    [payment] = await db
      .insert(payments)
      .values({
        id: crypto.randomUUID(),
        orderId: order.id,
        provider: processor.name,
        amount: due.amountCents,
        purpose: due.purpose,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
  }
  let clientSecret: string | null;
  if (payment!.providerRef) {
    ({ clientSecret } = await processor.retrievePayment(payment!.providerRef));
  } else {
    const created = await processor.createPayment({
      paymentId: payment!.id,
      orderId: order.id,
      amountCents: payment!.amount,
      idempotencyKey: `payment:${payment!.id}`,
      // The deposit saves the card the balance is charged to.
      saveCard: payment!.purpose === 'deposit',
    });
    clientSecret = created.clientSecret;
    if (created.customerRef)
      await db
        .update(orders)
        .set({ processorCustomerRef: created.customerRef })
        .where(eq(orders.id, order.id));
    [payment] = await db
      .update(payments)
      .set({ providerRef: created.ref, updatedAt: now })
      .where(eq(payments.id, payment!.id))
      .returning();
  }
  const stripe = isStripeProcessor(processor)
    ? { clientSecret, publishableKey: processor.publishableKey }
    : null;
  return checkoutDto(payment!, order, vendorName, stripe);
}

async function customersPayment(db: Db, actor: Actor, paymentId: string) {
  const [row] = await db
    .select({ payment: payments, order: orders, vendorName: vendors.businessName })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(eq(payments.id, paymentId));
  if (!row || row.order.customerId !== actor.id) throw AppError.notFound(PAYMENT_NOT_FOUND);
  return row;
}

/** The sandbox's card form was sent: the sandbox decides, and its event is applied as a webhook's would be. */
export async function confirmSandboxPayment({
  db,
  processor,
  actor,
  paymentId,
  cardNumber,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  paymentId: string;
  cardNumber: string;
  now: Date;
  log: Logger;
}): Promise<Checkout> {
  // Only the sandbox has a card form of its own: under Stripe the route does not exist.
  if (!isSandboxProcessor(processor)) throw AppError.notFound();
  const { payment } = await customersPayment(db, actor, paymentId);
  if (payment.provider !== 'sandbox' || !payment.providerRef) throw AppError.notFound(PAYMENT_NOT_FOUND);
  if (payment.status !== 'requires_payment')
    throw new AppError('CONFLICT', 409, 'This payment is no longer waiting for a card. Reload the page.');
  const event = await processor.confirmCard(payment.providerRef, cardNumber);
  await applyProcessorEvent({ db, provider: 'sandbox', event, now, log });
  const after = await customersPayment(db, actor, paymentId);
  return checkoutDto(after.payment, after.order, after.vendorName);
}

/** The sandbox's extra confirmation step (3-D Secure), approved or not. */
export async function authenticateSandboxPayment({
  db,
  processor,
  actor,
  paymentId,
  approve,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  paymentId: string;
  approve: boolean;
  now: Date;
  log: Logger;
}): Promise<Checkout> {
  if (!isSandboxProcessor(processor)) throw AppError.notFound();
  const { payment } = await customersPayment(db, actor, paymentId);
  if (payment.provider !== 'sandbox' || !payment.providerRef) throw AppError.notFound(PAYMENT_NOT_FOUND);
  if (payment.status !== 'requires_action')
    throw new AppError('CONFLICT', 409, 'This payment is not waiting for a confirmation. Reload the page.');
  const event = await processor.authenticate(payment.providerRef, approve);
  await applyProcessorEvent({ db, provider: 'sandbox', event, now, log });
  const after = await customersPayment(db, actor, paymentId);
  return checkoutDto(after.payment, after.order, after.vendorName);
}

/**
 * Applies what a processor says happened, once: the event is stored by its id first, so a repeat
 * (webhooks are delivered at least once) is recognised, and each effect is idempotent besides (a
 * payment already succeeded stays so; the ledger posts a payment once). Events may arrive in any
 * order: a failure reported after the success is ignored, a success after a failure wins.
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
  const result = await db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ appliedAt: processorEvents.appliedAt })
      .from(processorEvents)
      .where(eq(processorEvents.id, event.id))
      .for('update');
    if (stored?.appliedAt) return { applied: false };

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
    if (event.type === 'payment.succeeded' && payment.status !== 'succeeded') {
      await tx
        .update(payments)
        .set({ status: 'succeeded', failureMessage: null, updatedAt: now })
        .where(eq(payments.id, payment.id));
      const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
      await recordPayment(tx, {
        orderId: payment.orderId,
        vendorId: order!.vendorId,
        amountCents: event.amountCents,
        key: `payment:${payment.id}`,
      });
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
        await settleOrder(tx, {
          kind: 'cancellation',
          orderId: order!.id,
          vendorId: order!.vendorId,
          heldCents: event.amountCents,
          split: { refundCents: event.amountCents, vendorCents: 0, platformCents: 0 },
          key: `late_payment:${payment.id}`,
        });
        await queueRefund(tx, order!.id, event.amountCents, now, payment.id);
      }
    } else if (event.type === 'payment.failed' && payment.status !== 'succeeded') {
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
        .set({ status: 'requires_action', updatedAt: now })
        .where(eq(payments.id, payment.id));
    }
    await tx
      .update(processorEvents)
      .set({ appliedAt: now, error: null })
      .where(eq(processorEvents.id, event.id));
    return { applied: true };
  });
  return result;
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

/**
 * Sends the refunds that cancellations and claims queued. The processor's idempotency key is the
 * refund's id, so a refund sent twice (two processes, a crash before recording) is sent once; the
 * ledger records it once when the row moves from pending.
 */
export async function sendPendingRefunds({
  db,
  processor,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  now: Date;
  log: Logger;
}): Promise<{ sent: number; failed: number }> {
  const pending = await db
    .select({ refund: refunds, paymentRef: payments.providerRef })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.status, 'pending'))
    .orderBy(refunds.createdAt)
    .limit(20);
  let sent = 0;
  let failed = 0;
  for (const { refund, paymentRef } of pending) {
    try {
      const { ref } = await processor.refund({
        paymentRef: paymentRef!,
        amountCents: refund.amount,
        idempotencyKey: `refund:${refund.id}`,
      });
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(refunds)
          .set({ status: 'succeeded', providerRef: ref, lastError: null, updatedAt: now })
          .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
          .returning({ id: refunds.id });
        if (!moved) return;
        await recordRefundSent(tx, {
          orderId: refund.orderId,
          amountCents: refund.amount,
          key: `refund_sent:${refund.id}`,
        });
        const [customerId] = await orderParties(tx, refund.orderId);
        await publish(tx, { type: 'refund.sent', userIds: [customerId], refs: { orderId: refund.orderId } });
      });
      sent++;
    } catch (err) {
      failed++;
      log.error({ err, refundId: refund.id }, 'refund not sent; retried later');
      await db
        .update(refunds)
        .set({ lastError: err instanceof Error ? err.message : String(err), updatedAt: now })
        .where(eq(refunds.id, refund.id));
    }
  }
  return { sent, failed };
}
