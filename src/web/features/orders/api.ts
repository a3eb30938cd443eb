import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorOrderPage } from '../../../shared/schemas/dashboard.ts';
import type { OrderDetail, OrderTransitionInput } from '../../../shared/schemas/orders.ts';
import { api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { orderKeys, orderQuery } from './queries.ts';

export { orderKeys };

/**
 * One order; while its payment is being confirmed (the processor's answer not in yet), asked again every
 * 3 s. With `enabled: false` it waits until asked for (a dialog not opened yet).
 */
export const useOrder = (id: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    ...orderQuery(id),
    enabled,
    refetchInterval: (query) => (query.state.data?.paymentConfirming ? 3000 : false),
  });

/**
 * One status change. The answer is the order as it is now, so the page shows it at once; dashboards
 * (status badges, counts) are refreshed behind it.
 */
export function useOrderTransition(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderTransitionInput) =>
      api<OrderDetail>(`/api/orders/${id}/transitions`, { method: 'POST', json: input }),
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(id), order);
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    // A refusal (someone else moved the order on) shows the order as it really is now.
    onError: () => void qc.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  });
}

/** Mark Delivered (the vendor), as multipart so a photo of the cake can come with it. */
export function useOrderDelivery(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api<OrderDetail>(`/api/orders/${id}/delivery`, { method: 'POST', body: form }),
    onSuccess: (order) => {
      qc.setQueryData(orderKeys.detail(id), order);
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    onError: () => void qc.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  });
}

/** The customer's satisfaction claim, as multipart: the description and up to five photos. */
export function useOpenClaim(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api<OrderDetail>(`/api/orders/${id}/claim`, { method: 'POST', body: form }),
    onSuccess: (order) => qc.setQueryData(orderKeys.detail(id), order),
  });
}

/** The vendor's answer to the claim. */
export function useClaimResponse(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (response: string) =>
      api<OrderDetail>(`/api/orders/${id}/claim/response`, { method: 'POST', json: { response } }),
    onSuccess: (order) => qc.setQueryData(orderKeys.detail(id), order),
  });
}

export type VendorOrdersView = 'active' | 'past';

/**
 * The vendor's Orders tab, a page at a time (Show more). Under the dashboard's key, so a status change
 * (which refreshes the dashboard) moves an order between the views.
 */
export const useVendorOrders = (view: VendorOrdersView) =>
  useInfiniteQuery({
    queryKey: dashboardKeys.vendorOrders(view),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ view });
      if (pageParam) params.set('cursor', pageParam);
      return api<VendorOrderPage>(`/api/me/dashboard/vendor/orders?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });

/** Opens (or finds) the conversation with the other side of an order: the vendor's Message Customer. */
export const useOrderConversation = (orderId: string) =>
  useMutation({
    mutationFn: () => api<{ id: string }>(`/api/orders/${orderId}/conversation`, { method: 'POST' }),
  });
