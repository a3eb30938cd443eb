import { PenLine } from 'lucide-react';
import { Link } from 'react-router';
import {
  REVIEW_RATING_FILTERS,
  REVIEW_SORTS,
  type ReviewRatingFilter,
  type ReviewSort,
} from '../../../shared/schemas/reviews.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { Options } from '../../components/ui/input.tsx';
import { RATING_LABELS, SORT_LABELS, parseRating, parseSort } from './review-options.ts';

/** The rating filter, the sort and the Write a Review link, in one bar above the list. */
export function ReviewFilters({
  rating,
  sort,
  onRatingChange,
  onSortChange,
}: {
  rating: ReviewRatingFilter;
  sort: ReviewSort;
  onRatingChange: (rating: ReviewRatingFilter) => void;
  onSortChange: (sort: ReviewSort) => void;
}) {
  return (
    <div className="flex flex-col gap-5 rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5 sm:p-6 md:flex-row md:items-end md:justify-between">
      <div className="grid flex-1 gap-4 sm:grid-cols-2 md:max-w-xl">
        <SelectField
          id="review-rating"
          label="Filter by rating"
          value={rating}
          onChange={(e) => onRatingChange(parseRating(e.target.value))}
        >
          <Options options={REVIEW_RATING_FILTERS} labels={RATING_LABELS} />
        </SelectField>
        <SelectField
          id="review-sort"
          label="Sort reviews"
          value={sort}
          onChange={(e) => onSortChange(parseSort(e.target.value))}
        >
          <Options options={REVIEW_SORTS} labels={SORT_LABELS} />
        </SelectField>
      </div>
      <div className="flex flex-col gap-2 md:items-end">
        <Button asChild size="lg" className="w-full md:w-auto">
          <Link to="/auth">
            <PenLine aria-hidden />
            Write a Review
          </Link>
        </Button>
        <p className="text-center text-sm text-cocoa-500 md:text-right">
          Reviews come from completed orders.
        </p>
      </div>
    </div>
  );
}
