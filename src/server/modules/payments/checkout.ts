import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { categoryLabel } from '../../../shared/catalog.ts';
import { isAwaitingBalance } from '../../../shared/deposits.ts';
import type { Checkout } from '../../../shared/schemas/payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orders, payments, refunds, vendors, type PaymentPurpose } from '../../db/schema/index.ts';
import { formatLongDate, vancouverDay } from '../../../shared/time.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { Actor } from '../../actor.ts';
import { assertVendorCanTake } from '../calendar/index.ts';
import { balancePaid } from './balance-jobs.ts';
import { cancelReplacedNow } from './cancel-replaced.ts';
import { REPLACED, releaseFromGroups } from './group-release.ts';
import { askAboutPayment } from './outcomes.ts';
import type { PaymentProcessor, ProcessorPayment } from './processor.ts';

type PaymentRow = typeof payments.$inferSelect;

// A payment a group replaced was cancelled at the processor: never reopened, even where a declined one
// is (Stripe's intent stays open after a decline, so `failed` is reopenable there).
const notReplaced = sql`${payments.failureMessage} IS DISTINCT FROM ${REPLACED}`;
type OrderRow = typeof orders.$inferSelect;

const ORDER_NOT_FOUND = 'Order not found.';
export const PAYMENT_NOT_FOUND = 'Payment not found.';

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

/**
 * What this payment means for the customer now: a payment that went through for an order that was
 * cancelled meanwhile, or for what another payment had already paid, is on its way back, and the
 * checkout says so instead of "paid".
 */
