import { AlertCircle, MessageSquareQuote } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import type { useReviews } from './api.ts';
import { ReviewCard, ReviewCardSkeleton } from './review-card.tsx';

const panel =
  'rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5 sm:p-12';

/** The list with its loading, error and empty states, and Load more. */
export function ReviewList({
  query,
  filtered,
  onClearFilter,
}: {
  query: ReturnType<typeof useReviews>;
  filtered: boolean;
  onClearFilter: () => void;
}) {
  if (query.isPending) {
    return (
      <div className="space-y-5">
        <p className="sr-only" role="status">
          Loading reviews
        </p>
        {[0, 1, 2].map((i) => (
          <ReviewCardSkeleton key={i} />
        ))}
      </div>
    );
  }

  if (!query.data) {
    return (
      <div role="alert" className={panel}>
        <AlertCircle className="mx-auto size-10 text-rose-400" aria-hidden />
        <p className="mt-3 font-display text-xl font-semibold">We could not load the reviews.</p>
        <p className="mt-1 text-cocoa-600">{query.error?.message}</p>
        <Button className="mt-6" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Trying...' : 'Try Again'}
        </Button>
      </div>
    );
  }

  const reviews = query.data.pages.flatMap((p) => p.reviews);
  if (reviews.length === 0) {
    return (
      <div className={panel}>
        <MessageSquareQuote className="mx-auto size-10 text-rose-300" aria-hidden />
        <p className="mt-3 font-display text-xl font-semibold">No reviews match this filter yet.</p>
        {filtered && (
          <Button variant="outline" className="mt-6" onClick={onClearFilter}>
            Clear filter
          </Button>
        )}
      </div>
    );
  }

  return (
    <div
      aria-busy={query.isPlaceholderData}
      className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}
    >
      <ul className="space-y-5">
        {reviews.map((r) => (
          <li key={r.id}>
            <ReviewCard review={r} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-10 flex flex-col items-center gap-3">
          {query.isFetchNextPageError && (
            <p role="alert" className="text-sm font-medium text-rose-700">
              {query.error.message}
            </p>
          )}
          <Button
            variant="outline"
            size="lg"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage || query.isPlaceholderData}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load more reviews'}
          </Button>
        </div>
      )}
    </div>
  );
}
