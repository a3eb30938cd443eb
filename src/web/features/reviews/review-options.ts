import {
  REVIEW_RATING_FILTERS,
  REVIEW_SORTS,
  type ReviewRatingFilter,
  type ReviewSort,
} from '../../../shared/schemas/reviews.ts';

export const DEFAULT_RATING: ReviewRatingFilter = 'all';
export const DEFAULT_SORT: ReviewSort = 'newest';

export const RATING_LABELS: Record<ReviewRatingFilter, string> = {
  all: 'All ratings',
  '5': '5 stars',
  '4': '4 stars',
  '3': '3 stars',
};

export const SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'rating-high': 'Highest rated',
  'rating-low': 'Lowest rated',
  helpful: 'Most helpful',
};

const oneOf =
  <T extends string>(allowed: readonly T[], fallback: T) =>
  (value: string | null): T =>
    allowed.find((a) => a === value) ?? fallback;

/** URL values are user input: anything unknown falls back to the default. */
export const parseRating = oneOf(REVIEW_RATING_FILTERS, DEFAULT_RATING);
export const parseSort = oneOf(REVIEW_SORTS, DEFAULT_SORT);