export async function refundOf(db: Db, payment: PaymentRow, order: OrderRow): Promise<Checkout['refund']> {
  if (payment.status === 'duplicate') return { reason: 'already_paid', amountCents: payment.amount };
  if (payment.status !== 'succeeded' || order.status !== 'cancelled') return null;
  const [row] = await db
    .select({ total: sql<string>`COALESCE(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(eq(refunds.orderId, order.id));
  return { reason: 'order_cancelled', amountCents: Number(row?.total ?? 0) };
}

/** The checkout as the customer sees it: what is paid, for what, and what became of it. */
export async function checkoutDto({
  db,
  processor,
  payment,
  order,
  vendorName,
  clientSecret = null,
}: {
  db: Db;
  processor: PaymentProcessor;
  payment: PaymentRow;
  order: OrderRow;
  vendorName: string;
  clientSecret?: string | null;
}): Promise<Checkout> {
  return {
    paymentId: payment.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    vendorName,
    subject: order.brief?.kind === 'event' ? categoryLabel(order.brief.category).toLowerCase() : 'cake',
    amount: payment.amount,
    purpose: payment.purpose,
    orderAmount: order.amount,
    balanceCents: order.depositCents === null ? null : order.amount - order.depositCents,
    balanceDueAt: order.balanceDueAt?.toISOString() ?? null,
    provider: payment.provider as Checkout['provider'],
    // A duplicate did go through: what happens to the money is `refund`.
    status: payment.status === 'duplicate' ? 'succeeded' : payment.status,
    confirming: payment.submittedAt !== null,
    refund: await refundOf(db, payment, order),
    failureMessage: payment.failureMessage,
    clientSecret,
    publishableKey: payment.provider === processor.name ? processor.publishableKey : null,
  };
}

/**
 * What the customer pays now: a pending order's deposit (or all of it), or, once the automatic charge
 * of its balance was declined, the balance. Anything else is refused with the reason.
 */
export async function amountDue(
  db: Db | Tx,
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
  if (!isAwaitingBalance(order.status)) return { refusal: 'This order is already paid.' };
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
 * idempotency keys after 24 hours), and first asked what became of it: a card taken before a crash
 * or a lost webhook pays the order now, instead of being asked for again. Two tabs get the same
 * payment: one open checkout payment per order, purpose and processor (a unique index).
 */
export async function startCheckout({
  db,
  processor,
  actor,
  orderId,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  orderId: string;
  now: Date;
  log: Logger;
}): Promise<Checkout> {
  let { order, vendorName } = await payableOrder(db, actor, orderId);
  // Paid alone now: a checkout group still waiting for a card lets go of it (one being confirmed waits).
  const released = await db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
    return releaseFromGroups(tx, [order.id], now);
  });
  if (released > 0) await cancelReplacedNow({ db, processor, now, log });
  const open = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.provider, processor.name),
        eq(payments.offSession, false),
        isNull(payments.checkoutGroupId),
        isNotNull(payments.providerRef),
        inArray(payments.status, [...processor.reopenable]),
        notReplaced,
      ),
    );
  const seen = new Map<string, ProcessorPayment>();
  for (const payment of open) {
    const answer = await askAboutPayment({ db, processor, payment, now, log });
    if (answer) seen.set(payment.id, answer);
  }
  if (open.length > 0) ({ order, vendorName } = await payableOrder(db, actor, orderId));
  // Still with the processor (processing, or it could not be reached): the customer waits, never pays twice.
  const [confirming] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, order.id), isNotNull(payments.submittedAt), eq(payments.offSession, false)),
    )
    .limit(1);
  if (confirming) return checkoutDto({ db, processor, payment: confirming, order, vendorName });
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
  const findOpen = async () => {
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.provider, processor.name),
          eq(payments.purpose, due.purpose),
          eq(payments.offSession, false),
          isNull(payments.checkoutGroupId),
          inArray(payments.status, [...processor.reopenable]),
          notReplaced,
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  };
  let payment = await findOpen();
  if (!payment) {
    // Under the order's lock, as a group checkout writes its shares: unlocked, this insert (waiting on
    // a group's share of the same order) and the group (waiting on the order row this insert's foreign
    // key reads) deadlock on PostgreSQL. A group opened since the first release lets go of it here.
    let releasedNow = 0;
    [payment] = await db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
      releasedNow = await releaseFromGroups(tx, [order.id], now);
      return (
        tx
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
          // Another tab opened it first (payments_order_purpose_open_uq): that one is the checkout.
          .onConflictDoNothing()
          .returning()
      );
    });
    if (releasedNow > 0) await cancelReplacedNow({ db, processor, now, log });
    payment ??= await findOpen();
    if (!payment)
      throw new AppError('CONFLICT', 409, 'This order’s payment changed just now. Reload the page.');
  }
  let clientSecret: string | null;
  if (payment.providerRef) {
    clientSecret = (seen.get(payment.id) ?? (await processor.retrievePayment(payment.providerRef)))
      .clientSecret;
  } else {
    const created = await processor.createPayment({
      paymentId: payment.id,
      orderId: order.id,
      amountCents: payment.amount,
      idempotencyKey: `payment:${payment.id}`,
      // The deposit saves the card the balance is charged to.
      saveCard: payment.purpose === 'deposit',
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
      .where(eq(payments.id, payment.id))
      .returning();
  }
  return checkoutDto({ db, processor, payment: payment!, order, vendorName, clientSecret });
}

/** A payment of the actor's own, with its order; another customer's looks like a missing one. */
export async function customersPayment({
  db,
  actor,
  paymentId,
}: {
  db: Db;
  actor: Actor;
  paymentId: string;
}) {
  const [row] = await db
    .select({ payment: payments, order: orders, vendorName: vendors.businessName })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(eq(payments.id, paymentId));
  if (!row || row.order.customerId !== actor.id) throw AppError.notFound(PAYMENT_NOT_FOUND);
  return row;
}

/**
 * The customer's browser is about to confirm the payment with the processor itself (Stripe's
 * Payment Element): until its answer is recorded the outcome is unknown, so the order page asks the
 * processor instead of waiting for the webhook, and never shows money already taken as unpaid.
 */
export async function markSubmitted({
  db,
  processor,
  actor,
  paymentId,
  now,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  paymentId: string;
  now: Date;
}): Promise<void> {
  const { payment } = await customersPayment({ db, actor, paymentId });
  if (payment.provider !== processor.name || !payment.providerRef) throw AppError.notFound(PAYMENT_NOT_FOUND);
  await db
    .update(payments)
    .set({ submittedAt: now })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, [...processor.reopenable])));
}
