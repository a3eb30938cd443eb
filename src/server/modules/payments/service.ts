import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Checkout, StripeOnboarding, VendorPayouts } from '../../../shared/schemas/payments.ts';
import { queryRows, type Db } from '../../db/client.ts';
import {
  orders,
  payments,
  payouts,
  processorEvents,
  refunds,
  users,
  vendors,
} from '../../db/schema/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import { paymentReceipt } from '../mail/templates.ts';
import { formatCents } from '../../../shared/money.ts';
import { AppError } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import type { Actor } from '../auth/actor.ts';
import { payOutAvailable, recordPayment, recordRefundSent, vendorBalances } from '../ledger/ledger.ts';
import { SYSTEM, transitionOrder } from '../orders/transitions.ts';
import { settleOrderMoney } from './money.ts';
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
  if (order.status !== 'pending') {
    const paid = order.status !== 'cancelled';
    throw new AppError(
      'CONFLICT',
      409,
      paid ? 'This order is already paid.' : 'This order was cancelled, so it can no longer be paid.',
    );
  }
  let [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.provider, processor.name),
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
        amount: order.amount,
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
    });
    clientSecret = created.clientSecret;
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
  receipts,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  paymentId: string;
  cardNumber: string;
  now: Date;
  log: Logger;
  receipts?: { mailer: Mailer; publicUrl: string };
}): Promise<Checkout> {
  // Only the sandbox has a card form of its own: under Stripe the route does not exist.
  if (!isSandboxProcessor(processor)) throw AppError.notFound();
  const { payment } = await customersPayment(db, actor, paymentId);
  if (payment.provider !== 'sandbox' || !payment.providerRef) throw AppError.notFound(PAYMENT_NOT_FOUND);
  if (payment.status !== 'requires_payment')
    throw new AppError('CONFLICT', 409, 'This payment is no longer waiting for a card. Reload the page.');
  const event = await processor.confirmCard(payment.providerRef, cardNumber);
  await applyProcessorEvent({ db, provider: 'sandbox', event, now, log, receipts });
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
  receipts,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  paymentId: string;
  approve: boolean;
  now: Date;
  log: Logger;
  receipts?: { mailer: Mailer; publicUrl: string };
}): Promise<Checkout> {
  if (!isSandboxProcessor(processor)) throw AppError.notFound();
  const { payment } = await customersPayment(db, actor, paymentId);
  if (payment.provider !== 'sandbox' || !payment.providerRef) throw AppError.notFound(PAYMENT_NOT_FOUND);
  if (payment.status !== 'requires_action')
    throw new AppError('CONFLICT', 409, 'This payment is not waiting for a confirmation. Reload the page.');
  const event = await processor.authenticate(payment.providerRef, approve);
  await applyProcessorEvent({ db, provider: 'sandbox', event, now, log, receipts });
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
  receipts,
}: {
  db: Db;
  provider: string;
  event: ProcessorEvent;
  now: Date;
  log: Logger;
  /** Where the customer's receipt goes once a payment succeeds (sent after the transaction). */
  receipts?: { mailer: Mailer; publicUrl: string } | undefined;
}): Promise<{ applied: boolean }> {
  await db
    .insert(processorEvents)
    .values({ id: event.id, provider, type: event.type, payload: { ...event }, receivedAt: now })
    .onConflictDoNothing();
  let paidOrderId: string | undefined;
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
      paidOrderId = order!.id;
      if (order!.status === 'pending') {
        await transitionOrder(tx, { orderId: order!.id, action: 'pay', by: SYSTEM, now });
      } else {
        // Paid after the order was cancelled (it expired meanwhile, say): all of it goes back.
        log.warn({ orderId: order!.id, status: order!.status }, 'payment for an order no longer pending');
        await settleOrderMoney(tx, { ...order!, status: 'cancelled' }, 'system', now);
      }
    } else if (event.type === 'payment.failed' && payment.status !== 'succeeded') {
      await tx
        .update(payments)
        .set({ status: 'failed', failureMessage: event.message, updatedAt: now })
        .where(eq(payments.id, payment.id));
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
  if (paidOrderId && receipts) await sendReceipt(db, receipts, paidOrderId, log);
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

/** The customer's receipt: what was paid, to whom, and that Frosted holds it until they are satisfied. */
async function sendReceipt(
  db: Db,
  { mailer, publicUrl }: { mailer: Mailer; publicUrl: string },
  orderId: string,
  log: Logger,
) {
  try {
    const [row] = await db
      .select({ order: orders, vendorName: vendors.businessName, email: users.email, name: users.name })
      .from(orders)
      .innerJoin(vendors, eq(vendors.id, orders.vendorId))
      .innerJoin(users, eq(users.id, orders.customerId))
      .where(eq(orders.id, orderId));
    if (!row) return;
    await mailer.send({
      to: row.email,
      kind: 'payment-receipt',
      ...paymentReceipt({
        name: row.name,
        orderNumber: row.order.orderNumber,
        vendorName: row.vendorName,
        amount: formatCents(row.order.amount),
        url: `${publicUrl}/customer-dashboard-original`,
      }),
    });
  } catch (err) {
    log.error({ err, orderId }, 'could not e-mail the receipt');
  }
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
        if (moved)
          await recordRefundSent(tx, {
            orderId: refund.orderId,
            amountCents: refund.amount,
            key: `refund_sent:${refund.id}`,
          });
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

async function vendorOf(db: Db, actor: Actor) {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.userId, actor.id));
  if (!vendor) throw AppError.notFound('Vendor profile not found.');
  return vendor;
}

