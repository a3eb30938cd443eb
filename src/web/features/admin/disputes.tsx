import { formatCents } from '../../../shared/money.ts';
import { DISPUTE_STATUS_LABELS } from '../../../shared/schemas/disputes.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { OpenDispute } from './disputes-card.tsx';
import { useDisputesQueue } from './disputes-api.ts';

/** The dispute queue: open card disputes, the soonest due first, each with its evidence; then the decided. */
export function Disputes() {
  const queue = useDisputesQueue();
  if (queue.isPending) return <Spinner label="Loading disputes" className="py-10" />;
  if (queue.isError)
    return <LoadError message={queue.error.message} onRetry={() => void queue.refetch()} className="p-6" />;
  const { open, closed, canResolveByHand } = queue.data;
  return (
    <div className="space-y-8">
      {open.length === 0 ? (
        <Card className="p-8 text-center text-cocoa-600">
          No open disputes. No bank is waiting for evidence.
        </Card>
      ) : (
        <ul className="space-y-4" aria-label="Open disputes">
          {open.map((d) => (
            <li key={d.id}>
              <OpenDispute item={d} canResolveByHand={canResolveByHand} />
            </li>
          ))}
        </ul>
      )}
      {closed.length > 0 && (
        <section aria-labelledby="decided-disputes">
          <h3 id="decided-disputes" className="text-lg font-semibold">
            Recently decided
          </h3>
          <ul className="mt-2 divide-y divide-cocoa-900/5 rounded-2xl bg-white text-sm">
            {closed.map((d) => (
              <li key={d.id} className="flex flex-wrap justify-between gap-2 px-4 py-3">
                <span className="font-medium">{d.orders.map((o) => o.orderNumber).join(', ')}</span>
                <span className="text-cocoa-600">
                  {DISPUTE_STATUS_LABELS[d.status]} · {formatCents(d.amountCents)}
                  {d.closedAt && ` · ${formatDateTime(d.closedAt)}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
