import { BellOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Notification } from '../../../shared/schemas/notifications.ts';
import { formatShortDateTime } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PopoverTitle } from '../../components/ui/popover.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { useMarkAllNotificationsRead, useMarkNotificationsRead, useNotificationList } from './api.ts';

/**
 * What the bell opens: the newest notifications, unread ones marked, each leading to what it is about
 * (and marked read on the way); Mark all read, and Show more for older ones.
 */
export function NotificationPanel({ userId, onNavigate }: { userId: string; onNavigate: () => void }) {
  const list = useNotificationList(userId);
  const markAll = useMarkAllNotificationsRead(userId);
  const { mutate: markRead } = useMarkNotificationsRead(userId);
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const anyUnread = items.some((n) => !n.read);

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading notifications" />
      </div>
    );
  } else if (!list.data) {
    // Failed before anything loaded (a failed "Show more" keeps the list, below).
    body = (
      <LoadError
        message={list.error?.message ?? 'Something went wrong.'}
        onRetry={() => void list.refetch()}
        className="py-8"
      />
    );
  } else if (items.length === 0) {
    body = (
      <div className="px-4 py-10 text-center text-cocoa-600">
        <BellOff className="mx-auto mb-2 size-8 text-rose-300" aria-hidden />
        <p>No notifications yet.</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul aria-label="Latest notifications" className="divide-y divide-cocoa-900/8">
          {items.map((n) => (
            <li key={n.id}>
              <NotificationItem
                notification={n}
                onOpen={() => {
                  if (!n.read) markRead([n]);
                  if (n.link) onNavigate();
                }}
              />
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="flex justify-center border-t border-cocoa-900/8 p-3">
            {/* Not disabled while loading: a disabled button would drop keyboard focus. */}
            <Button
              variant="outline"
              size="sm"
              aria-disabled={list.isFetchingNextPage}
              onClick={() => {
                if (!list.isFetchingNextPage) void list.fetchNextPage();
              }}
            >
              {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          </div>
        )}
        {list.isFetchNextPageError && (
          <p role="alert" className="px-4 pb-3 text-center text-sm text-rose-700">
            {list.error?.message}
          </p>
        )}
      </>
    );
  }

  return (
    <div>
      <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-cocoa-900/8 bg-white px-4 py-3">
        <PopoverTitle className="font-display text-lg font-semibold">Notifications</PopoverTitle>
        {items.length > 0 && (
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0"
            aria-disabled={!anyUnread || markAll.isPending}
            onClick={() => {
              if (anyUnread && !markAll.isPending) markAll.mutate();
            }}
          >
            Mark all read
          </Button>
        )}
      </div>
      {body}
      {markAll.isError && (
        <p role="alert" className="px-4 pb-3 text-center text-sm text-rose-700">
          {markAll.error.message}
        </p>
      )}
    </div>
  );
}

function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  const content = (
    <>
      <span
        aria-hidden
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-rose-500')}
      />
      <span className="min-w-0 flex-1">
        {!n.read && <span className="sr-only">Unread: </span>}
        <span
          className={cn(
            'block text-sm',
            n.read ? 'font-medium text-cocoa-700' : 'font-semibold text-cocoa-900',
          )}
        >
          {n.title}
        </span>
        {n.body && <span className="mt-0.5 line-clamp-2 block text-sm text-cocoa-600">{n.body}</span>}
        <time dateTime={n.createdAt} className="mt-1 block text-xs text-cocoa-500">
          {formatShortDateTime(n.createdAt)}
        </time>
      </span>
    </>
  );
  const className = cn(
    'flex w-full gap-3 px-4 py-3 text-left outline-none hover:bg-cream-100 focus-visible:bg-cream-100 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-rose-500',
    !n.read && 'bg-rose-50/60',
  );
  if (n.link)
    return (
      <Link to={n.link} onClick={onOpen} className={className}>
        {content}
      </Link>
    );
  // Nothing to open: pressing it only marks it read.
  return (
    <button type="button" onClick={onOpen} className={className}>
      {content}
    </button>
  );
}