export const PAYOUT_ACCOUNT_MISSING =
  'Set up payouts with Stripe first: your money is paid to your Stripe account.';
export const PAYOUT_ACCOUNT_INCOMPLETE =
  'Finish setting up payouts with Stripe first: Stripe still needs some details from you.';

/**
 * Where a vendor's payouts go: their id in the sandbox; under Stripe their connected account, which
 * must exist and be able to receive transfers (asked before any money moves).
 */
async function payoutDestination(processor: PaymentProcessor, vendor: typeof vendors.$inferSelect) {
  if (!isStripeProcessor(processor)) return vendor.id;
  if (!vendor.stripeAccountId) throw new AppError('CONFLICT', 409, PAYOUT_ACCOUNT_MISSING);
  if (!(await processor.accountReady(vendor.stripeAccountId)))
    throw new AppError('CONFLICT', 409, PAYOUT_ACCOUNT_INCOMPLETE);
  return vendor.stripeAccountId;
}

/**
 * A vendor asks for their available balance. The ledger moves it and the payout row is written in one
 * transaction (never more than available, even for two requests at once); the transfer follows. A
 * transfer that fails stays pending and recovery retries it with the same idempotency key.
 */
export async function requestPayout({
  db,
  processor,
  actor,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  now: Date;
  log: Logger;
}): Promise<{ id: string; amountCents: number; status: string }> {
  const vendor = await vendorOf(db, actor);
  const destination = await payoutDestination(processor, vendor);
  const payoutId = crypto.randomUUID();
  const outcome = await payOutAvailable(db, {
    vendorId: vendor.id,
    key: `payout:${payoutId}`,
    record: (tx, amountCents) =>
      tx
        .insert(payouts)
        .values({ id: payoutId, vendorId: vendor.id, amount: amountCents, createdAt: now, updatedAt: now })
        .then(() => undefined),
  });
  if (!outcome.ok) throw new AppError('CONFLICT', 409, 'There is no available balance to pay out yet.');
  try {
    const { ref } = await processor.transfer({
      destination,
      amountCents: outcome.amountCents,
      idempotencyKey: `payout:${payoutId}`,
      group: `payout:${payoutId}`,
    });
    await db
      .update(payouts)
      .set({ status: 'paid', providerRef: ref, updatedAt: now })
      .where(eq(payouts.id, payoutId));
    return { id: payoutId, amountCents: outcome.amountCents, status: 'paid' };
  } catch (err) {
    log.error({ err, payoutId }, 'payout transfer failed; retried later');
    await db
      .update(payouts)
      .set({ lastError: err instanceof Error ? err.message : String(err), updatedAt: now })
      .where(eq(payouts.id, payoutId));
    return { id: payoutId, amountCents: outcome.amountCents, status: 'pending' };
  }
}

/**
 * How the vendor is paid: the sandbox records payouts; Stripe pays their connected account, which is
 * "connected" once its onboarding lets it receive transfers. Stripe being unreachable shows as not
 * connected (the setup button then only makes a new onboarding link).
 */
