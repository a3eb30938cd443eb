import { Card } from '../../components/ui/card.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDate } from '../../../shared/time.ts';
import { useVerificationQueue } from '../verification/api.ts';
import { VendorChecklistReview } from '../verification/admin-review.tsx';

/** Documents waiting for review, by vendor (oldest upload first), each with the vendor's whole checklist. */
export function VerificationQueue() {
  const { data, isPending, error, refetch } = useVerificationQueue();
  if (isPending) return <Spinner label="Loading the verification queue" />;
  if (error) return <LoadError message={error.message} onRetry={() => void refetch()} />;
  const vendors = new Map<string, { name: string; status: string; since: string; count: number }>();
  for (const item of data.items) {
    const entry = vendors.get(item.vendorId);
    if (entry) entry.count++;
    else
      vendors.set(item.vendorId, {
        name: item.businessName,
        status: item.vendorStatus,
        since: item.submittedAt,
        count: 1,
      });
  }
  if (vendors.size === 0)
    return (
      <p className="rounded-2xl bg-white p-8 text-center text-cocoa-600">
        No documents are waiting for review.
      </p>
    );
  return (
    <ul className="space-y-4">
      {[...vendors].map(([vendorId, v]) => (
        <li key={vendorId}>
          <Card className="p-5" role="group" aria-label={`${v.name} verification`}>
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <h3 className="text-lg font-semibold">{v.name}</h3>
              <Badge variant="outline">
                {v.status === 'approved' ? 'Approved vendor' : `Application ${v.status}`}
              </Badge>
              <span className="text-sm text-cocoa-600">
                {v.count} waiting since {formatDate(v.since)}
              </span>
            </div>
            <VendorChecklistReview vendorId={vendorId} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
