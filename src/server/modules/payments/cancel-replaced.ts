import type { Tx } from '../../db/client.ts';
import { AT_ONCE, scheduleJob, type OutsideJobHandler } from '../jobs/index.ts';
import { runJobsNow, type PaymentRound } from './batch.ts';
import type { PaymentProcessor } from './processor.ts';

/** Cancels, at the processor, a payment a newer checkout replaced (a group's, or a single order's). */
export const CANCEL_PAYMENT_JOB = 'payments.cancelReplaced';

/**
 * In the transaction that replaces a payment: its processor payment (`ref`) is to be cancelled, once
 * that commits. The job is the record of the call to make (and, with its attempts and last error, of
 * how it went); the queue retries it with backoff should the processor be out of reach.
 */
export async function scheduleCancel(tx: Tx, ref: string | null | undefined) {
  if (!ref) return;
  await scheduleJob(tx, {
    kind: CANCEL_PAYMENT_JOB,
    key: `cancel_payment:${ref}`,
    runAt: AT_ONCE,
    payload: { ref },
  });
}

/**
 * The cancellation's job: one call to the processor, outside any transaction, keyed by the payment, so
 * a job run twice cancels once. A payment already past cancelling (paid in a tab left open) is left to
 * its outcome: a second payment for an order is refunded as a duplicate.
 */
export function cancelPaymentJob(processor: PaymentProcessor): OutsideJobHandler {
  return {
    async outside(_db, job, { log }) {
      const ref = String(job.payload.ref ?? '');
      const { cancelled } = await processor.cancelPayment({ ref, idempotencyKey: `cancel:${ref}` });
      if (!cancelled) log.info({ ref }, 'a replaced payment was past cancelling; its outcome decides');
    },
  };
}

/**
 * Sends the cancellations due now, right after the replacing checkout committed (the job runner sends
 * any left over, and retries the failed). Never fails the checkout: a failure stays on its job.
 */
export async function cancelReplacedNow(round: PaymentRound): Promise<void> {
  try {
    await runJobsNow(round, CANCEL_PAYMENT_JOB, cancelPaymentJob(round.processor));
  } catch (err) {
    round.log.warn({ err }, 'replaced payments not cancelled now; the job queue retries');
  }
}
