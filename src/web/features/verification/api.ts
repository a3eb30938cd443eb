import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RejectItemInput,
  VerificationChecklist,
  VerificationItemResult,
  VerificationQueue,
  VerifyItemInput,
} from '../../../shared/schemas/verification.ts';
import type { VerificationKind } from '../../../shared/verification.ts';
import { api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { vendorKeys } from '../vendors/api/keys.ts';

export const verificationKeys = {
  own: ['verification', 'own'] as const,
  queue: ['admin', 'verification', 'queue'] as const,
  vendor: (vendorId: string) => ['admin', 'verification', 'vendor', vendorId] as const,
};

/** The signed-in vendor's checklist. */
export const useOwnChecklist = () =>
  useQuery({
    queryKey: verificationKeys.own,
    queryFn: () => api<VerificationChecklist>('/api/me/vendor-profile/verification'),
  });

/** Uploads or replaces the document of one item (multipart). */
export function useUploadDocument(kind: VerificationKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file, file.name);
      return api<VerificationItemResult>(`/api/me/vendor-profile/verification/items/${kind}/document`, {
        method: 'PUT',
        body: form,
      });
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: verificationKeys.own });
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

export const useVerificationQueue = () =>
  useQuery({
    queryKey: verificationKeys.queue,
    queryFn: () => api<VerificationQueue>('/api/admin/verification/queue'),
  });

export const useVendorChecklist = (vendorId: string) =>
  useQuery({
    queryKey: verificationKeys.vendor(vendorId),
    queryFn: () =>
      api<VerificationChecklist>(`/api/admin/verification/vendors/${encodeURIComponent(vendorId)}`),
  });

type Review = { action: 'verify'; input: VerifyItemInput } | { action: 'reject'; input: RejectItemInput };

/** An admin's decision on one item; the queue, the vendor's checklist and Browse's badges change. */
export function useReviewItem(vendorId: string, kind: VerificationKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, input }: Review) =>
      api<VerificationItemResult>(
        `/api/admin/verification/vendors/${encodeURIComponent(vendorId)}/items/${kind}/${action}`,
        { method: 'POST', json: input },
      ),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: verificationKeys.vendor(vendorId) });
      void qc.invalidateQueries({ queryKey: verificationKeys.queue });
      void qc.invalidateQueries({ queryKey: vendorKeys.all });
    },
  });
}
