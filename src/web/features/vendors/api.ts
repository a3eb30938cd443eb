import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  VENDOR_PAGE_SIZE,
  vendorFilterParams,
  type VendorCard,
  type VendorFilters,
  type VendorList,
} from '../../../shared/schemas/vendors.ts';
import { api } from '../../lib/api.ts';

export const vendorKeys = {
  featured: (limit: number) => ['vendors', 'featured', limit] as const,
  list: (filters: VendorFilters) => ['vendors', 'list', vendorFilterParams(filters).toString()] as const,
};

export function useFeaturedVendors(limit = 3) {
  return useQuery({
    queryKey: vendorKeys.featured(limit),
    queryFn: () =>
      api<{ vendors: VendorCard[] }>(`/api/vendors/featured?limit=${limit}`).then((r) => r.vendors),
  });
}

/**
 * Browse Vendors for one set of filters, a page at a time (keyset cursor). The previous list stays
 * on screen while a changed filter loads, so the page does not jump.
 */
export function useVendorList(filters: VendorFilters) {
  return useInfiniteQuery({
    queryKey: vendorKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = vendorFilterParams(filters);
      params.set('limit', String(VENDOR_PAGE_SIZE));
      if (pageParam) params.set('cursor', pageParam);
      return api<VendorList>(`/api/vendors?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
