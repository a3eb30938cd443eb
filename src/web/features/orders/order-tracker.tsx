import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { OrderTimeline } from '../dashboard/order-timeline.tsx';
import { ProofsPanel } from '../proofs/proofs-panel.tsx';
import { useOrder } from './api.ts';
import { ClaimPanel } from './claim-panel.tsx';
import { OrderActions } from './order-actions.tsx';
import { OrderBrief } from './order-brief.tsx';
import { OrderHistory } from './order-history.tsx';
import { PaymentNote } from './payment-note.tsx';

/**
 * Track Order (both sides): where the order stands, every step with its date and time in Vancouver,
 * and the changes the viewer can make now (the vendor's Update Status, the customer's confirmation or
 * cancellation).
 */
export function OrderTracker({
  orderId,
  omitAction,
  sectionHeading = 'h4',
}: {
  orderId: string;
  /** An action offered beside the tracker already (a vendor's Cancel Order on the order's card). */
  omitAction?: string | undefined;
  /** The level of its sections' headings: under the order page's h2, h3; in an order's card, h4. */
  sectionHeading?: 'h3' | 'h4';
}) {
  const order = useOrder(orderId);
  if (order.isPending) return <Spinner label="Loading the order" className="py-2" />;
  if (order.isError)
    return <LoadError message={order.error.message} onRetry={() => void order.refetch()} className="p-4" />;
  const o = order.data;
  return (
    <div className="space-y-5">
      <OrderTimeline status={o.status} />
      <OrderBrief order={o} />
      <OrderHistory order={o} />
      <ProofsPanel order={o} heading={sectionHeading} />
      <PaymentNote order={o} />
      <ClaimPanel order={o} heading={sectionHeading} />
      <OrderActions order={o} omit={omitAction} />
    </div>
  );
}
