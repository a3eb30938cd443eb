import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  VENDOR_PAGE_SIZE,
  vendorFilterParams,
  type VendorFilters,
  type VendorList,
} from '../../../shared/schemas/vendors.ts';
import { api } from '../../lib/api.ts';

export const vendorKeys = {
  list: (filters: VendorFilters) => ['vendors', 'list', vendorFilterParams(filters).toString()] as const,
};

/** Browse Vendors for one set of filters, a page at a time (keyset cursor). */
export const vendorListQuery = (filters: VendorFilters) =>
  infiniteQueryOptions({
    queryKey: vendorKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = vendorFilterParams(filters);
      params.set('limit', String(VENDOR_PAGE_SIZE));
      if (pageParam) params.set('cursor', pageParam);
      return api<VendorList>(`/api/vendors?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });

/** The previous list stays on screen while a changed filter loads, so the page does not jump. */
export function useVendorList(filters: VendorFilters) {
  return useInfiniteQuery({ ...vendorListQuery(filters), placeholderData: keepPreviousData });
}
