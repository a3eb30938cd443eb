import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  vendorFilterParams,
  vendorListInput,
  vendorListQuerySchema,
  type VendorFilters,
} from '../../../shared/schemas/vendors.ts';

/** Reads the URL with the API's own schema; a parameter it rejects is dropped, the rest kept. */
export function readFilters(params: URLSearchParams): VendorFilters {
  const input = vendorListInput(params);
  delete input.cursor;
  delete input.limit;
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
 * Browse Vendors' filters live in the URL, so a filtered page can be shared and reloaded, and each
 * change is a history entry the back button undoes.
 */
export function useBrowseFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const filters = useMemo(() => readFilters(params), [key]);
  const update = useCallback(
    (change: Partial<VendorFilters>) =>
      setParams(vendorFilterParams({ ...filters, ...change }), { preventScrollReset: true, flushSync: true }),
    [filters, setParams],
  );
  const clear = useCallback(
    (keep: Partial<VendorFilters> = {}) =>
      setParams(vendorFilterParams({ ...NO_FILTERS, ...keep }), {
        preventScrollReset: true,
        flushSync: true,
      }),
    [setParams],
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
