import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { VendorCard, VendorList, VendorProfile } from '../../../shared/schemas/vendors.ts';
import { api } from '../../lib/api.ts';

export const vendorKeys = {
  featured: (limit: number) => ['vendors', 'featured', limit] as const,
  detail: (id: string) => ['vendors', 'detail', id] as const,
  list: () => ['vendors', 'list'] as const,
};

export function useFeaturedVendors(limit = 3) {
  return useQuery({
    queryKey: vendorKeys.featured(limit),
    queryFn: () =>
      api<{ vendors: VendorCard[] }>(`/api/vendors/featured?limit=${limit}`).then((r) => r.vendors),
  });
}

export function useVendor(id: string) {
  return useQuery({
    queryKey: vendorKeys.detail(id),
    queryFn: () =>
      api<{ vendor: VendorProfile }>(`/api/vendors/${encodeURIComponent(id)}`).then((r) => r.vendor),
  });
}

const PAGE_SIZE = 12;

export function useVendorList() {
  return useInfiniteQuery({
    queryKey: vendorKeys.list(),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => api<VendorList>(`/api/vendors?limit=${PAGE_SIZE}&offset=${pageParam}`),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.vendors.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
}
