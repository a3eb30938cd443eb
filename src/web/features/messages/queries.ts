import { queryOptions } from '@tanstack/react-query';
import type { ConversationList } from '../../../shared/schemas/messages.ts';
import { api } from '../../lib/api.ts';
import { takeFirstAnswer } from '../../lib/first-answers.ts';

export const messageKeys = {
  all: ['conversations'] as const,
  list: () => ['conversations', 'list'] as const,
  one: (id: string) => ['conversations', 'one', id] as const,
};

/** The conversation list. A module of its own (no hooks): the Messages route's loader starts it. */
export const conversationsQuery = () =>
  queryOptions({
    queryKey: messageKeys.list(),
    queryFn: () => api<ConversationList>('/api/me/conversations'),
    // What the page came with (decision 025): its first render has the data.
    initialData: () => takeFirstAnswer<ConversationList>('/api/me/conversations'),
  });
