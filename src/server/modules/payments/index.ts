/*
 * Payments: checkout with payment protection, the processor behind one interface, refunds, balances,
 * claims and payouts. It subscribes to order changes (order-subscriber.ts); orders know nothing of it.
 */
export { BALANCE_NOT_PAID } from './balance-jobs.ts';
export { balanceJobHandlers } from './balance.ts';
export { paymentsOnOrderChanges } from './order-subscriber.ts';
export { paymentJobHandlers } from './jobs.ts';
// Rounds of the payments' jobs run now (after a cancellation, a refund is sent at once).
export { sendPendingRefunds } from './refunds.ts';
export { chargeDueBalances } from './balance.ts';
export { balanceToPaySql } from './balance-jobs.ts';
export { claimAdminRoutes, reconciliationRoutes } from './claim-routes.ts';
export {
  CLAIM_MESSAGES,
  claimDeadline,
  claimView,
  MAX_CLAIM_PHOTOS,
  openClaim,
  respondToClaim,
} from './claims.ts';
export { askAboutSubmittedPayments, paymentConfirmingSql } from './outcomes.ts';
export { payoutRoutes } from './payout-routes.ts';
export { invoiceRoutes, receiptRoutes } from './receipt-routes.ts';
export { type PaymentProcessor } from './processor.ts';
export { paymentRoutes } from './routes.ts';
export { sandboxPaymentRoutes } from './sandbox-routes.ts';
export { createSandboxProcessor } from './sandbox.ts';
export { createStripeProcessor } from './stripe.ts';
export { stripeWebhookRoutes } from './webhook-routes.ts';
export { disputeAdminRoutes, disputeOrderRoutes } from './disputes-routes.ts';
export { disputeJobHandlers } from './disputes-jobs.ts';
export { recoverPayments, scheduleRecovery } from './recovery.ts';
export { askAboutUnknownOutcomes } from './outcomes.ts';
