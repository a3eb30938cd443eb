import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, refunds } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { recordRefundSent } from '../ledger/index.ts';
import { orderParties, publish } from '../notifications/index.ts';
import { eachOnItsOwn, errorText } from './batch.ts';
import type { PaymentProcessor } from './processor.ts';

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
  return eachOnItsOwn({
    items: pending,
    outcomes: ['sent'],
    handle: async ({ refund, paymentRef }) => {
      const { ref } = await processor.refund({
        paymentRef: paymentRef!,
        amountCents: refund.amount,
        idempotencyKey: `refund:${refund.id}`,
      });
      await recordRefundDone(db, refund, ref, now);
      return 'sent';
    },
    failed: async ({ refund }, err) => {
      log.error({ err, refundId: refund.id }, 'refund not sent; retried later');
      await db
        .update(refunds)
        .set({ lastError: errorText(err), updatedAt: now })
        .where(eq(refunds.id, refund.id));
    },
  });
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
    await publish(tx, { type: 'refund.sent', userIds: [customerId], refs: { orderId: refund.orderId } });
  });
}
