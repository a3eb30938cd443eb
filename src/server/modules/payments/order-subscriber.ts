import { isFinalOrderStatus, ORDER_TRANSITIONS } from '../../../shared/order-machine.ts';
import type { OrderSubscriber } from '../orders/index.ts';
import { DISPUTE_FREEZE, hasOpenDispute } from './disputes.ts';
import { BALANCE_NOT_PAID, balancePaid, cancelBalanceTimers, scheduleBalanceTimers } from './balance-jobs.ts';
import { hasOpenClaim, settleOrderMoney, withdrawOpenClaim } from './money.ts';

/**
 * What payments does when an order changes, in the change's transaction (decision 019): the money
 * settled by the Terms (held funds to the vendor on completion, a cancellation's split), the balance's
 * timers, a claim withdrawn when the customer is satisfied after all; and what it holds back: a
 * deposit's order is handed over only once its balance is in, and an open claim stops the order from
 * completing by itself.
 */
export const paymentsOnOrderChanges: OrderSubscriber = {
  name: 'payments',
  async refuse(tx, { order, action }) {
    if (action === 'deliver' && !(await balancePaid(tx, order))) return BALANCE_NOT_PAID;
    // A disputed payment's money is frozen: no release, no cancellation refund until it is decided.
    if (isFinalOrderStatus(ORDER_TRANSITIONS[action].to) && (await hasOpenDispute(tx, order.id)))
      return DISPUTE_FREEZE;
  },
  async changed(tx, { order, action, party, now }) {
    if (action === 'confirmSatisfied') await withdrawOpenClaim(tx, { orderId: order.id, now });
    await settleOrderMoney(tx, { order, party, now });
    // A deposit paid: the balance is charged on its due day; a final order has no balance left to take.
    if (action === 'pay') await scheduleBalanceTimers(tx, order);
    if (order.status === 'completed' || order.status === 'cancelled')
      await cancelBalanceTimers(tx, { orderId: order.id, now });
  },
  holdsCompletion: async (tx, orderId) => (await hasOpenClaim(tx, orderId)) || hasOpenDispute(tx, orderId),
};
