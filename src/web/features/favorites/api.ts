import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavoriteVendorIds, FavoriteVendorState } from '../../../shared/schemas/favorites.ts';
import { api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/api.ts';

export const favoriteKeys = {
  vendorIds: (userId: string) => ['favorites', 'vendors', userId] as const,
};

/** The signed-in customer's favorite vendor ids; off for visitors and other account types. */
export function useFavoriteVendorIds(userId: string | undefined) {
  return useQuery({
    queryKey: favoriteKeys.vendorIds(userId ?? ''),
    queryFn: () => api<FavoriteVendorIds>('/api/me/favorites/vendors').then((r) => new Set(r.vendorIds)),
    enabled: Boolean(userId),
  });
}

/** Saves or removes one favorite; the heart turns at once and turns back if the server refuses. */
export function useToggleFavorite(userId: string) {
  const queryClient = useQueryClient();
  const key = favoriteKeys.vendorIds(userId);
  return useMutation({
    mutationFn: ({ vendorId, favorite }: { vendorId: string; favorite: boolean }) =>
      api<FavoriteVendorState>(`/api/me/favorites/vendors/${encodeURIComponent(vendorId)}`, {
        method: favorite ? 'PUT' : 'DELETE',
      }),
    onMutate: async ({ vendorId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Set<string>>(key);
      const next = new Set(previous);
      if (favorite) next.add(vendorId);
      else next.delete(vendorId);
      queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (_err, _vars, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.customer(userId) }),
      ]),
  });
}
