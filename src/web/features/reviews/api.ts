import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewRatingFilter, ReviewSort } from '../../../shared/catalog.ts';
import type { ReviewList } from '../../../shared/schemas/reviews.ts';
import { api } from '../../lib/api.ts';

const PAGE = 10;

export function useReviews(rating: ReviewRatingFilter, sort: ReviewSort) {
  return useInfiniteQuery({
    queryKey: ['reviews', rating, sort],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api<ReviewList>(
        `/api/reviews?${new URLSearchParams({ rating, sort, limit: String(PAGE), offset: String(pageParam) })}`,
      ),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.reviews.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
}
