import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  type QueryFilters,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CreateReviewInput,
  PublicReview,
  ReviewCreated,
  ReviewHelpful,
  ReviewList,
  ReviewListQuery,
  ReviewRatingFilter,
  ReviewSort,
} from '../../../shared/schemas/reviews.ts';
import { ApiError, api } from '../../lib/api.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { orderKeys } from '../orders/api.ts';
import { asViewer, useReviewViewer } from './viewer.ts';

/**
 * Every review list (the Reviews page, its summary, a vendor page's: vendorPageKeys.reviews) is under
 * `all`. A list carries the viewer's helpful votes, so lists are kept per viewer (viewer.ts).
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (rating: ReviewRatingFilter, sort: ReviewSort, viewer: string) =>
    [...reviewKeys.all, rating, sort, viewer] as const,
  summary: ['reviews', 'summary'] as const,
};

export const REVIEWS_PAGE_SIZE = 20;

export const fetchReviews = ({ rating, sort, limit, offset }: ReviewListQuery, init: RequestInit = {}) =>
  api<ReviewList>(
    `/api/reviews?${new URLSearchParams({ rating, sort, limit: String(limit), offset: String(offset) })}`,
    init,
  );

/**
 * Reviews for one filter and sort as this viewer sees them, a page at a time; the previous list stays
 * on screen while the next loads.
 */
export function useReviews(rating: ReviewRatingFilter, sort: ReviewSort) {
  const { viewer, known } = useReviewViewer();
  return useInfiniteQuery({
    queryKey: reviewKeys.list(rating, sort, viewer),
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      fetchReviews({ rating, sort, limit: REVIEWS_PAGE_SIZE, offset: pageParam }, asViewer(viewer)),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.reviews.length, 0);
      return last.reviews.length > 0 && loaded < last.total ? loaded : undefined;
    },
    enabled: known,
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
    // The same for everyone: asked for as a visitor.
    queryFn: () =>
      fetchReviews({ rating: 'all', sort: 'newest', limit: 1, offset: 0 }, { credentials: 'omit' }),
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
      // The order's page says it is reviewed.
      void qc.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
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

/** A cached review list: the Reviews page's pages, or one page (a vendor page's). */
type CachedReviews = ReviewList | InfiniteData<ReviewList, number>;

/** The cached lists of one viewer (their key ends with the viewer: reviewKeys, vendorPageKeys). */
const listsOf = (viewer: string): QueryFilters => ({
  queryKey: reviewKeys.all,
  predicate: (query) => query.queryKey[query.queryKey.length - 1] === viewer,
});

const pagesOf = (data: CachedReviews | undefined) => (!data ? [] : 'pages' in data ? data.pages : [data]);

/** Changes one review in every cached list of the viewer's that shows it (never another viewer's). */
function updateCachedReview(
  qc: QueryClient,
  viewer: string,
  reviewId: string,
  update: (review: PublicReview) => PublicReview,
) {
  const inList = (list: ReviewList): ReviewList =>
    list.reviews.some((r) => r.id === reviewId)
      ? { ...list, reviews: list.reviews.map((r) => (r.id === reviewId ? update(r) : r)) }
      : list;
  qc.setQueriesData<CachedReviews>(listsOf(viewer), (data) => {
    if (!data) return data;
    return 'pages' in data ? { ...data, pages: data.pages.map(inList) } : inList(data);
  });
}

function cachedReview(qc: QueryClient, viewer: string, reviewId: string): PublicReview | undefined {
  for (const [, data] of qc.getQueriesData<CachedReviews>(listsOf(viewer))) {
    const found = pagesOf(data)
      .flatMap((l) => l.reviews)
      .find((r) => r.id === reviewId);
    if (found) return found;
  }
  return undefined;
}

/**
 * Marks a review helpful, or takes the vote back. The button and the count change at once (and change
 * back if the server refuses); then every list reloads, so Most helpful follows the new counts.
 */
export function useHelpfulVote() {
  const qc = useQueryClient();
  const { viewer } = useReviewViewer();
  return useMutation({
    mutationFn: ({ reviewId, helpful }: { reviewId: string; helpful: boolean }) =>
      api<ReviewHelpful>(`/api/reviews/${encodeURIComponent(reviewId)}/helpful`, {
        method: helpful ? 'PUT' : 'DELETE',
      }),
    onMutate: async ({ reviewId, helpful }) => {
      await qc.cancelQueries({ queryKey: reviewKeys.all });
      const before = cachedReview(qc, viewer, reviewId);
      updateCachedReview(qc, viewer, reviewId, (r) =>
        r.viewerVotedHelpful === helpful
          ? r
          : {
              ...r,
              viewerVotedHelpful: helpful,
              helpfulCount: Math.max(0, r.helpfulCount + (helpful ? 1 : -1)),
            },
      );
      return { before };
    },
    onSuccess: (answer, { reviewId }) =>
      updateCachedReview(qc, viewer, reviewId, (r) => ({ ...r, ...answer })),
    onError: (_err, { reviewId }, context) => {
      const before = context?.before;
      if (before)
        updateCachedReview(qc, viewer, reviewId, (r) => ({
          ...r,
          helpfulCount: before.helpfulCount,
          viewerVotedHelpful: before.viewerVotedHelpful,
        }));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
