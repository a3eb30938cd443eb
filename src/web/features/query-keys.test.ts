import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountKeys } from './account/api.ts';
import { adminKeys } from './admin/api.ts';
import { authKeys } from './auth/api.ts';
import { dashboardKeys } from './dashboard/api.ts';
import { designerKeys } from './designer/api.ts';
import { notificationKeys } from './notifications/api.ts';
import { orderKeys } from './orders/api.ts';
import { proofKeys } from './proofs/api.ts';
import { quoteKeys } from './quotes/api.ts';
import { reviewKeys } from './reviews/api.ts';
import { vendorPageKeys } from './vendor-page/api.ts';
import { vendorKeys } from './vendors/api/keys.ts';

/** Whether invalidating `prefix` reaches `key` (TanStack Query matches keys by prefix). */
const under = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

describe('query key factories', () => {
  it('keep the keys the app has always used (cached and invalidated data stay the same)', () => {
    expect(dashboardKeys.all).toEqual(['dashboard']);
    expect(dashboardKeys.vendorOrders('past')).toEqual(['dashboard', 'vendor-orders', 'past']);
    expect(orderKeys.detail('o1')).toEqual(['order', 'o1']);
    expect(quoteKeys.request('r1')).toEqual(['quotes', 'requests', 'r1']);
    expect(reviewKeys.list('5', 'newest', 'u1')).toEqual(['reviews', '5', 'newest', 'u1']);
    expect(reviewKeys.summary).toEqual(['reviews', 'summary']);
    expect(vendorKeys.list('q=cake')).toEqual(['vendors', 'list', 'q=cake']);
    expect(vendorKeys.featured(3)).toEqual(['vendors', 'featured', 3]);
    expect(vendorKeys.search('rose')).toEqual(['vendors', 'quote-search', 'rose']);
    expect(vendorPageKeys.page('v1')).toEqual(['vendors', 'page', 'v1']);
    expect(vendorPageKeys.reviews('v1', 'visitor')).toEqual(['reviews', 'vendor', 'v1', 'visitor']);
    expect(designerKeys.quota(undefined)).toEqual(['designs', 'quota', 'visitor']);
    expect(notificationKeys.list('u1')).toEqual(['notifications', 'u1', 'list']);
    expect(authKeys.config).toEqual(['config']);
    expect(authKeys.accounts('u1')).toEqual(['auth', 'accounts', 'u1']);
    expect(accountKeys.sessions).toEqual(['auth', 'sessions']);
    expect(accountKeys.emailPreferences).toEqual(['me', 'email-preferences']);
    expect(adminKeys.applicationList('pending')).toEqual(['admin', 'applications', 'pending']);
    expect(adminKeys.userList('a@b.c')).toEqual(['admin', 'users', 'a@b.c']);
    expect(adminKeys.mailboxList('', true)).toEqual(['admin', 'mailbox', '', true]);
    expect(adminKeys.email('e1')).toEqual(['admin', 'mailbox', 'email', 'e1']);
    expect(adminKeys.failedJobs).toEqual(['admin', 'jobs', 'failed']);
  });

  it('put each query under the prefix its invalidations use', () => {
    const pairs: [QueryKey, QueryKey][] = [
      [dashboardKeys.customer('u1'), dashboardKeys.all],
      [dashboardKeys.vendor('u1'), dashboardKeys.all],
      [dashboardKeys.vendorOrders('active'), dashboardKeys.all],
      [orderKeys.detail('o1'), orderKeys.all],
      [proofKeys.list('o1'), orderKeys.detail('o1')],
      [quoteKeys.inbox, quoteKeys.all],
      [quoteKeys.request('r1'), quoteKeys.requests],
      [reviewKeys.list('all', 'newest', 'u1'), reviewKeys.all],
      [reviewKeys.summary, reviewKeys.all],
      [vendorPageKeys.reviews('v1', 'u1'), reviewKeys.all],
      [vendorKeys.list(''), vendorKeys.lists],
      [vendorKeys.lists, vendorKeys.all],
      [vendorKeys.featured(3), vendorKeys.all],
      [vendorKeys.search('rose'), vendorKeys.all],
      [vendorPageKeys.page('v1'), vendorKeys.all],
      [designerKeys.quota('u1'), designerKeys.quotas],
      [notificationKeys.unread('u1'), notificationKeys.user('u1')],
      [notificationKeys.user('u1'), notificationKeys.all],
      [adminKeys.applicationList('approved'), adminKeys.applications],
      [adminKeys.userList(''), adminKeys.users],
      [adminKeys.email('e1'), adminKeys.mailbox],
      [adminKeys.mailboxList('x', false), adminKeys.mailbox],
    ];
    for (const [key, prefix] of pairs) expect(under(key, prefix), JSON.stringify([key, prefix])).toBe(true);
  });
});
