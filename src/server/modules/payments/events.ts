import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { checkoutGroups, payments, processorEvents } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { orderParties, publish } from '../notifications/index.ts';
import { applyGroupEvent } from './group-events.ts';
import { applyAftermath } from './disputes-events.ts';
import { applySuccess, disagreement } from './payment-success.ts';
import type { ProcessorEvent } from './processor.ts';

type PaymentRow = typeof payments.$inferSelect;

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
  // After the payment: a dispute, a refund made outside Frosted, a cancellation (disputes-events.ts).
  if (
    event.type === 'dispute.changed' ||
    event.type === 'payment.refunded' ||
    event.type === 'payment.canceled'
  )
    return markApplied(tx, event.id, now, await applyAftermath(tx, { provider, event, now, log }));

  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, event.paymentRef)))
    .for('update');
  if (!payment) {
    // A checkout group's payment (several orders at once): each order's share is applied as its own.
    const [group] = await tx
      .select()
      .from(checkoutGroups)
      .where(and(eq(checkoutGroups.provider, provider), eq(checkoutGroups.providerRef, event.paymentRef)))
      .for('update');
    if (group) return applyGroupEvent(tx, { group, event, now, log });
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

/** An event applied by another file: marked applied here, as the rest are above. */
async function markApplied(tx: Tx, eventId: string, now: Date, outcome: { applied: boolean }) {
  if (outcome.applied)
    await tx
      .update(processorEvents)
      .set({ appliedAt: now, error: null, nextTryAt: null })
      .where(eq(processorEvents.id, eventId));
  return outcome;
}

const isOpenOrFailed = (payment: PaymentRow) =>
  payment.status !== 'succeeded' && payment.status !== 'duplicate';

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
