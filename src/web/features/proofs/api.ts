import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderProofs } from '../../../shared/schemas/proofs.ts';
import { api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { orderKeys } from '../orders/api.ts';

/**
 * Under the order's own key, so what refreshes an order (its proof.* notifications, a status change)
 * refreshes its proofs too.
 */
export const proofKeys = { list: (orderId: string) => [...orderKeys.detail(orderId), 'proofs'] as const };

export const useOrderProofs = (orderId: string) =>
  useQuery({
    queryKey: proofKeys.list(orderId),
    queryFn: ({ signal }) => api<OrderProofs>(`/api/orders/${orderId}/proofs`, { signal }),
  });

/** Each change answers with the whole thread as it is now; the dashboards (which show orders) refresh behind it. */
function useProofChange<T>(orderId: string, request: (input: T) => Promise<OrderProofs>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (proofs) => {
      qc.setQueryData(proofKeys.list(orderId), proofs);
      // The order's history lists each round.
      void qc.invalidateQueries({ queryKey: orderKeys.detail(orderId), exact: true });
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
    // A refusal (answered meanwhile, the cut-off passed) shows the thread as it really is now.
    onError: () => void qc.invalidateQueries({ queryKey: proofKeys.list(orderId) }),
  });
}

/** The vendor sends the next round: a form with `note` and one to five `images`. */
export const useSendProof = (orderId: string) =>
  useProofChange(orderId, (form: FormData) =>
    api<OrderProofs>(`/api/orders/${orderId}/proofs`, { method: 'POST', body: form }),
  );

export const useApproveProof = (orderId: string) =>
  useProofChange(orderId, (proofId: string) =>
    api<OrderProofs>(`/api/orders/${orderId}/proofs/${proofId}/approve`, { method: 'POST' }),
  );

/** The customer asks for changes: a form with `message` and up to five `images`. */
export const useRequestProofChanges = (orderId: string) =>
  useProofChange(orderId, ({ proofId, form }: { proofId: string; form: FormData }) =>
    api<OrderProofs>(`/api/orders/${orderId}/proofs/${proofId}/request-changes`, {
      method: 'POST',
      body: form,
    }),
  );
