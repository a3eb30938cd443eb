import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AWAITING_BALANCE_STATUSES, isAwaitingBalance } from '../../../shared/deposits.ts';
import type { Db } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { AT_ONCE, scheduleJob, type JobHandlers, type OutsideJobHandler } from '../jobs/index.ts';
import { publish } from '../notifications/index.ts';
import { SYSTEM, transitionOrder } from '../orders/index.ts';
import { BALANCE_DEADLINE_JOB, CHARGE_BALANCE_JOB, balancePaid } from './balance-jobs.ts';
import { applyProcessorEvent } from './events.ts';
import { runJobsNow, type PaymentRound } from './batch.ts';
import type { PaymentProcessor } from './processor.ts';

export const NO_SAVED_CARD = 'No card was saved with the deposit.';

/** The balance's payment fails without a charge, and the customer is told to pay from the link. */
async function closeUnchargeable(
  db: Db,
  paymentId: string,
  order: { id: string; customerId: string },
  message: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(payments)
      .set({ status: 'failed', failureMessage: message, updatedAt: now })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'requires_payment')))
      .returning({ id: payments.id });
    if (closed)
      await publish(tx, { type: 'balance.failed', userIds: [order.customerId], refs: { orderId: order.id } });
  });
}

/**
 * The balance timers. On the due day the balance becomes a payment to charge to the saved card (the
 * charge itself is a network call, made by `chargeDueBalances` outside any transaction); 48 hours
 * before the event an order whose balance is still unpaid is cancelled under the Terms.
 */
export const balanceJobHandlers: JobHandlers = {
  [CHARGE_BALANCE_JOB]: async (tx, job, { now }) => {
    const orderId = String(job.payload.orderId ?? '');
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.depositCents === null) return;
    if (!isAwaitingBalance(order.status)) return;
    // Paid already (or being paid): nothing to charge.
    const [existing] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.purpose, 'balance'),
          inArray(payments.status, ['succeeded', 'requires_payment', 'requires_action']),
        ),
      )
      .limit(1);
    if (existing) return;
    const noCard = !order.paymentMethodRef;
    const paymentId = crypto.randomUUID();
    await tx.insert(payments).values({
      id: paymentId,
      orderId: order.id,
      // Which processor charges it is decided when it is sent (its charge job).
      provider: 'frosted',
      amount: order.amount - order.depositCents,
      purpose: 'balance',
      offSession: true,
      // No card was saved with the deposit: nothing to charge, the customer pays from the link.
      ...(noCard && { status: 'failed' as const, failureMessage: NO_SAVED_CARD }),
      createdAt: now,
      updatedAt: now,
    });
    if (noCard)
      await publish(tx, {
        type: 'balance.failed',
        userIds: [order.customerId],
        refs: { orderId: order.id },
      });
    // The charge is a network call: its own job, sent as soon as this commits.
    else
      await scheduleJob(tx, {
        kind: CHARGE_SAVED_CARD_JOB,
        key: chargeSavedCardJobKey(paymentId),
        runAt: AT_ONCE,
        payload: { paymentId },
      });
  },
  [BALANCE_DEADLINE_JOB]: async (tx, job, { now }) => {
    const orderId = String(job.payload.orderId ?? '');
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.depositCents === null) return;
    if (!isAwaitingBalance(order.status)) return;
    if (await balancePaid(tx, order)) return;
    await transitionOrder(tx, { orderId, action: 'balanceUnpaid', by: SYSTEM, now });
  },
};

/** Charges a due balance to the card saved with the deposit (scheduled with the balance's payment). */
export const CHARGE_SAVED_CARD_JOB = 'payments.chargeSavedCard';
export const chargeSavedCardJobKey = (paymentId: string) => `payment:${paymentId}:charge`;

type ChargeOutcome = 'charged' | 'declined';

/**
 * The charge's job: each balance charged once, outside any transaction. The payment's id is the
 * processor's idempotency key, so two processes (or a retry after a crash) charge once. A decline is
 * applied like any processor event: the customer is told and pays from the link. A charge that could
 * not be sent (the processor unreachable) is tried again by the queue, with backoff. `onOutcome`
 * counts the outcomes, for whoever runs a round now.
 */
export function chargeSavedCardJob(
  processor: PaymentProcessor,
  onOutcome?: (outcome: ChargeOutcome) => void,
): OutsideJobHandler {
  return {
    async outside(db, job, { now, log }) {
      const paymentId = String(job.payload.paymentId ?? '');
      const [due] = await db
        .select({ payment: payments, order: orders })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          and(
            eq(payments.id, paymentId),
            eq(payments.offSession, true),
            isNull(payments.providerRef),
            sql`${orders.paymentMethodRef} IS NOT NULL`,
            eq(payments.status, 'requires_payment'),
            // Only for an order still waiting for it (a cancelled one's payment is closed with it anyway).
            inArray(orders.status, [...AWAITING_BALANCE_STATUSES]),
          ),
        );
      if (!due) return;
      const { payment, order } = due;
      try {
        // Charged first: an optional call's arguments are not even evaluated when it is absent.
        const outcome = await charge(db, processor, payment, order, now, log);
        onOutcome?.(outcome);
      } catch (err) {
        await db.update(payments).set({ checkedAt: now }).where(eq(payments.id, payment.id));
        log.error({ err, paymentId: payment.id }, 'balance not charged; tried again in a few minutes');
        throw err;
      }
    },
  };
}

async function charge(
  db: Db,
  processor: PaymentProcessor,
  payment: typeof payments.$inferSelect,
  order: typeof orders.$inferSelect,
  now: Date,
  log: Logger,
): Promise<ChargeOutcome> {
  const answer = await processor.chargeSavedCard({
    paymentId: payment.id,
    orderId: order.id,
    amountCents: payment.amount,
    paymentMethodRef: order.paymentMethodRef ?? '',
    customerRef: order.processorCustomerRef,
    idempotencyKey: `payment:${payment.id}`,
  });
  if ('refused' in answer) {
    // Nothing was charged and nothing will be: the customer pays from the link.
    await closeUnchargeable(db, payment.id, order, answer.refused, now);
    return 'declined';
  }
  const { ref, event } = answer;
  await db
    .update(payments)
    .set({ provider: processor.name, providerRef: ref, updatedAt: now })
    .where(and(eq(payments.id, payment.id), sql`${payments.providerRef} IS NULL`));
  await applyProcessorEvent({ db, provider: processor.name, event, now, log });
  return event.type === 'payment.succeeded' ? 'charged' : 'declined';
}

/** Charges the balances whose charge jobs are due now (the job runner charges them too). */
export async function chargeDueBalances(
  round: PaymentRound,
): Promise<{ charged: number; declined: number; failed: number }> {
  const counts = { charged: 0, declined: 0 };
  const handler = chargeSavedCardJob(round.processor, (outcome) => counts[outcome]++);
  const { failed } = await runJobsNow(round, CHARGE_SAVED_CARD_JOB, handler);
  return { ...counts, failed };
}
