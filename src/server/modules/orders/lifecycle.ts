import type { OrderAction, OrderParty } from '../../../shared/order-machine.ts';
import type { OrderStatus } from '../../../shared/order-status.ts';
import type { Tx } from '../../db/client.ts';
import type { orderEvents, orders } from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

/** An order's change of status as its subscribers see it, inside the change's transaction. */
export interface OrderChange {
  /** The order after the change. */
  order: OrderRow;
  /** The order_events row the change wrote. */
  event: OrderEventRow;
  action: OrderAction;
  party: OrderParty;
  from: OrderStatus;
  now: Date;
}

/**
 * What another module does when an order changes (decision 019). The orders module knows nothing of
 * payments, claims or e-mails: they subscribe here, from the composition root
 * (src/server/lifecycle/index.ts), and run in the transaction of the change, so a failure undoes it.
 */
export interface OrderSubscriber {
  /** Names the subscriber (registering the same name twice keeps one). */
  name: string;
  /** Before the change is written: a message refuses it with 409 (the balance not paid yet). */
  refuse?: (
    tx: Tx,
    attempt: { order: OrderRow; action: OrderAction; party: OrderParty },
  ) => Promise<string | void>;
  /** After the event row is written (settling the money, timers, reminders). */
  changed?: (tx: Tx, change: OrderChange) => Promise<void>;
  /** Whether something holds a delivered order from completing by itself now (an open claim). */
  holdsCompletion?: (tx: Tx, orderId: string) => Promise<boolean>;
}

const subscribers: OrderSubscriber[] = [];

/** Registers what another module does on order changes (the composition root calls this once). */
export function subscribeToOrders(subscriber: OrderSubscriber): void {
  const at = subscribers.findIndex((s) => s.name === subscriber.name);
  if (at >= 0) subscribers[at] = subscriber;
  else subscribers.push(subscriber);
}

/**
 * The subscribers, in the order they registered. An order changed with none would skip settling its
 * money: that is a wiring mistake, so it fails loudly instead.
 */
export function orderSubscribers(): readonly OrderSubscriber[] {
  if (subscribers.length === 0)
    throw new Error(
      'The order lifecycle is not wired: call wireLifecycle() (src/server/lifecycle/index.ts) first.',
    );
  return subscribers;
}
