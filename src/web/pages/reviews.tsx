import { Star } from 'lucide-react';
import { PageHeader, Section } from '../components/ui/page.tsx';
import { useReviewSummary, useReviews } from '../features/reviews/api.ts';
import { ReviewFilters } from '../features/reviews/review-filters.tsx';
import { ReviewList } from '../features/reviews/review-list.tsx';
import { useSearchParamChanges } from '../lib/use-search-param-changes.ts';
import {
  DEFAULT_RATING,
  DEFAULT_SORT,
  RATING_LABELS,
  parseRating,
  parseSort,
} from '../features/reviews/review-options.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function ReviewsPage() {
  const [params, changeParams] = useSearchParamChanges();
  const rating = parseRating(params.get('rating'));
  const sort = parseSort(params.get('sort'));
  const query = useReviews(rating, sort);
  const summary = useReviewSummary(rating, query);

  /** Filter and sort live in the URL (defaults left out), so a filtered list can be shared and reloaded. */
  const setParam = (key: 'rating' | 'sort', value: string, fallback: string) =>
    changeParams(
      (next) => {
        if (value === fallback) next.delete(key);
        else next.set(key, value);
      },
      { replace: true },
    );

  const first = query.isPlaceholderData ? undefined : query.data?.pages[0];
  const shown = query.data?.pages.reduce((n, p) => n + p.reviews.length, 0) ?? 0;

  return (
    <>
      <PageHeader
        eyebrow="Reviews"
        title="Customer Reviews"
        intro="What customers across British Columbia say about the cakes they ordered through Frosted. Every review comes from a real, completed order."
      >
        {summary && summary.averageRating !== null && summary.total > 0 && (
          <p className="mt-8 inline-flex flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-full bg-white px-5 py-2.5 shadow-[var(--shadow-soft)]">
            <Star className="size-6 fill-gold-400 text-gold-400" aria-hidden />
            <span className="font-display text-2xl font-semibold text-cocoa-900">
              {summary.averageRating.toFixed(1)}
              <span className="sr-only"> out of 5</span>
            </span>
            <span className="text-cocoa-600">average from {plural(summary.total, 'review', 'reviews')}</span>
          </p>
        )}
      </PageHeader>

      <Section className="pt-10 sm:pt-14" aria-labelledby="review-list-title">
        <h2 id="review-list-title" className="sr-only">
          All reviews
        </h2>
        <ReviewFilters
          rating={rating}
          sort={sort}
          onRatingChange={(r) => setParam('rating', r, DEFAULT_RATING)}
          onSortChange={(s) => setParam('sort', s, DEFAULT_SORT)}
        />
        <p className="mt-8 min-h-6 text-sm font-medium text-cocoa-500" role="status">
          {first &&
            first.total > 0 &&
            `Showing ${shown} of ${plural(first.total, 'review', 'reviews')}${
              rating === DEFAULT_RATING ? '' : ` rated ${RATING_LABELS[rating]}`
            }`}
        </p>
        <div className="mt-4">
          <ReviewList
            query={query}
            filtered={rating !== DEFAULT_RATING}
            onClearFilter={() => setParam('rating', DEFAULT_RATING, DEFAULT_RATING)}
          />
        </div>
      </Section>
    </>
  );
}
