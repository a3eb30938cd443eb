import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { checkoutGroups, payments, processorEvents } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { applySuccess, disagreement } from './payment-success.ts';
import type { ProcessorEvent } from './processor.ts';

type GroupRow = typeof checkoutGroups.$inferSelect;
const SETTLED = ['succeeded', 'duplicate'] as const;

/**
 * What the processor says of a checkout group's payment (the caller holds the group's row and the
 * stored event's lock), applied to each order's share in this one transaction: a success pays each
 * order exactly as a payment of its own would (its ledger posting keyed by its share, its transition
 * with its event row; an order cancelled meanwhile, or paid by another checkout, gets its share
 * refunded), a decline or a confirmation step moves the group and its open shares. Orders are taken
 * in id order, as the checkout locks them, so two transactions never wait on each other in a circle.
 */
export async function applyGroupEvent(
  tx: Tx,
  { group, event, now, log }: { group: GroupRow; event: ProcessorEvent; now: Date; log: Logger },
): Promise<{ applied: boolean }> {
  const shares = await tx
    .select()
    .from(payments)
    .where(eq(payments.checkoutGroupId, group.id))
    .orderBy(asc(payments.orderId))
    .for('update');
  if (event.type === 'payment.succeeded') {
    const mismatch = disagreement(event, group);
    if (mismatch) {
      await tx
        .update(processorEvents)
        .set({ flaggedAt: now, error: mismatch })
        .where(eq(processorEvents.id, event.id));
      log.error({ eventId: event.id, checkoutGroupId: group.id, mismatch }, 'processor event flagged');
      return { applied: false };
    }
    await tx
      .update(checkoutGroups)
      .set({
        status: 'succeeded',
        chargeRef: event.chargeRef ?? group.chargeRef,
        failureMessage: null,
        submittedAt: null,
        updatedAt: now,
      })
      .where(eq(checkoutGroups.id, group.id));
    for (const share of shares)
      if (!(SETTLED as readonly string[]).includes(share.status))
        // Each order is paid its share: the ledger key is the share's (`payment:{id}`), so once.
        await applySuccess(tx, share, { ...event, amountCents: share.amount }, now, log);
  } else if (event.type === 'payment.failed' && group.status !== 'succeeded' && group.status !== 'replaced') {
    await tx
      .update(checkoutGroups)
      .set({ status: 'failed', failureMessage: event.message, updatedAt: now })
      .where(eq(checkoutGroups.id, group.id));
    await tx
      .update(payments)
      .set({ status: 'failed', failureMessage: event.message, updatedAt: now })
      .where(and(eq(payments.checkoutGroupId, group.id), notInArray(payments.status, [...SETTLED])));
  } else if (event.type === 'payment.requires_action' && group.status === 'requires_payment') {
    await tx
      .update(checkoutGroups)
      .set({ status: 'requires_action', submittedAt: null, updatedAt: now })
      .where(eq(checkoutGroups.id, group.id));
    await tx
      .update(payments)
      .set({ status: 'requires_action', submittedAt: null, updatedAt: now })
      .where(and(eq(payments.checkoutGroupId, group.id), inArray(payments.status, ['requires_payment'])));
  }
  await tx
    .update(processorEvents)
    .set({ appliedAt: now, error: null, nextTryAt: null })
    .where(eq(processorEvents.id, event.id));
  return { applied: true };
}
