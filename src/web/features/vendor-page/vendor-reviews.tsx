import { lazy, Suspense } from 'react';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ReviewCard, ReviewCardSkeleton } from '../reviews/review-card.tsx';
import { useVendorReviews } from './api.ts';
import { useIsOwnVendor } from './own-vendor.ts';

/**
 * Only the vendor replies: the form's code (its schema, the form library) loads for them alone, not
 * with every visitor's page.
 */
const ReviewReply = lazy(() => import('./review-reply.tsx').then((m) => ({ default: m.ReviewReply })));

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
            <ReviewCard
              review={r}
              replySlot={
                own ? (
                  <Suspense>
                    <ReviewReply reviewId={r.id} />
                  </Suspense>
                ) : undefined
              }
            />
          </li>
        ))}
      </ul>
    </>
  );
}
