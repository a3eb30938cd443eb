import { LoadError } from '../../components/ui/load-error.tsx';
import { ReviewCard, ReviewCardSkeleton } from '../reviews/review-card.tsx';
import { useVendorReviews } from './api.ts';
import { ReviewReply, useIsOwnVendor } from './review-reply.tsx';

export function VendorReviews({ vendorId, vendorName }: { vendorId: string; vendorName: string }) {
  const { data, isPending, error, refetch } = useVendorReviews(vendorId);
  const own = useIsOwnVendor(vendorId);
  if (isPending) return <ReviewCardSkeleton />;
  if (error) return <LoadError message="We could not load the reviews." onRetry={() => void refetch()} />;
  if (data.total === 0)
    return (
      <p className="text-cocoa-600">No reviews of {vendorName} yet. Reviews come from completed orders.</p>
    );
  return (
    <>
      <p className="text-sm text-cocoa-600">
        {data.total} {data.total === 1 ? 'review' : 'reviews'} from completed orders
        {data.total > data.reviews.length && `, newest ${data.reviews.length} shown`}
      </p>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {data.reviews.map((r) => (
          <li key={r.id}>
            <ReviewCard review={r} replySlot={own ? <ReviewReply reviewId={r.id} /> : undefined} />
          </li>
        ))}
      </ul>
    </>
  );
}
