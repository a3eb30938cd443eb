import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Conversation,
  ConversationSummary,
  SendMessageValues,
} from '../../../shared/schemas/messages.ts';
import { api } from '../../lib/api.ts';

export const messageKeys = {
  all: ['conversations'] as const,
  list: () => ['conversations', 'list'] as const,
  one: (id: string) => ['conversations', 'one', id] as const,
};

/** New messages arrive by polling while a conversation page is open. */
const POLL_MS = 5_000;

export const useConversations = (poll = false) =>
  useQuery({
    queryKey: messageKeys.list(),
    queryFn: () => api<{ conversations: ConversationSummary[] }>('/api/me/conversations'),
    select: (d) => d.conversations,
    refetchInterval: poll ? POLL_MS : false,
  });

export const useConversation = (id: string | null) =>
  useQuery({
    queryKey: messageKeys.one(id ?? ''),
    queryFn: () => api<Conversation>(`/api/me/conversations/${id}`),
    enabled: id !== null,
    refetchInterval: POLL_MS,
  });

export function useStartConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (vendorId: string) =>
      api<{ id: string }>('/api/me/conversations', { method: 'POST', json: { vendorId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: messageKeys.list() }),
  });
}

export function useSendMessage(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageValues) =>
      api<{ id: string }>(`/api/me/conversations/${conversationId}/messages`, {
        method: 'POST',
        json: input,
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
