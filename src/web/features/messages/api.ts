import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Conversation,
  CreatedId,
  MarkReadInput,
  MarkReadResult,
  Message,
  MessagePage,
  SendMessageFormValues,
  SendMessageInput,
} from '../../../shared/schemas/messages.ts';
import { api } from '../../lib/api.ts';
import { useFallbackInterval } from '../../lib/realtime.ts';
import { notificationKeys } from '../notifications/api.ts';
import { conversationsQuery, messageKeys } from './queries.ts';

export { messageKeys };

/**
 * The conversation list. New messages arrive over the event stream (a message.received notification
 * invalidates it, src/web/features/notifications/refresh.ts); with `poll`, the Messages page also
 * polls it every 5 s while the stream is down.
 */
export function useConversations(poll = false) {
  const fallback = useFallbackInterval();
  return useQuery({
    ...conversationsQuery(),
    select: (d) => d.conversations,
    refetchInterval: poll ? fallback : false,
  });
}

/**
 * An open conversation as the thread shows it: the newest page it opened on, everything polled since
 * (in `messages`), and the older pages "Show earlier messages" loaded (in `earlier`, oldest first).
 * `olderCursor` is the place before the oldest loaded message, `newerCursor` after the newest.
 */
export interface Thread extends Conversation {
  earlier: Message[];
}

const threadPath = (id: string) => `/api/me/conversations/${id}`;
const pagePath = (id: string, query: Record<string, string>) =>
  `${threadPath(id)}/messages?${new URLSearchParams(query)}`;

/** Appends the messages of a poll that the thread does not have yet. */
function withNewer(thread: Thread, page: MessagePage): Thread {
  const known = new Set(thread.messages.map((m) => m.id));
  const fresh = page.messages.filter((m) => !known.has(m.id));
  if (fresh.length === 0) return thread;
  const wasEmpty = thread.messages.length === 0 && thread.earlier.length === 0;
  return {
    ...thread,
    messages: [...thread.messages, ...fresh],
    // Fresh messages are the newest of the page, so its cursor now marks the thread's newest.
    newerCursor: page.newerCursor,
    olderCursor: wasEmpty ? page.olderCursor : thread.olderCursor,
  };
}

/**
 * One conversation, kept up to date by the event stream (a message.received notification for it
 * invalidates it) or, while the stream is down, by polling every 5 s. The first fetch reads the newest
 * page; each one after it asks only for messages newer than the newest it holds, so a long thread costs
 * no more to refresh than a short one. Dropped from the cache once closed, so opening it again starts
 * from the newest.
 */
export function useThread(id: string) {
  const qc = useQueryClient();
  const fallback = useFallbackInterval();
  return useQuery({
    queryKey: messageKeys.one(id),
    queryFn: async ({ signal }): Promise<Thread> => {
      const held = qc.getQueryData<Thread>(messageKeys.one(id));
      if (!held) return { ...(await api<Conversation>(threadPath(id), { signal })), earlier: [] };
      const page = await api<MessagePage>(pagePath(id, held.newerCursor ? { after: held.newerCursor } : {}), {
        signal,
      });
      // Merge into the thread as it is now: an older page may have arrived while this one was read.
      return withNewer(qc.getQueryData<Thread>(messageKeys.one(id)) ?? held, page);
    },
    refetchInterval: fallback,
    gcTime: 0,
  });
}

/** "Show earlier messages": reads the page before the oldest loaded message and puts it in front. */
export function useLoadEarlier(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (before: string) => api<MessagePage>(pagePath(id, { before })),
    onSuccess: (page, before) =>
      qc.setQueryData<Thread>(messageKeys.one(id), (thread) =>
        // A page for a place the thread has already moved past is dropped, never added twice.
        thread && thread.olderCursor === before
          ? { ...thread, earlier: [...page.messages, ...thread.earlier], olderCursor: page.olderCursor }
          : thread,
      ),
  });
}

/** Marks the conversation read up to what the thread has shown; the list's unread dot then clears. */
export function useMarkRead(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (through: string) =>
      api<MarkReadResult>(`${threadPath(id)}/read`, {
        method: 'POST',
        json: { through } satisfies MarkReadInput,
      }),
    onSuccess: ({ marked }) => {
      if (!marked) return;
      void qc.invalidateQueries({ queryKey: messageKeys.list() });
      // The navigation's unread Messages count (the stream also sends it; this covers it being down).
      void qc.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function useStartConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (vendorId: string) =>
      api<CreatedId>('/api/me/conversations', { method: 'POST', json: { vendorId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: messageKeys.list() }),
  });
}

/** Sends a message: as JSON when it is only text, as multipart when images come with it. */
export function useSendMessage(conversationId: string) {
  const qc = useQueryClient();
  const path = `/api/me/conversations/${conversationId}/messages`;
  return useMutation({
    mutationFn: ({ images, ...text }: SendMessageFormValues) => {
      if (images.length === 0)
        return api<CreatedId>(path, { method: 'POST', json: text satisfies SendMessageInput });
      const form = new FormData();
      form.set('body', text.body);
      if (text.orderId) form.set('orderId', text.orderId);
      for (const image of images) form.append('images', image);
      return api<CreatedId>(path, { method: 'POST', body: form });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
