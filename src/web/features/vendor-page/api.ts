import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewList } from '../../../shared/schemas/reviews.ts';
import type { PublicVendorPage } from '../../../shared/schemas/vendor-profile.ts';
import { api } from '../../lib/api.ts';

export const vendorPageKeys = {
  page: (id: string) => ['vendors', 'page', id] as const,
  reviews: (id: string) => ['reviews', 'vendor', id] as const,
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

export const vendorReviewsQuery = (id: string) =>
  queryOptions({
    queryKey: vendorPageKeys.reviews(id),
    queryFn: () =>
      api<ReviewList>(
        `/api/reviews?vendorId=${encodeURIComponent(id)}&sort=newest&limit=${VENDOR_REVIEWS_SHOWN}`,
      ),
  });

export const useVendorReviews = (id: string) => useQuery(vendorReviewsQuery(id));
