import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OwnVendorProfileResponse,
  Portfolio,
  PortfolioItemCreated,
  VendorProfileValues,
} from '../../../shared/schemas/vendor-profile.ts';
import type { PackageList, PackageSaved, PackageValues } from '../../../shared/schemas/packages.ts';
import { api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { vendorKeys } from '../vendors/api/keys.ts';

/** The signed-in vendor's own business: profile, portfolio and packages. */
export const vendorAdminKeys = {
  profile: ['vendor-admin', 'profile'] as const,
  portfolio: ['vendor-admin', 'portfolio'] as const,
  packages: ['vendor-admin', 'packages'] as const,
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

/** The vendor's packages. Every change also changes their page and their card's "From $X". */
export const usePackages = () =>
  useQuery({
    queryKey: vendorAdminKeys.packages,
    queryFn: () => api<PackageList>('/api/me/vendor-profile/packages'),
    select: (d) => d.packages,
  });

function useInvalidatePackages() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: vendorAdminKeys.packages });
    void qc.invalidateQueries({ queryKey: vendorKeys.all });
  };
}

/** Adds a package (no id) or changes one (with its id). */
export function useSavePackage() {
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: PackageValues }) =>
      id
        ? api<PackageSaved>(`/api/me/vendor-profile/packages/${encodeURIComponent(id)}`, {
            method: 'PUT',
            json: input,
          })
        : api<PackageSaved>('/api/me/vendor-profile/packages', { method: 'POST', json: input }),
    onSuccess: invalidate,
  });
}

export function useDeletePackage() {
  const invalidate = useInvalidatePackages();
  return useMutation({
    // 204: no body.
    mutationFn: (id: string) =>
      api<null>(`/api/me/vendor-profile/packages/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Saves a new order; the list shows it at once and rolls back if the server refuses. */
export function useReorderPackages() {
  const qc = useQueryClient();
  const invalidate = useInvalidatePackages();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api<PackageList>('/api/me/vendor-profile/packages/order', { method: 'PUT', json: { ids } }),
    onMutate: async (ids) => {
      await qc.cancelQueries({ queryKey: vendorAdminKeys.packages });
      const before = qc.getQueryData<PackageList>(vendorAdminKeys.packages);
      if (before) {
        const byId = new Map(before.packages.map((p) => [p.id, p]));
        qc.setQueryData(vendorAdminKeys.packages, {
          packages: ids.map((id, position) => ({ ...byId.get(id)!, position })),
        });
      }
      return { before };
    },
    onError: (_e, _ids, ctx) => {
      if (ctx?.before) qc.setQueryData(vendorAdminKeys.packages, ctx.before);
    },
    onSettled: invalidate,
  });
}
