import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  ReviewList,
  ReviewListQuery,
  ReviewRatingFilter,
  ReviewSort,
} from '../../../shared/schemas/reviews.ts';
import { api } from '../../lib/api.ts';

export const REVIEWS_PAGE_SIZE = 20;

export const fetchReviews = ({ rating, sort, limit, offset }: ReviewListQuery) =>
  api<ReviewList>(
    `/api/reviews?${new URLSearchParams({ rating, sort, limit: String(limit), offset: String(offset) })}`,
  );

/** Reviews for one filter and sort, a page at a time; the previous list stays on screen while the next loads. */
export function useReviews(rating: ReviewRatingFilter, sort: ReviewSort) {
  return useInfiniteQuery({
    queryKey: ['reviews', rating, sort],
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
    queryKey: ['reviews', 'summary'],
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
