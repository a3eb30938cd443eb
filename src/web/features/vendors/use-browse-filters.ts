import { useCallback, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isVendorCategory } from '../../../shared/catalog.ts';
import {
  vendorFilterParams,
  vendorListInput,
  vendorListQuerySchema,
  type VendorFilters,
} from '../../../shared/schemas/vendors.ts';

/**
 * Reads the URL with the API's own schema; a parameter it rejects is dropped, the rest kept. A category
 * page's category (/browse-vendors/{category}) is its path's, whatever the query says.
 */
export function readFilters(params: URLSearchParams, pathCategory?: string): VendorFilters {
  const input = vendorListInput(params);
  delete input.cursor;
  delete input.limit;
  if (pathCategory !== undefined) input.category = pathCategory;
  let result = vendorListQuerySchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) delete input[String(issue.path[0])];
    result = vendorListQuerySchema.safeParse(input);
  }
  const {
    cursor: _cursor,
    limit: _limit,
    ...filters
  } = result.success ? result.data : vendorListQuerySchema.parse({});
  return filters;
}

export const NO_FILTERS = readFilters(new URLSearchParams());

/**
 * The address of a set of filters: a category's own page (/browse-vendors/flowers) with the other
 * filters in the query, or /browse-vendors for every category.
 */
export function browsePath(filters: Partial<VendorFilters>): string {
  const category = filters.category ?? 'all';
  const query = vendorFilterParams({ ...filters, category: 'all' }).toString();
  return `/browse-vendors${category === 'all' ? '' : `/${category}`}${query ? `?${query}` : ''}`;
}

/**
 * The category of a category page (/browse-vendors/:category): undefined on /browse-vendors, null for
 * a category that does not exist (the page is a 404).
 */
export function usePageCategory(): string | null | undefined {
  const { category } = useParams();
  if (category === undefined) return undefined;
  return isVendorCategory(category) ? category : null;
}

/**
 * Browse Vendors' filters live in the URL, so a filtered page can be shared and reloaded, and each
 * change is a history entry the back button undoes. A category has a page of its own: choosing one
 * goes there (a ?category= query is read too, and the next change moves it into the path).
 */
export function useBrowseFilters() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pathCategory = usePageCategory() ?? undefined;
  const key = `${pathCategory}|${params.toString()}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const filters = useMemo(() => readFilters(params, pathCategory), [key]);
  const go = useCallback(
    (next: Partial<VendorFilters>) =>
      void navigate(browsePath(next), { preventScrollReset: true, flushSync: true }),
    [navigate],
  );
  const update = useCallback(
    (change: Partial<VendorFilters>) => go({ ...filters, ...change }),
    [filters, go],
  );
  // Clearing the filters of a category page keeps its category: it is the page, not a filter on it.
  const clear = useCallback(
    (keep: Partial<VendorFilters> = {}) =>
      go({ ...NO_FILTERS, ...(pathCategory && { category: filters.category }), ...keep }),
    [go, pathCategory, filters.category],
  );
  return { filters, update, clear };
}

/** How many More Filters choices are on (the button shows it). */
export const moreFilterCount = (f: VendorFilters) =>
  f.dietary.length +
  f.tier.length +
  (f.minRating !== undefined ? 1 : 0) +
  (f.delivery !== undefined ? 1 : 0) +
  (f.availableOn !== undefined ? 1 : 0);
