import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  NOTIFICATION_PAGE_SIZE,
  type MarkNotificationsRead,
  type Notification,
  type NotificationList,
  type UnreadCounts,
} from '../../../shared/schemas/notifications.ts';
import { api } from '../../lib/api.ts';
import { useFallbackInterval } from '../../lib/realtime.ts';

/** Under the user's id, so another account signed in on the same tab never sees these. */
export const notificationKeys = {
  all: ['notifications'] as const,
  user: (userId: string) => [...notificationKeys.all, userId] as const,
  list: (userId: string) => [...notificationKeys.user(userId), 'list'] as const,
  unread: (userId: string) => [...notificationKeys.user(userId), 'unread'] as const,
};

type ListData = InfiniteData<NotificationList, string | null>;

/**
 * The bell's and Messages' unread counts. The event stream sets them as they change (`unread`); only
 * while it is down are they polled.
 */
export function useUnreadCounts(userId: string) {
  const fallback = useFallbackInterval();
  return useQuery({
    queryKey: notificationKeys.unread(userId),
    queryFn: ({ signal }) => api<UnreadCounts>('/api/me/unread', { signal }),
    refetchInterval: fallback,
    staleTime: 60_000,
  });
}

/** The notification centre, newest first, a page at a time ("Show more" pages with `before`). */
export function useNotificationList(userId: string) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(NOTIFICATION_PAGE_SIZE) });
      if (pageParam) params.set('before', pageParam);
      return api<NotificationList>(`/api/me/notifications?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextBefore,
  });
}

/** A live notification goes on top of the list the bell shows (when it has been loaded), once. */
export function prependNotification(qc: QueryClient, userId: string, n: Notification) {
  qc.setQueryData<ListData>(notificationKeys.list(userId), (data) => {
    if (!data || data.pages.some((p) => p.notifications.some((m) => m.id === n.id))) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return {
      ...data,
      pages: [
        { ...first, notifications: [n, ...first.notifications], unread: first.unread + (n.read ? 0 : 1) },
        ...rest,
      ],
    };
  });
}

export const setUnreadCounts = (qc: QueryClient, userId: string, counts: UnreadCounts) =>
  qc.setQueryData(notificationKeys.unread(userId), counts);

/** The list with these notifications (or all, for `null`) shown as read. */
function markedInList(data: ListData | undefined, ids: Set<string> | null): ListData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      notifications: p.notifications.map((n) =>
        !n.read && (!ids || ids.has(n.id)) ? { ...n, read: true } : n,
      ),
    })),
  };
}

/**
 * Marks notifications read, `null` meaning all of them: the bell shows it at once (the count goes down
 * by those that were unread); the server's answer is the counts as they are then, and the list is read
 * again after it.
 */
function useMarkRead<T>(
  userId: string,
  request: (input: T) => Promise<UnreadCounts>,
  which: (input: T) => Notification[] | null,
) {
  const qc = useQueryClient();
  const listKey = notificationKeys.list(userId);
  const unreadKey = notificationKeys.unread(userId);
  return useMutation({
    mutationFn: request,
    onMutate: async (input) => {
      await Promise.all([qc.cancelQueries({ queryKey: listKey }), qc.cancelQueries({ queryKey: unreadKey })]);
      const chosen = which(input);
      const list = qc.getQueryData<ListData>(listKey);
      const counts = qc.getQueryData<UnreadCounts>(unreadKey);
      // As the list knows it now when it has them (another tab may have read them), else as given.
      const known = new Map(list?.pages.flatMap((p) => p.notifications.map((n) => [n.id, n.read] as const)));
      const newlyRead = chosen?.filter((n) => !(known.get(n.id) ?? n.read)).length ?? 0;
      qc.setQueryData(listKey, markedInList(list, chosen && new Set(chosen.map((n) => n.id))));
      if (counts)
        qc.setQueryData<UnreadCounts>(unreadKey, {
          ...counts,
          notifications: chosen ? Math.max(0, counts.notifications - newlyRead) : 0,
        });
      return { list, counts };
    },
    // The server answers with the counts as they are now.
    onSuccess: (counts) => qc.setQueryData(unreadKey, counts),
    onError: (_err, _input, context) => {
      if (!context) return;
      qc.setQueryData(listKey, context.list);
      qc.setQueryData(unreadKey, context.counts);
      void qc.invalidateQueries({ queryKey: unreadKey });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: listKey }),
  });
}

/** Marks these notifications read (opening one from the bell or from its toast). */
export const useMarkNotificationsRead = (userId: string) =>
  useMarkRead(
    userId,
    (notifications: Notification[]) =>
      api<UnreadCounts>('/api/me/notifications/read', {
        method: 'POST',
        json: { ids: notifications.map((n) => n.id) } satisfies MarkNotificationsRead,
      }),
    (notifications) => notifications,
  );

/** "Mark all read". */
export const useMarkAllNotificationsRead = (userId: string) =>
  useMarkRead<void>(
    userId,
    () => api<UnreadCounts>('/api/me/notifications/read-all', { method: 'POST' }),
    () => null,
  );
