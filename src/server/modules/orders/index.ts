/*
 * Orders: the one way an order's status changes (transitionOrder, by the table in
 * src/shared/order-machine.ts), its timers, and the subscriptions through which other modules act on
 * its changes without orders knowing them (decision 019).
 */
export {
  subscribeToOrders,
  type OrderChange,
  type OrderEventRow,
  type OrderRow,
  type OrderSubscriber,
} from './lifecycle.ts';
export {
  AUTO_COMPLETE_JOB,
  autoCompleteJobKey,
  EXPIRE_UNPAID_JOB,
  expireUnpaidJobKey,
  orderJobHandlers,
  orderTimeline,
  staleOrderMessage,
  SYSTEM,
  transitionOrder,
  type OrderActor,
  type TransitionRequest,
} from './transitions.ts';
export { openOrderConversation } from './conversation.ts';
export { mayReadOrderFiles } from './files.ts';
