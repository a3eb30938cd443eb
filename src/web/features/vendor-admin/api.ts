import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OwnVendorProfileResponse,
  Portfolio,
  PortfolioItemCreated,
  VendorProfileValues,
} from '../../../shared/schemas/vendor-profile.ts';
import { api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { vendorKeys } from '../vendors/api/keys.ts';

/** The signed-in vendor's own business: profile and portfolio. */
export const vendorAdminKeys = {
  profile: ['vendor-admin', 'profile'] as const,
  portfolio: ['vendor-admin', 'portfolio'] as const,
};

export const useOwnVendorProfile = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: vendorAdminKeys.profile,
    enabled,
    queryFn: () => api<OwnVendorProfileResponse>('/api/me/vendor-profile'),
    select: (d) => d.profile,
  });

export function useSaveVendorProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorProfileValues) =>
      api<OwnVendorProfileResponse>('/api/me/vendor-profile', { method: 'PUT', json: input }),
    onSuccess: (data) => {
      qc.setQueryData(vendorAdminKeys.profile, data);
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
      void qc.invalidateQueries({ queryKey: vendorKeys.all });
    },
  });
}

/** The cover image of the vendor's page and cards (multipart); the public vendor pages and lists change. */
export function useUploadProfileImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file);
      return api<OwnVendorProfileResponse>('/api/me/vendor-profile/image', { method: 'PUT', body: form });
    },
    onSuccess: (data) => {
      qc.setQueryData(vendorAdminKeys.profile, data);
      void qc.invalidateQueries({ queryKey: vendorKeys.all });
    },
  });
}

export const useOwnPortfolio = () =>
  useQuery({
    queryKey: vendorAdminKeys.portfolio,
    queryFn: () => api<Portfolio>('/api/me/vendor-profile/portfolio'),
    select: (d) => d.items,
  });

export function useUploadPortfolioItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api<PortfolioItemCreated>('/api/me/vendor-profile/portfolio', { method: 'POST', body: form }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: vendorAdminKeys.portfolio }),
  });
}

export function useDeletePortfolioItem() {
  const qc = useQueryClient();
  return useMutation({
    // 204: no body.
    mutationFn: (id: string) => api<null>(`/api/me/vendor-profile/portfolio/${id}`, { method: 'DELETE' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: vendorAdminKeys.portfolio }),
  });
}

/** Saves a new order; the list shows it at once and rolls back if the server refuses. */
export function useReorderPortfolio() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api<Portfolio>('/api/me/vendor-profile/portfolio/order', {
        method: 'PUT',
        json: { ids },
      }),
    onMutate: async (ids) => {
      await qc.cancelQueries({ queryKey: vendorAdminKeys.portfolio });
      const before = qc.getQueryData<Portfolio>(vendorAdminKeys.portfolio);
      if (before) {
        const byId = new Map(before.items.map((i) => [i.id, i]));
        qc.setQueryData(vendorAdminKeys.portfolio, {
          items: ids.map((id, position) => ({ ...byId.get(id)!, position })),
        });
      }
      return { before };
    },
    onError: (_e, _ids, ctx) => {
      if (ctx?.before) qc.setQueryData(vendorAdminKeys.portfolio, ctx.before);
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: vendorAdminKeys.portfolio }),
  });
}
