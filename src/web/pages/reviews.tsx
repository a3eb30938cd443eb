import { Star } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import {
  REVIEW_RATING_FILTERS,
  REVIEW_SORTS,
  type ReviewRatingFilter,
  type ReviewSort,
} from '../../shared/catalog.ts';
import { Button } from '../components/ui/button.tsx';
import { Label, NativeSelect } from '../components/ui/input.tsx';
import { PageHeader, Section } from '../components/ui/page.tsx';
import { Skeleton } from '../components/ui/spinner.tsx';
import { useReviews } from '../features/reviews/api.ts';
import { ReviewCard } from '../features/reviews/review-card.tsx';

const RATING_LABELS: Record<ReviewRatingFilter, string> = {
  all: 'All ratings',
  '5': '5 stars',
  '4': '4 stars',
  '3': '3 stars',
};
const SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'rating-high': 'Highest rated',
  'rating-low': 'Lowest rated',
  helpful: 'Most helpful',
};
const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

export default function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const rating = pick(params.get('rating'), REVIEW_RATING_FILTERS, 'all');
  const sort = pick(params.get('sort'), REVIEW_SORTS, 'newest');
  const query = useReviews(rating, sort);
  const first = query.data?.pages[0];
  const reviews = query.data?.pages.flatMap((p) => p.reviews) ?? [];

  const set = (key: 'rating' | 'sort', value: string, fallback: string) =>
    setParams(
      (p) => {
        if (value === fallback) p.delete(key);
        else p.set(key, value);
        return p;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        eyebrow="Reviews"
        title="Customer Reviews"
        intro="What customers say about the cakes they ordered through Frosted. Every review comes from a real order."
      >
        {first && first.averageRating !== null && (
          <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 font-semibold shadow-sm">
            <Star className="size-5 fill-gold-400 text-gold-400" aria-hidden />
            {first.averageRating.toFixed(1)} average from {first.total}{' '}
            {first.total === 1 ? 'review' : 'reviews'}
          </p>
        )}
      </PageHeader>
      <Section className="pt-10">
        <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-[var(--shadow-soft)] sm:flex-row sm:items-end sm:justify-between">
          <div className="grid flex-1 gap-4 sm:max-w-lg sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="review-rating">Filter by rating</Label>
              <NativeSelect
                id="review-rating"
                value={rating}
                onChange={(e) => set('rating', e.target.value, 'all')}
              >
                {REVIEW_RATING_FILTERS.map((r) => (
                  <option key={r} value={r}>
                    {RATING_LABELS[r]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="review-sort">Sort reviews</Label>
              <NativeSelect
                id="review-sort"
                value={sort}
                onChange={(e) => set('sort', e.target.value, 'newest')}
              >
                {REVIEW_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <Button asChild>
            <Link to="/auth">Write a Review</Link>
          </Button>
        </div>

        <div className="mt-8" aria-live="polite" aria-busy={query.isFetching}>
          {query.isPending ? (
            <div className="space-y-4" aria-label="Loading reviews">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-40" />
              ))}
            </div>
          ) : query.isError ? (
            <div role="alert" className="rounded-2xl bg-white p-8 text-center">
              <p className="text-cocoa-600">{query.error.message}</p>
              <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
                Try Again
              </Button>
            </div>
          ) : reviews.length === 0 ? (
            <div className="rounded-2xl bg-white p-10 text-center">
              <p className="font-display text-xl font-semibold">No reviews match this filter yet.</p>
              {rating !== 'all' && (
                <Button variant="outline" className="mt-4" onClick={() => set('rating', 'all', 'all')}>
                  Show all ratings
                </Button>
              )}
            </div>
          ) : (
            <>
              <ul className="space-y-4">
                {reviews.map((r) => (
                  <li key={r.id}>
                    <ReviewCard review={r} />
                  </li>
                ))}
              </ul>
              {query.hasNextPage && (
                <div className="mt-8 text-center">
                  <Button
                    variant="outline"
                    onClick={() => void query.fetchNextPage()}
                    disabled={query.isFetchingNextPage}
                  >
                    {query.isFetchingNextPage ? 'Loading...' : 'Load more reviews'}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </Section>
    </>
  );
}
