/** What other modules use of the ledger: the accounts, the movements of money and the balances. */
export {
  accountId,
  balance,
  heldForOrder,
  orderHeld,
  PLATFORM_REVENUE,
  post,
  PROCESSOR_CASH,
  REFUNDS_PAYABLE,
  UnbalancedPostingError,
  vendorPayable,
  type Account,
  type Line,
  type Posted,
  type Posting,
} from './ledger.ts';
export {
  cancellationLedgerSplit,
  claimSplit,
  payOutAvailable,
  recordPayment,
  recordPayout,
  recordRefundSent,
  releaseSplit,
  settleOrder,
  type PayoutOutcome,
  type Split,
} from './movements.ts';
export {
  ledgerTotals,
  paidCentsByOrder,
  vendorCreditByOrder,
  vendorBalances,
  type LedgerTotals,
  type VendorBalances,
} from './balances.ts';
