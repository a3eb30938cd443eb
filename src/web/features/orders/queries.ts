import { queryOptions } from '@tanstack/react-query';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { api } from '../../lib/api.ts';
import { takeFirstAnswer } from '../../lib/first-answers.ts';

/** One order and what hangs under it (its proofs); `all` is every order. */
export const orderKeys = {
  all: ['order'] as const,
  detail: (id: string) => [...orderKeys.all, id] as const,
};

/** One order. A module of its own (no hooks): the order route's loader starts it with the page's code. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: () => api<OrderDetail>(`/api/orders/${id}`),
    // What the page came with (decision 025): its first render has the data.
    initialData: () => takeFirstAnswer<OrderDetail>(`/api/orders/${encodeURIComponent(id)}`),
  });
