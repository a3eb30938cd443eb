/*
 * The composition root of what changes set off (decision 019): which module acts on which other
 * module's changes, and every kind of background job. Modules never import upwards; they are wired
 * here instead, once per process (createServices calls wireLifecycle).
 */
import { autoCompleteAt } from '../../shared/order-machine.ts';
import type { JobHandlers } from '../modules/jobs/index.ts';
import {
  cancelCompleteReminder,
  emailJobHandlers,
  scheduleCompleteReminder,
} from '../modules/notifications/index.ts';
import { orderJobHandlers, subscribeToOrders } from '../modules/orders/index.ts';
import { balanceJobHandlers, disputeJobHandlers, paymentsOnOrderChanges } from '../modules/payments/index.ts';
import { quoteJobHandlers } from '../modules/quotes/index.ts';
import { housekeepingJobHandlers } from './housekeeping.ts';

export { PRUNE_JOB, PRUNE_JOB_KEY, pruneOldRows, scheduleHousekeeping } from './housekeeping.ts';

/** Every kind of job the server runs, by kind. */
export const jobHandlers: JobHandlers = {
  ...orderJobHandlers,
  ...balanceJobHandlers,
  ...disputeJobHandlers,
  ...quoteJobHandlers,
  ...emailJobHandlers,
  ...housekeepingJobHandlers,
};

/** Wires the subscribers to order changes; calling it again changes nothing. */
export function wireLifecycle(): void {
  // The money first: settling it may refuse the change (the ledger's checks), undoing everything.
  subscribeToOrders(paymentsOnOrderChanges);
  // The customer's last reminder, a few hours before a delivered order completes by itself (e-mail).
  subscribeToOrders({
    name: 'completion-reminder',
    async changed(tx, { order, action, now }) {
      const completesAt =
        action === 'deliver' ? autoCompleteAt({ deliveredAt: now, deliveryDate: order.deliveryDate }) : null;
      if (completesAt) await scheduleCompleteReminder(tx, { orderId: order.id, completesAt });
      else if (order.status === 'completed' || order.status === 'cancelled')
        await cancelCompleteReminder(tx, order.id);
    },
  });
}

// Loading the composition root wires it: whatever runs jobs or changes orders imports it first.
wireLifecycle();
