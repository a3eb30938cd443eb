import { useQuery } from '@tanstack/react-query';
import type { ReviewList } from '../../../shared/schemas/reviews.ts';
import type { PublicVendorPage } from '../../../shared/schemas/vendor-profile.ts';
import { api } from '../../lib/api.ts';

export const vendorPageKeys = {
  page: (id: string) => ['vendors', 'page', id] as const,
  reviews: (id: string) => ['reviews', 'vendor', id] as const,
};

export const useVendorPage = (id: string) =>
  useQuery({
    queryKey: vendorPageKeys.page(id),
    queryFn: () => api<PublicVendorPage>(`/api/vendors/${encodeURIComponent(id)}`),
  });

export const VENDOR_REVIEWS_SHOWN = 6;

export const useVendorReviews = (id: string) =>
  useQuery({
    queryKey: vendorPageKeys.reviews(id),
    queryFn: () =>
      api<ReviewList>(
        `/api/reviews?vendorId=${encodeURIComponent(id)}&sort=newest&limit=${VENDOR_REVIEWS_SHOWN}`,
      ),
  });
