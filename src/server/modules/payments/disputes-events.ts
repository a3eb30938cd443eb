import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { checkoutGroups, orders, payments, processorEvents, refunds } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { recordExternalRefund } from '../ledger/index.ts';
import { orderParties, publish } from '../notifications/index.ts';
import { applyDisputeEvent, splitDispute } from './disputes.ts';
import type { ProcessorEvent } from './processor.ts';

type Aftermath = Extract<
  ProcessorEvent,
  { type: 'dispute.changed' | 'payment.refunded' | 'payment.canceled' }
>;

/** Why a payment the processor cancelled cannot be paid any more. */
export const PAYMENT_CANCELED = 'This payment was cancelled. Start the payment again to pay.';
const OPEN = ['requires_payment', 'requires_action', 'failed'] as const;

/**
 * What the processor tells after (or instead of) a payment, applied in the caller's transaction
 * (events.ts stores the event, locks it and marks it applied): a dispute, refunds made outside
 * Frosted, or the payment cancelled.
 */
export async function applyAftermath(
  tx: Tx,
  { provider, event, now, log }: { provider: string; event: Aftermath; now: Date; log: Logger },
): Promise<{ applied: boolean }> {
  if (event.type === 'dispute.changed') return applyDisputeEvent(tx, { provider, event, now, log });
  const target = await paymentOf(tx, provider, event.paymentRef);
  if (!target) {
    await tx
      .update(processorEvents)
      .set({ error: 'no payment with this reference yet' })
      .where(eq(processorEvents.id, event.id));
    return { applied: false };
  }
  if (event.type === 'payment.canceled') {
    await cancelPayment(tx, target, now);
    return { applied: true };
  }
  for (const refund of event.refunds) {
    if (await isOurs(tx, refund)) continue;
    await applyExternalRefund(tx, { target, refund, now, log });
  }
  return { applied: true };
}

/** The payment named, its own or a checkout group's, and what each of its orders paid with it. */
async function paymentOf(tx: Tx, provider: string, ref: string) {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, ref)))
    .for('update');
  if (payment) return { payment, group: null, shares: [payment] };
  const [group] = await tx
    .select()
    .from(checkoutGroups)
    .where(and(eq(checkoutGroups.provider, provider), eq(checkoutGroups.providerRef, ref)))
    .for('update');
  if (!group) return null;
  const shares = await tx
    .select()
    .from(payments)
    .where(eq(payments.checkoutGroupId, group.id))
    .orderBy(asc(payments.orderId))
    .for('update');
  return { payment: null, group, shares };
}
type Target = NonNullable<Awaited<ReturnType<typeof paymentOf>>>;

/** A refund Frosted made itself: its key names our refund (`refund:{id}`), or its id is recorded on one. */
async function isOurs(tx: Tx, refund: { ref: string; key: string | null }) {
  const ourId = refund.key?.startsWith('refund:') ? refund.key.slice('refund:'.length) : null;
  const [row] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(or(eq(refunds.providerRef, refund.ref), ...(ourId ? [eq(refunds.id, ourId)] : [])))
    .limit(1);
  return row !== undefined;
}

/**
 * A refund made at the processor (its dashboard): posted to the ledger as a refund of the order (a
 * checkout group's spread over its orders as their payments were), recorded as a sent refund, and the
 * customer told. The order keeps its status (decision 031): its held funds are less by the refund, so
 * a later completion releases only what is left; an admin cancels it in Frosted if it is over.
 */
async function applyExternalRefund(
  tx: Tx,
  {
    target,
    refund,
    now,
    log,
  }: { target: Target; refund: { ref: string; amountCents: number }; now: Date; log: Logger },
) {
  const paid = target.shares
    .filter((s) => s.status === 'succeeded')
    .map((s) => ({ orderId: s.orderId, vendorId: '', amountCents: s.amount, paymentId: s.id }));
  if (paid.length === 0) return;
  const vendorOf = new Map(
    (
      await tx
        .select({ id: orders.id, vendorId: orders.vendorId })
        .from(orders)
        .where(
          inArray(
            orders.id,
            paid.map((p) => p.orderId),
          ),
        )
    ).map((o) => [o.id, o.vendorId]),
  );
  const parts = splitDispute(refund.amountCents, paid);
  for (const [i, part] of parts.entries()) {
    if (part.amountCents === 0) continue;
    const ref = parts.length === 1 ? refund.ref : `${refund.ref}:${part.orderId}`;
    // Named by the processor's refund (and the order, for a group's): the same id on a redelivery.
    const refundId = `external_${ref.replace(/:/g, '_')}`;
    const posted = await recordExternalRefund(tx, {
      refundRef: ref,
      refundId,
      orderId: part.orderId,
      vendorId: vendorOf.get(part.orderId)!,
      amountCents: part.amountCents,
    });
    if (!posted.created) continue;
    await tx.insert(refunds).values({
      id: refundId,
      orderId: part.orderId,
      paymentId: paid[i]!.paymentId,
      amount: part.amountCents,
      status: 'succeeded',
      providerRef: refund.ref,
      createdAt: now,
      updatedAt: now,
    });
    const [customerId] = await orderParties(tx, part.orderId);
    await publish(tx, { type: 'refund.sent', userIds: [customerId], refs: { orderId: part.orderId }, now });
    log.info({ refundRef: refund.ref, orderId: part.orderId }, 'refund made at the processor recorded');
  }
}

/** The processor cancelled a payment not paid: it is over, and the order can be paid again. */
async function cancelPayment(tx: Tx, target: Target, now: Date) {
  const failed = {
    status: 'failed' as const,
    failureMessage: PAYMENT_CANCELED,
    submittedAt: null,
    updatedAt: now,
  };
  if (target.group) {
    if (!(OPEN as readonly string[]).includes(target.group.status)) return;
    await tx.update(checkoutGroups).set(failed).where(eq(checkoutGroups.id, target.group.id));
    await tx
      .update(payments)
      .set(failed)
      .where(and(eq(payments.checkoutGroupId, target.group.id), inArray(payments.status, [...OPEN])));
    return;
  }
  if (!(OPEN as readonly string[]).includes(target.payment.status)) return;
  await tx.update(payments).set(failed).where(eq(payments.id, target.payment.id));
}
