import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Notification } from '../../../shared/schemas/notifications.ts';
import { connectRealtime } from '../../lib/realtime.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { messageKeys } from '../messages/api.ts';
import { orderKeys } from '../orders/api.ts';
import { quoteKeys } from '../quotes/api.ts';
import { notificationKeys, prependNotification, setUnreadCounts, useMarkNotificationsRead } from './api.ts';
import { batchedInvalidation, isLookingAt, queriesToRefresh } from './refresh.ts';

const TOAST_BURST_MAX = 3;
const TOAST_BURST_MS = 3_000;

/**
 * The signed-in tab's live updates (loaded with the session, rendered once by the root layout): opens
 * the event stream, and for each notification refreshes what it changes, puts it on top of the bell's
 * list and shows it as a toast, unless the page already shows it (the open conversation).
 */
export default function LiveUpdates({ userId }: { userId: string }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { mutate: markRead } = useMarkNotificationsRead(userId);
  const toastedAt = useRef<number[]>([]);

  const onNotification = useEffectEvent((n: Notification) => {
    prependNotification(qc, userId, n);
    if (n.read) return;
    if (isLookingAt(n, location)) {
      // Shown on the page as it arrives: no toast, and nothing left unread in the bell.
      markRead([n]);
      return;
    }
    // A burst (what a stream replays after a long drop) is not a pile of toasts: past a few, the bell's
    // count says it.
    const now = Date.now();
    toastedAt.current = toastedAt.current.filter((at) => now - at < TOAST_BURST_MS);
    if (toastedAt.current.length >= TOAST_BURST_MAX) return;
    toastedAt.current.push(now);
    const link = n.link;
    toast(n.title, {
      id: `notification-${n.id}`,
      description: n.body,
      action: link
        ? {
            label: (
              <>
                View<span className="sr-only"> {n.title}</span>
              </>
            ),
            onClick: () => {
              markRead([n]);
              void navigate(link);
            },
          }
        : undefined,
    });
  });

  useEffect(() => {
    const refresh = batchedInvalidation(qc);
    const disconnect = connectRealtime({
      onNotification: (n) => {
        refresh.add(queriesToRefresh(n));
        onNotification(n);
      },
      onUnread: (counts) => setUnreadCounts(qc, userId, counts),
      // Back after a drop with nothing to replay from: read again what the page and the bell show.
      onResync: () =>
        refresh.add([
          notificationKeys.user(userId),
          messageKeys.all,
          orderKeys.all,
          dashboardKeys.all,
          quoteKeys.all,
        ]),
    });
    return () => {
      disconnect();
      refresh.stop();
    };
  }, [qc, userId]);
  return null;
}
