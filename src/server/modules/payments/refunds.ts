import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutGroups, payments, refunds } from '../../db/schema/index.ts';
import { recordRefundSent } from '../ledger/index.ts';
import { orderParties, publish } from '../notifications/index.ts';
import { errorText, runJobsNow, type PaymentRound } from './batch.ts';
import { type OutsideJobHandler } from '../jobs/index.ts';
import type { PaymentProcessor } from './processor.ts';

/** Sends one refund that a cancellation or a claim queued (money.ts schedules it with the refund). */
export const SEND_REFUND_JOB = 'payments.sendRefund';
export const sendRefundJobKey = (refundId: string) => `refund:${refundId}`;

/**
 * The refund's job: sent to the processor outside any transaction, then recorded. The processor's
 * idempotency key is the refund's id, so a refund sent twice (two processes, a crash before
 * recording) is sent once; the ledger records it once when the row moves from pending. A failure is
 * kept on the refund (its last error) and the queue tries again with backoff, then keeps it as a
 * failed job for an admin. `onSent` counts the refunds sent, for whoever runs a round now.
 */
export function sendRefundJob(processor: PaymentProcessor, onSent?: () => void): OutsideJobHandler {
  return {
    async outside(db, job, { now, log }) {
      const refundId = String(job.payload.refundId ?? '');
      const [pending] = await db
        // One order's share of a checkout group is refunded from the group's payment (a partial refund).
        .select({
          refund: refunds,
          paymentRef: sql<string | null>`coalesce(${payments.providerRef}, ${checkoutGroups.providerRef})`,
        })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .leftJoin(checkoutGroups, eq(checkoutGroups.id, payments.checkoutGroupId))
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
      if (!pending) return;
      const { refund, paymentRef } = pending;
      try {
        const { ref } = await processor.refund({
          paymentRef: paymentRef!,
          amountCents: refund.amount,
          idempotencyKey: `refund:${refund.id}`,
        });
        await recordRefundDone(db, refund, ref, now);
        onSent?.();
      } catch (err) {
        log.error({ err, refundId: refund.id }, 'refund not sent; retried later');
        await db
          .update(refunds)
          .set({ lastError: errorText(err), updatedAt: now })
          .where(eq(refunds.id, refund.id));
        throw err;
      }
    },
  };
}

/**
 * Sends the refunds whose jobs are due now (after a cancellation, so the customer's money goes back
 * at once; the job runner sends any left over).
 */
export async function sendPendingRefunds(round: PaymentRound): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  const { failed } = await runJobsNow(
    round,
    SEND_REFUND_JOB,
    sendRefundJob(round.processor, () => sent++),
  );
  return { sent, failed };
}

/** The processor sent it: the refund succeeded, the ledger says so and the customer is told, once. */
async function recordRefundDone(db: Db, refund: typeof refunds.$inferSelect, ref: string, now: Date) {
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
    await publish(tx, {
      type: 'refund.sent',
      userIds: [customerId],
      refs: { orderId: refund.orderId, receiptId: refund.id },
    });
  });
}