export async function payoutMethod({
  db,
  processor,
  actor,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  log: Logger;
}): Promise<VendorPayouts['payoutMethod']> {
  if (!isStripeProcessor(processor)) return { provider: 'sandbox', connected: true };
  const { stripeAccountId } = await vendorOf(db, actor);
  if (!stripeAccountId) return { provider: 'stripe', connected: false };
  const connected = await processor.accountReady(stripeAccountId).catch((err: unknown) => {
    log.warn({ err, stripeAccountId }, 'could not ask Stripe about a connected account');
    return false;
  });
  return { provider: 'stripe', connected };
}

/**
 * Stripe Connect Express onboarding: the vendor's account is created once (keyed by the vendor, its
 * id stored as soon as Stripe answers), then a single-use link to Stripe's hosted form, which sends
 * the vendor back to their Payouts tab.
 */
export async function startStripeOnboarding({
  db,
  processor,
  actor,
  publicUrl,
  now,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  publicUrl: string;
  now: Date;
}): Promise<StripeOnboarding> {
  if (!isStripeProcessor(processor)) throw AppError.notFound();
  const vendor = await vendorOf(db, actor);
  let accountId = vendor.stripeAccountId;
  if (!accountId) {
    const created = await processor.createConnectedAccount({
      vendorId: vendor.id,
      email: actor.email,
      idempotencyKey: `account:${vendor.id}`,
    });
    // Two requests at once get the same account (same key); the first to record one wins.
    await db
      .update(vendors)
      .set({ stripeAccountId: created.accountId, updatedAt: now })
      .where(and(eq(vendors.id, vendor.id), isNull(vendors.stripeAccountId)));
    accountId = (await vendorOf(db, actor)).stripeAccountId!;
  }
  const back = `${publicUrl}/vendor-dashboard?tab=payouts`;
  return processor.onboardingLink({
    accountId,
    refreshUrl: `${back}&stripe=refresh`,
    returnUrl: `${back}&stripe=return`,
  });
}

/** The vendor's Payouts tab: balances, per order what the ledger moved, and their payouts. */
export async function vendorPayouts(db: Db, actor: Actor): Promise<Omit<VendorPayouts, 'payoutMethod'>> {
  const vendor = await vendorOf(db, actor);
  const balances = await vendorBalances(db, vendor.id);
  const rows = await queryRows<{
    order_id: string;
    order_number: string;
    status: string;
    amount: number;
    account_kind: string;
    transaction_kind: string;
    total: string;
  }>(
    db,
    sql`SELECT o.id AS order_id, o.order_number, o.status, o.amount, a.kind AS account_kind,
          t.kind AS transaction_kind, sum(e.amount)::text AS total
        FROM orders o
        JOIN ledger_transactions t ON t.order_id = o.id
        JOIN ledger_entries e ON e.transaction_id = t.id
        JOIN ledger_accounts a ON a.id = e.account_id
        WHERE o.vendor_id = ${vendor.id}
        GROUP BY o.id, o.order_number, o.status, o.amount, o.created_at, a.kind, t.kind
        ORDER BY o.created_at DESC`,
  );
  const byOrder = new Map<string, VendorPayouts['orders'][number]>();
  for (const r of rows) {
    const line =
      byOrder.get(r.order_id) ??
      ({
        orderId: r.order_id,
        orderNumber: r.order_number,
        status: r.status,
        amountCents: r.amount,
        heldCents: 0,
        vendorCents: 0,
        feeCents: 0,
        refundedCents: 0,
      } satisfies VendorPayouts['orders'][number]);
    const total = Number(r.total);
    if (r.account_kind === 'order_held') line.heldCents -= total;
    else if (r.account_kind === 'vendor_payable') line.vendorCents -= total;
    else if (r.account_kind === 'platform_revenue') line.feeCents -= total;
    else if (r.account_kind === 'refunds_payable' && r.transaction_kind !== 'refund_sent')
      line.refundedCents -= total;
    byOrder.set(r.order_id, line);
  }
  const list = await db
    .select()
    .from(payouts)
    .where(eq(payouts.vendorId, vendor.id))
    .orderBy(desc(payouts.createdAt))
    .limit(100);
  return {
    ...balances,
    orders: [...byOrder.values()],
    payouts: list.map((p) => ({
      id: p.id,
      amountCents: p.amount,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}
