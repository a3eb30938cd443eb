import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutGroups, payments } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { askAboutGroup } from './group-outcomes.ts';
import type { PaymentRound } from './batch.ts';
import { askProcessor, moveAfterAnswer } from './processor-outcome.ts';
import type { PaymentProcessor, ProcessorPayment } from './processor.ts';

type PaymentRow = typeof payments.$inferSelect;
const SETTLED = ['succeeded', 'duplicate'] as const;
const STARTUP_BATCH = 200;

export const CONFIRMING_ELSEWHERE =
  'This payment is being confirmed in another window. Wait a moment and reload the page.';

/** SQL: a card for this order is with the processor and its answer is not recorded (for lists). */
export const paymentConfirmingSql = (orderId: SQL | AnyColumn) =>
  sql<boolean>`exists (select 1 from ${payments} p where p.order_id = ${orderId} and p.submitted_at is not null)`;

/**
 * Claims a payment for sending a card or confirmation to the processor: from now until its answer is
 * recorded the outcome is unknown (`submitted_at`). One claim at a time, so ten tabs pressing Pay
 * send one card; a claim left by a crash is resolved by asking the processor, never by a second card.
 */
export async function claimSubmission(
  db: Db,
  {
    paymentId,
    status,
    now,
  }: { paymentId: string; status: 'requires_payment' | 'requires_action'; now: Date },
): Promise<boolean> {
  const [claimed] = await db
    .update(payments)
    .set({ submittedAt: now, updatedAt: now })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, status),
        // Unclaimed: a payment already with the processor is asked about, not sent again.
        isNull(payments.submittedAt),
      ),
    )
    .returning({ id: payments.id });
  return claimed !== undefined;
}

/** The processor answered without changing anything (nothing reached it): the claim is let go. */
export const releaseSubmission = (db: Db, paymentId: string) =>
  db.update(payments).set({ submittedAt: null }).where(eq(payments.id, paymentId));

/**
 * Asks the processor about one payment and records its answer at once: a success is applied as
 * recovery would (`recovered:{paymentId}`, so whichever comes first applies it once), a decline or a
 * confirmation step moves the payment, an untouched payment loses its claim, and a payment still
 * processing keeps it ("confirming your payment"). Returns what the processor said (a checkout reuses
 * its client secret), or null when it could not be reached (asked again later).
 */
export async function askAboutPayment({
  db,
  processor,
  payment,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  payment: PaymentRow;
  now: Date;
  log: Logger;
}): Promise<ProcessorPayment | null> {
  // One order's share of a checkout group: the processor knows the group's payment.
  if (payment.checkoutGroupId) {
    const [group] = await db
      .select()
      .from(checkoutGroups)
      .where(eq(checkoutGroups.id, payment.checkoutGroupId));
    return group ? askAboutGroup({ db, processor, group, now, log }) : null;
  }
  if (!payment.providerRef || payment.provider !== processor.name) return null;
  const seen = await askProcessor({
    db,
    processor,
    ref: payment.providerRef,
    recoveredId: payment.id,
    withCharge: false,
    now,
    log,
    logContext: { paymentId: payment.id },
  });
  if (!seen || seen.status === 'succeeded' || seen.status === 'processing') return seen;
  const move = moveAfterAnswer(seen, payment);
  await db
    .update(payments)
    .set({ ...move, submittedAt: null, ...(Object.keys(move).length > 0 && { updatedAt: now }) })
    .where(and(eq(payments.id, payment.id), notInArray(payments.status, [...SETTLED])));
  return seen;
}

/**
 * The payments of one order whose outcome is unknown (a card went to the processor and no answer
 * was recorded), asked about now: what a customer opening the order sees is the processor's truth.
 * One indexed read when nothing is in flight.
 */
export async function askAboutSubmittedPayments({
  db,
  processor,
  orderId,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  orderId: string;
  now: Date;
  log: Logger;
}): Promise<{ confirming: boolean }> {
  const submitted = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isNotNull(payments.submittedAt)));
  let confirming = false;
  for (const payment of submitted) {
    const seen = await askAboutPayment({ db, processor, payment, now, log });
    if (!seen || seen.status === 'processing') confirming = true;
  }
  return { confirming };
}

/**
 * On start-up: every payment left with the processor by a process that stopped (a crash, a deploy)
 * is asked about before customers come back to it. Each on its own; one that fails waits for the
 * order's next opening or recovery's round.
 */
export async function askAboutUnknownOutcomes({
  db,
  processor,
  now,
  log,
}: PaymentRound): Promise<{ asked: number }> {
  const submitted = await db
    .select()
    .from(payments)
    .where(
      and(
        isNotNull(payments.submittedAt),
        eq(payments.provider, processor.name),
        inArray(payments.status, ['requires_payment', 'requires_action', 'failed']),
      ),
    )
    .orderBy(asc(payments.submittedAt))
    .limit(STARTUP_BATCH);
  let asked = 0;
  for (const payment of submitted) {
    try {
      if (await askAboutPayment({ db, processor, payment, now, log })) asked++;
    } catch (err) {
      log.error({ err, paymentId: payment.id }, 'could not settle a payment’s unknown outcome');
    }
  }
  return { asked };
}
