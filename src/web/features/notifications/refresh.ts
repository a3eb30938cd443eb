import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Notification } from '../../../shared/schemas/notifications.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { messageKeys } from '../messages/api.ts';
import { orderKeys } from '../orders/api.ts';
import { paymentKeys } from '../payments/api.ts';
import { quoteKeys } from '../quotes/api.ts';
import { vendorAdminKeys } from '../vendor-admin/api.ts';

/** Every dashboard query (both dashboards, the vendor's Orders tab) shares this prefix. */
const DASHBOARDS = dashboardKeys.all;

/**
 * The cached queries a notification makes out of date, by what it is about. Invalidating them refetches
 * those on screen (an open thread asks only for messages after its newest) and marks the rest stale.
 */
export function queriesToRefresh(n: Pick<Notification, 'type' | 'refs'>): QueryKey[] {
  const { refs } = n;
  const order = refs.orderId ? [orderKeys.detail(refs.orderId)] : [];
  switch (n.type) {
    case 'message.received':
      // The list (the Messages page and the dashboard's Messages tab) and the open thread.
      return [messageKeys.list(), ...(refs.conversationId ? [messageKeys.one(refs.conversationId)] : [])];
    case 'quote.requested':
    case 'quote.answered':
    case 'quote.declined':
    case 'quote.changeRequested':
    case 'quote.accepted':
    case 'quote.closed':
    case 'quote.expired':
      // The customer's request and list, the vendor's inbox, and the overview's open requests and orders.
      return [
        ...(refs.requestId ? [quoteKeys.request(refs.requestId)] : []),
        quoteKeys.requests,
        quoteKeys.inbox,
        DASHBOARDS,
      ];
    case 'payment.captured':
    case 'refund.sent':
      // Paying the vendor (or a full refund) unmasks (or masks again) the pair's contact details in
      // their conversation: its preview and thread.
      return [...order, DASHBOARDS, paymentKeys.payouts, messageKeys.all];
    case 'order.statusChanged':
    case 'claim.opened':
    case 'claim.answered':
    case 'claim.resolved':
    case 'proof.sent':
    case 'proof.changesRequested':
    case 'proof.approved':
    case 'balance.charged':
    case 'balance.failed':
      return [...order, DASHBOARDS, paymentKeys.payouts];
    case 'dispute.opened':
    case 'dispute.evidenceDue':
    case 'dispute.closed':
      // The vendor's order page shows the dispute; the admin's queue is refetched when opened.
      return [...order, ...(refs.orderId ? [['orders', refs.orderId, 'dispute']] : []), paymentKeys.payouts];
    case 'payout.sent':
      return [paymentKeys.payouts];
    case 'vendor.approved':
    case 'vendor.rejected':
    case 'verification.reviewed':
    case 'verification.expiring':
    case 'verification.expired':
      return [DASHBOARDS, vendorAdminKeys.profile];
  }
}

/**
 * Whether the user is already looking at what the notification is about, so a toast would only repeat
 * what the page shows as it updates: the conversation open on the Messages page.
 */
export function isLookingAt(
  n: Pick<Notification, 'type' | 'refs'>,
  location: { pathname: string; search: string },
) {
  if (n.type !== 'message.received' || !n.refs.conversationId) return false;
  return (
    location.pathname === '/messages' &&
    new URLSearchParams(location.search).get('c') === n.refs.conversationId
  );
}

/**
 * Invalidates queries a moment after asking, each once: a burst of notifications (what a reconnected
 * stream replays) refetches a query once, not once per notification.
 */
export function batchedInvalidation(qc: QueryClient, delayMs = 50) {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
  };
  return {
    add(keys: QueryKey[]) {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      timer ??= setTimeout(flush, delayMs);
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
