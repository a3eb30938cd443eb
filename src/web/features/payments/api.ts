import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import type {
  Checkout,
  GroupCheckout,
  SandboxCardInput,
  StripeOnboarding,
  VendorPayouts,
} from '../../../shared/schemas/payments.ts';
import { api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { messageKeys } from '../messages/api.ts';
import { orderKeys } from '../orders/api.ts';

export const paymentKeys = {
  checkout: (orderId: string) => ['checkout', orderId] as const,
  payouts: ['payouts'] as const,
};

const checkoutQuery = (orderId: string) => ({
  queryKey: paymentKeys.checkout(orderId),
  queryFn: () => api<Checkout>('/api/payments', { method: 'POST', json: { orderId } }),
});

/**
 * The order's checkout: its open payment (asking twice is the same payment). While the processor's
 * answer is not in (`confirming`), it is asked again every 3 seconds.
 */
export const useCheckout = (orderId: string) =>
  useQuery({
    ...checkoutQuery(orderId),
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.confirming ? 3000 : false),
  });

/** Before the browser confirms with the processor itself: the order asks the processor if no answer comes. */
export const markSubmitted = (paymentId: string) =>
  api<{ confirming: true }>(`/api/payments/${paymentId}/submitted`, { method: 'POST' });

/**
 * After an attempt: the checkout as it is now, and when it was paid the order, dashboards and messages
 * refreshed (paying shows the contact details that messages masked until then).
 */
function useAfterAttempt(orderId: string) {
  const qc = useQueryClient();
  return (checkout: Checkout) => {
    qc.setQueryData(paymentKeys.checkout(orderId), checkout);
    if (checkout.status === 'succeeded' || checkout.refund) {
      void qc.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
      void qc.invalidateQueries({ queryKey: messageKeys.all });
    }
  };
}

export function useSandboxCard(orderId: string) {
  const done = useAfterAttempt(orderId);
  return useMutation({
    mutationFn: ({ paymentId, card }: { paymentId: string; card: SandboxCardInput }) =>
      api<Checkout>(`/api/payments/${paymentId}/sandbox-confirmation`, { method: 'POST', json: card }),
    onSuccess: done,
  });
}

export function useSandboxAuthentication(orderId: string) {
  const done = useAfterAttempt(orderId);
  return useMutation({
    mutationFn: ({ paymentId, approve }: { paymentId: string; approve: boolean }) =>
      api<Checkout>(`/api/payments/${paymentId}/sandbox-authentication`, {
        method: 'POST',
        json: { approve },
      }),
    onSuccess: done,
  });
}

/** A failed attempt is over: a new checkout (a new payment) for the next card. */
export function useNewAttempt(orderId: string) {
  const qc = useQueryClient();
  return () => qc.fetchQuery({ ...checkoutQuery(orderId), staleTime: 0 });
}

export const useVendorPayouts = () =>
  useQuery({ queryKey: paymentKeys.payouts, queryFn: () => api<VendorPayouts>('/api/me/payouts') });

/**
 * Back from Stripe's payment page: the order, asked again every 2 seconds while it is still pending
 * (Stripe tells Frosted by webhook, usually within seconds of the redirect).
 */
export const useOrderAfterPayment = (orderId: string) =>
  useQuery({
    queryKey: orderKeys.detail(orderId),
    queryFn: () => api<OrderDetail>(`/api/orders/${orderId}`),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });

/** Stripe Connect onboarding: the link to Stripe's hosted form (the browser goes there next). */
export const useStripeOnboarding = () =>
  useMutation({
    mutationFn: () => api<StripeOnboarding>('/api/me/payouts/stripe-onboarding', { method: 'POST' }),
  });

export function useRequestPayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ id: string; amountCents: number; status: string }>('/api/me/payouts', { method: 'POST' }),
    onSettled: () => void qc.invalidateQueries({ queryKey: paymentKeys.payouts }),
  });
}

export const groupKeys = {
  checkout: (orderIds: readonly string[]) => ['checkout-group', [...orderIds].sort().join(',')] as const,
};

const groupQuery = (orderIds: readonly string[]) => ({
  queryKey: groupKeys.checkout(orderIds),
  queryFn: () => api<GroupCheckout>('/api/payments/groups', { method: 'POST', json: { orderIds } }),
});

/** One checkout for several orders: asking again with the same orders is the same checkout. */
export const useGroupCheckout = (orderIds: readonly string[]) =>
  useQuery({
    ...groupQuery(orderIds),
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.confirming ? 3000 : false),
  });

/** After an attempt on a group: the checkout as it is, and when paid each order and the dashboards. */
function useAfterGroupAttempt(orderIds: readonly string[]) {
  const qc = useQueryClient();
  return (checkout: GroupCheckout) => {
    qc.setQueryData(groupKeys.checkout(orderIds), checkout);
    if (checkout.status === 'succeeded') {
      for (const id of orderIds) void qc.invalidateQueries({ queryKey: orderKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
      void qc.invalidateQueries({ queryKey: messageKeys.all });
    }
  };
}

export function useGroupSandboxCard(orderIds: readonly string[]) {
  const done = useAfterGroupAttempt(orderIds);
  return useMutation({
    mutationFn: ({ groupId, card }: { groupId: string; card: SandboxCardInput }) =>
      api<GroupCheckout>(`/api/payments/groups/${groupId}/sandbox-confirmation`, {
        method: 'POST',
        json: card,
      }),
    onSuccess: done,
  });
}

export function useGroupSandboxAuthentication(orderIds: readonly string[]) {
  const done = useAfterGroupAttempt(orderIds);
  return useMutation({
    mutationFn: ({ groupId, approve }: { groupId: string; approve: boolean }) =>
      api<GroupCheckout>(`/api/payments/groups/${groupId}/sandbox-authentication`, {
        method: 'POST',
        json: { approve },
      }),
    onSuccess: done,
  });
}

/** A declined group payment is over: a new checkout of the same orders for the next card. */
export function useNewGroupAttempt(orderIds: readonly string[]) {
  const qc = useQueryClient();
  return () => qc.fetchQuery({ ...groupQuery(orderIds), staleTime: 0 });
}

export const markGroupSubmitted = (groupId: string) =>
  api<{ confirming: true }>(`/api/payments/groups/${groupId}/submitted`, { method: 'POST' });
