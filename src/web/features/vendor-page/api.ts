import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewList } from '../../../shared/schemas/reviews.ts';
import type { PublicVendorPage } from '../../../shared/schemas/vendor-profile.ts';
import { api } from '../../lib/api.ts';
import { asViewer, useReviewViewer, VISITOR } from '../reviews/viewer.ts';
import { vendorKeys } from '../vendors/api/keys.ts';

/**
 * Under the vendors' and the reviews' prefixes (`vendorKeys.all`, `reviewKeys.all`), so what changes a
 * vendor or a review refreshes the page. Not built from reviews/api.ts: the route loads this module
 * with the first page, and that one would bring the review mutations along.
 */
export const vendorPageKeys = {
  page: (id: string) => vendorKeys.page(id),
  /** Per viewer: the list carries their helpful votes (reviews/viewer.ts). */
  reviews: (id: string, viewer: string) => ['reviews', 'vendor', id, viewer] as const,
};

/** The vendor page's own data; the route starts it while the page's code loads (router.tsx). */
export const vendorPageQuery = (id: string) =>
  queryOptions({
    queryKey: vendorPageKeys.page(id),
    queryFn: () => api<PublicVendorPage>(`/api/vendors/${encodeURIComponent(id)}`),
  });

/** A vendor's page; nothing is fetched while `id` is empty (no vendor chosen). */
export const useVendorPage = (id: string) => useQuery({ ...vendorPageQuery(id), enabled: id !== '' });

export const VENDOR_REVIEWS_SHOWN = 6;

/** The server renders the page as a visitor, so the route's prefetch is a visitor's list. */
export const vendorReviewsQuery = (id: string, viewer: string = VISITOR) =>
  queryOptions({
    queryKey: vendorPageKeys.reviews(id, viewer),
    queryFn: () =>
      api<ReviewList>(
        `/api/reviews?vendorId=${encodeURIComponent(id)}&sort=newest&limit=${VENDOR_REVIEWS_SHOWN}`,
        asViewer(viewer),
      ),
  });

/** The vendor's newest reviews as this viewer sees them; a visitor's list shows while theirs loads. */
export function useVendorReviews(id: string) {
  const { viewer, known } = useReviewViewer();
  return useQuery({ ...vendorReviewsQuery(id, viewer), enabled: known, placeholderData: keepPreviousData });
}
