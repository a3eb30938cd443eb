import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  VENDOR_PAGE_SIZE,
  vendorFilterParams,
  type VendorFilters,
  type VendorList,
} from '../../../../shared/schemas/vendors.ts';
import { api } from '../../../lib/api.ts';
import { vendorKeys } from './keys.ts';

/** Browse Vendors for one set of filters, a page at a time (keyset cursor). */
export const vendorListQuery = (filters: VendorFilters) =>
  infiniteQueryOptions({
    queryKey: vendorKeys.list(vendorFilterParams(filters).toString()),
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

/** Up to this many vendors are offered for one search. */
export const VENDOR_SEARCH_RESULTS = 5;

/**
 * Vendors found by name, specialty or place (the Browse Vendors search, approved vendors only), of
 * one category when one is given; asked only from two characters on.
 */
export const useVendorSearch = (term: string, category?: string) =>
  useQuery({
    queryKey: category ? [...vendorKeys.search(term), category] : vendorKeys.search(term),
    enabled: term.length >= 2,
    queryFn: ({ signal }) =>
      api<VendorList>(
        `/api/vendors?${new URLSearchParams({
          q: term,
          ...(category && { category }),
          limit: String(VENDOR_SEARCH_RESULTS),
        })}`,
        { signal },
      ),
  });
