import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CreateReviewInput,
  ReviewCreated,
  ReviewList,
  ReviewListQuery,
  ReviewRatingFilter,
  ReviewSort,
} from '../../../shared/schemas/reviews.ts';
import { ApiError, api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/api.ts';

/** Every review list (the Reviews page, its summary, a vendor page's: vendorPageKeys.reviews) is under `all`. */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (rating: ReviewRatingFilter, sort: ReviewSort) => [...reviewKeys.all, rating, sort] as const,
  summary: ['reviews', 'summary'] as const,
};

export const REVIEWS_PAGE_SIZE = 20;

export const fetchReviews = ({ rating, sort, limit, offset }: ReviewListQuery) =>
  api<ReviewList>(
    `/api/reviews?${new URLSearchParams({ rating, sort, limit: String(limit), offset: String(offset) })}`,
  );

/** Reviews for one filter and sort, a page at a time; the previous list stays on screen while the next loads. */
export function useReviews(rating: ReviewRatingFilter, sort: ReviewSort) {
  return useInfiniteQuery({
    queryKey: reviewKeys.list(rating, sort),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchReviews({ rating, sort, limit: REVIEWS_PAGE_SIZE, offset: pageParam }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.reviews.length, 0);
      return last.reviews.length > 0 && loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

export interface ReviewSummary {
  averageRating: number | null;
  total: number;
}

/**
 * The average and count over all reviews. The list's own figures describe the filtered set, so they
 * are used only for the unfiltered list; with a rating filter one small extra request gives the totals.
 */
export function useReviewSummary(rating: ReviewRatingFilter, list: ReturnType<typeof useReviews>) {
  const filtered = rating !== 'all';
  const summary = useQuery({
    queryKey: reviewKeys.summary,
    queryFn: () => fetchReviews({ rating: 'all', sort: 'newest', limit: 1, offset: 0 }),
    enabled: filtered,
    select: ({ averageRating, total }): ReviewSummary => ({ averageRating, total }),
  });
  const first = list.data?.pages[0];
  if (!filtered && first && !list.isPlaceholderData) {
    return { averageRating: first.averageRating, total: first.total };
  }
  return summary.data;
}

/** A customer's review of a completed order: the dashboards (Leave Review) and every review list change. */
export function useCreateReview(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) =>
      api<ReviewCreated>(`/api/orders/${orderId}/review`, { method: 'POST', json: input }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: dashboardKeys.all });
      void qc.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}

/** The vendor's public reply, once; every review list shows it. */
export function useReplyToReview(reviewId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reply: string) => api(`/api/reviews/${reviewId}/reply`, { method: 'POST', json: { reply } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: reviewKeys.all }),
    // Already answered (in another tab): show the reply that is there.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409)
        void qc.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}
