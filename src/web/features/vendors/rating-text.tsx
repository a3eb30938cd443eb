import { Sparkles, Star } from 'lucide-react';
import { countText } from './format.ts';

/** "★ 4.8 (12 reviews)"; a vendor without reviews is new, not rated zero. */
export function RatingText({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  if (reviewCount === 0) {
    return (
      <>
        <Sparkles className="size-4 text-rose-400" aria-hidden /> New to Frosted
      </>
    );
  }
  return (
    <>
      <Star className="size-4 fill-gold-400 text-gold-400" aria-hidden />
      <span>
        <span className="font-semibold text-cocoa-900">{rating.toFixed(1)}</span>
        <span className="sr-only"> out of 5,</span> ({countText(reviewCount)}{' '}
        {reviewCount === 1 ? 'review' : 'reviews'})
      </span>
    </>
  );
}
