import { formatCents } from '../../../shared/money.ts';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useClaimsQueue } from './api.ts';
import { OpenClaim } from './open-claim.tsx';

/** The claims queue: open satisfaction claims, oldest first, each resolved with an outcome and a note. */
export function Claims() {
  const queue = useClaimsQueue();
  if (queue.isPending) return <Spinner label="Loading claims" className="py-10" />;
  if (queue.isError)
    return <LoadError message={queue.error.message} onRetry={() => void queue.refetch()} className="p-6" />;
  const { open, recent } = queue.data;
  return (
    <div className="space-y-8">
      {open.length === 0 ? (
        <Card className="p-8 text-center text-cocoa-600">
          No open claims. Nothing is waiting for a decision.
        </Card>
      ) : (
        <ul className="space-y-4" aria-label="Open claims">
          {open.map((c) => (
            <li key={c.id}>
              <OpenClaim item={c} />
            </li>
          ))}
        </ul>
      )}
      {recent.length > 0 && (
        <section aria-labelledby="recent-claims">
          <h3 id="recent-claims" className="text-lg font-semibold">
            Recently closed
          </h3>
          <ul className="mt-2 divide-y divide-cocoa-900/5 rounded-2xl bg-white text-sm">
            {recent.map((c) => (
              <li key={c.id} className="flex flex-wrap justify-between gap-2 px-4 py-3">
                <span className="font-medium">{c.orderNumber}</span>
                <span className="text-cocoa-600">
                  {c.status === 'withdrawn'
                    ? 'Withdrawn by the customer'
                    : c.outcome === 'release'
                      ? 'Released to the vendor'
                      : `Refunded ${formatCents(c.refundCents ?? 0)}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
