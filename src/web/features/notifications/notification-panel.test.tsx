import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '../../../shared/schemas/notifications.ts';
import { formatShortDateTime } from '../../../shared/time.ts';
import { notificationKeys, prependNotification } from './api.ts';
import { NotificationPanel } from './notification-panel.tsx';

const USER = 'u1';

const notification = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  id,
  type: 'order.statusChanged',
  title: `Order FR-${id} is now Confirmed.`,
  body: null,
  link: '/customer-dashboard-original',
  refs: { orderId: `o${id}` },
  // 00:30 UTC is still the evening before in Vancouver.
  createdAt: '2026-11-26T00:30:00.000Z',
  read: false,
  ...overrides,
});

function render(pages?: NotificationList[]) {
  const qc = new QueryClient();
  if (pages)
    qc.setQueryData(notificationKeys.list(USER), {
      pages,
      pageParams: pages.map((_, i) => (i ? 'x' : null)),
    });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <Popover.Root>
          <NotificationPanel userId={USER} onNavigate={() => {}} />
        </Popover.Root>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { html, qc };
}

describe('NotificationPanel', () => {
  it('shows a spinner while the list loads', () => {
    expect(render().html).toContain('Loading notifications');
  });

  it('says so when there are none, without Mark all read', () => {
    const { html } = render([{ notifications: [], unread: 0, nextBefore: null }]);
    expect(html).toContain('No notifications yet.');
    expect(html).not.toContain('Mark all read');
  });

  it('lists them newest first, marks the unread, links each to its page, in Vancouver time, with Show more', () => {
    const { html } = render([
      {
        notifications: [
          notification('2', { body: 'Lemon, three tiers' }),
          notification('1', { read: true, link: null }),
        ],
        unread: 1,
        nextBefore: '1',
      },
    ]);
    expect(html.indexOf('FR-2')).toBeLessThan(html.indexOf('FR-1'));
    expect(html.match(/Unread: /g)).toHaveLength(1);
    expect(html).toContain('href="/customer-dashboard-original"');
    expect(html).toContain('Lemon, three tiers');
    const shown = formatShortDateTime('2026-11-26T00:30:00.000Z');
    expect(shown).toMatch(/^Nov 25, /);
    expect(html).toContain(shown);
    expect(html).toContain('Show more');
    expect(html).toContain('Mark all read');
  });
});

describe('prependNotification', () => {
  it('puts a live notification on top of a loaded list once, and leaves an unloaded list alone', () => {
    const { qc } = render([{ notifications: [notification('1')], unread: 1, nextBefore: null }]);
    prependNotification(qc, USER, notification('2'));
    prependNotification(qc, USER, notification('2'));
    const data = qc.getQueryData<{ pages: NotificationList[] }>(notificationKeys.list(USER));
    expect(data?.pages[0]?.notifications.map((n) => n.id)).toEqual(['2', '1']);

    const empty = new QueryClient();
    prependNotification(empty, USER, notification('3'));
    expect(empty.getQueryData(notificationKeys.list(USER))).toBeUndefined();
  });
});
