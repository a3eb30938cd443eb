import { Star } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** Five stars filled to the rating; the label carries the number for screen readers. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      role="img"
      aria-label={`${rating} out of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden
          className={cn(
            'size-4',
            i <= Math.round(rating) ? 'fill-gold-400 text-gold-400' : 'fill-cream-300 text-cream-300',
          )}
        />
      ))}
    </span>
  );
}
