import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TYPES } from '../../../shared/schemas/notifications.ts';
import { batchedInvalidation, isLookingAt, queriesToRefresh } from './refresh.ts';

describe('queriesToRefresh', () => {
  it('a new message refreshes the conversation list and that conversation’s thread', () => {
    expect(
      queriesToRefresh({ type: 'message.received', refs: { conversationId: 'c1', messageId: 'm1' } }),
    ).toEqual([
      ['conversations', 'list'],
      ['conversations', 'one', 'c1'],
    ]);
  });

  it('a status change refreshes the order, both dashboards (orders included) and payouts', () => {
    expect(queriesToRefresh({ type: 'order.statusChanged', refs: { orderId: 'o1' } })).toEqual([
      ['order', 'o1'],
      ['dashboard'],
      ['payouts'],
    ]);
  });

  it('a payment or a refund also refreshes the conversations, whose contact details it unmasks or masks', () => {
    for (const type of ['payment.captured', 'refund.sent'] as const)
      expect(queriesToRefresh({ type, refs: { orderId: 'o1' } })).toEqual([
        ['order', 'o1'],
        ['dashboard'],
        ['payouts'],
        ['conversations'],
      ]);
  });

  it('a quote event refreshes the customer’s request and list, the vendor’s inbox and overview', () => {
    expect(queriesToRefresh({ type: 'quote.answered', refs: { quoteId: 'q1', requestId: 'r1' } })).toEqual([
      ['quotes', 'requests', 'r1'],
      ['quotes', 'requests'],
      ['quotes', 'inbox'],
      ['dashboard'],
    ]);
  });

  it('every type refreshes something', () => {
    for (const type of NOTIFICATION_TYPES)
      expect(queriesToRefresh({ type, refs: {} }).length).toBeGreaterThan(0);
  });
});

describe('isLookingAt', () => {
  const message = { type: 'message.received' as const, refs: { conversationId: 'c1' } };
  it('is the conversation open on the Messages page', () => {
    expect(isLookingAt(message, { pathname: '/messages', search: '?c=c1' })).toBe(true);
    expect(isLookingAt(message, { pathname: '/messages', search: '?c=c2' })).toBe(false);
    expect(isLookingAt(message, { pathname: '/customer-dashboard', search: '' })).toBe(false);
    expect(
      isLookingAt(
        { type: 'order.statusChanged', refs: { orderId: 'o1' } },
        { pathname: '/messages', search: '?c=c1' },
      ),
    ).toBe(false);
  });
});

describe('batchedInvalidation', () => {
  it('invalidates each query once for a burst of notifications', () => {
    vi.useFakeTimers();
    try {
      const qc = new QueryClient();
      const invalidate = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
      const refresh = batchedInvalidation(qc);
      for (let i = 0; i < 50; i++)
        refresh.add(queriesToRefresh({ type: 'order.statusChanged', refs: { orderId: 'o1' } }));
      expect(invalidate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(50);
      expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
        ['order', 'o1'],
        ['dashboard'],
        ['payouts'],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
