import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DesignGeneration,
  DesignQuota,
  PublicDesign,
  SavedDesign,
  StartGenerationInput,
} from '../../../shared/schemas/designs.ts';
import type { PublicVendorPage } from '../../../shared/schemas/vendor-profile.ts';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/auth-client.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { vendorPageKeys } from '../vendor-page/api.ts';

export const designerKeys = {
  all: ['designs'] as const,
  /** The allowance of whoever is signed in (or the visitor): each generation uses some of it. */
  quotas: ['designs', 'quota'] as const,
  quota: (userId: string | undefined) => [...designerKeys.quotas, userId ?? 'visitor'] as const,
  design: (id: string) => [...designerKeys.all, 'public', id] as const,
};

/** Today's design allowance of the signed-in user or this visitor. */
export function useDesignQuota() {
  const { data: session, isPending } = useSession();
  return useQuery({
    queryKey: designerKeys.quota(session?.user.id),
    queryFn: () => api<DesignQuota>('/api/designs/quota'),
    enabled: !isPending,
    staleTime: 0,
  });
}

/** Starts a generation (202); progress then comes from useFollowGeneration. */
export function useStartGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartGenerationInput) =>
      api<DesignGeneration>('/api/designs/generations', { method: 'POST', json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: designerKeys.quotas }),
  });
}

/** A generation has ended (pictures or not): the allowance it used is read again. */
export function useRefreshQuota() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: designerKeys.quotas });
}

/** POST /api/designs: a generated image becomes a design of the signed-in user. */
export const saveDesignRequest = (imageId: string) =>
  api<SavedDesign>('/api/designs', { method: 'POST', json: { imageId } });

/** My Designs and the dashboard numbers: every dashboard query (they share the 'dashboard' prefix). */
export const invalidateSavedDesigns = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: dashboardKeys.all });

export function useSaveDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDesignRequest,
    onSuccess: () => invalidateSavedDesigns(queryClient),
  });
}

/** The public page of a shared design: a generated image's id or a saved design's id. */
export const usePublicDesign = (id: string) =>
  useQuery({
    queryKey: designerKeys.design(id),
    queryFn: () => api<PublicDesign>(`/api/designs/${encodeURIComponent(id)}`),
  });

/** The vendor a customer designs for (?vendor= from a vendor page); shares the vendor page's cache. */
export const useDesignVendor = (id: string | null) =>
  useQuery({
    queryKey: vendorPageKeys.page(id ?? ''),
    queryFn: () => api<PublicVendorPage>(`/api/vendors/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(id),
    select: (page) => page.vendor,
  });
