import type { JobHandlers } from '../jobs/index.ts';
import { CHARGE_SAVED_CARD_JOB, chargeSavedCardJob } from './balance.ts';
import { CANCEL_PAYMENT_JOB, cancelPaymentJob } from './cancel-replaced.ts';
import { SEND_PAYOUT_JOB, sendPayoutJob } from './payouts.ts';
import type { PaymentProcessor } from './processor.ts';
import { RECOVER_PAYMENTS_JOB, recoverPaymentsJob } from './recovery.ts';
import { SEND_REFUND_JOB, sendRefundJob } from './refunds.ts';

/**
 * The payments' work that calls the processor, each kind a job on the one queue (decision 019): a
 * refund to send, a balance to charge to a saved card, a payout's transfer to send again, and the
 * recovery sweep, and the cancellation of a payment a newer checkout replaced. Each runs outside any transaction under a lease, with the processor's idempotency
 * key, so a job run twice (a lapsed lease, two processes) moves the money once.
 */
export const paymentJobHandlers = (processor: PaymentProcessor): JobHandlers => ({
  [SEND_REFUND_JOB]: sendRefundJob(processor),
  [CHARGE_SAVED_CARD_JOB]: chargeSavedCardJob(processor),
  [SEND_PAYOUT_JOB]: sendPayoutJob(processor),
  [RECOVER_PAYMENTS_JOB]: recoverPaymentsJob(processor),
  [CANCEL_PAYMENT_JOB]: cancelPaymentJob(processor),
});
