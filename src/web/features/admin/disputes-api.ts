import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisputeDetail, DisputesQueue } from '../../../shared/schemas/disputes.ts';
import { api } from '../../lib/api.ts';

/** The admins' card disputes: the queue, one dispute's evidence, submitting it, the sandbox's decision. */
export const disputeKeys = {
  queue: ['admin', 'disputes'] as const,
  detail: (id: string) => ['admin', 'disputes', id] as const,
};

export const useDisputesQueue = () =>
  useQuery({ queryKey: disputeKeys.queue, queryFn: () => api<DisputesQueue>('/api/admin/disputes') });

export const useDisputeDetail = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: disputeKeys.detail(id),
    queryFn: () => api<DisputeDetail>(`/api/admin/disputes/${id}`),
    enabled,
  });

/** Each changes the dispute, the queue, and (the money moves when it is decided) the reconciliation. */
function useDisputeAction<Body>(id: string, path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      api<DisputeDetail>(`/api/admin/disputes/${id}/${path}`, {
        method: 'POST',
        ...(body !== undefined && { json: body }),
      }),
    onSuccess: (detail) => {
      qc.setQueryData(disputeKeys.detail(id), detail);
      void qc.invalidateQueries({ queryKey: disputeKeys.queue });
      void qc.invalidateQueries({ queryKey: ['admin', 'reconciliation'] });
    },
  });
}

export const useSubmitEvidence = (id: string) => useDisputeAction<undefined>(id, 'evidence');
export const useResolveSandboxDispute = (id: string) =>
  useDisputeAction<{ outcome: 'won' | 'lost' }>(id, 'sandbox-resolution');
