import { MessageCircle } from 'lucide-react';
import { OrderSchedule } from '../plans/order-schedule.tsx';
import { orderTitle } from '../../../shared/quote-brief.ts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { fulfillmentLabel } from '../../../shared/fulfillment.ts';
import { isFinalOrderStatus, onlyCancellation } from '../../../shared/order-machine.ts';
import type { OrderStatus } from '../../../shared/order-status.ts';
import type { VendorOrder } from '../../../shared/schemas/dashboard.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { AmountStatus, forOrder, formatDate } from '../dashboard/parts.tsx';
import { useOrderConversation, useVendorOrders, type VendorOrdersView } from './api.ts';
import { CancelOrderButton } from './cancel-order-button.tsx';
import { OrderTracker } from './order-tracker.tsx';

const VIEWS: { value: VendorOrdersView; label: string; empty: string }[] = [
  { value: 'active', label: 'Active', empty: 'No active orders. Accepted quotes become orders here.' },
  { value: 'past', label: 'Completed & cancelled', empty: 'No completed or cancelled orders yet.' },
];

/**
 * The vendor's Orders tab: every active order, soonest due first, or the finished ones, latest
 * first, a page at a time.
 */
export function VendorOrders() {
  const [view, setView] = useState<VendorOrdersView>('active');
  const list = useVendorOrders(view);
  const orders = list.data?.pages.flatMap((p) => p.orders) ?? [];
  return (
    <div className="space-y-4">
      <div role="group" aria-label="Which orders" className="flex flex-wrap gap-2">
        {VIEWS.map((v) => (
          <Button
            key={v.value}
            size="sm"
            variant={view === v.value ? 'default' : 'outline'}
            aria-pressed={view === v.value}
            onClick={() => setView(v.value)}
          >
            {v.label}
          </Button>
        ))}
      </div>
      {list.isPending ? (
        <Spinner label="Loading orders" className="py-6" />
      ) : list.isError ? (
        <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : orders.length === 0 ? (
        <Card className="p-10 text-center text-cocoa-600">{VIEWS.find((v) => v.value === view)!.empty}</Card>
      ) : (
        <>
          <ul className="space-y-3" aria-label={view === 'active' ? 'Active orders' : 'Past orders'}>
            {orders.map((o) => (
              <li key={o.id}>
                <VendorOrderCard order={o} />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/**
 * One of the vendor's orders, described by what was agreed: Update Status opens its timeline with the
 * next steps (Track Order once it is completed or cancelled), Message Customer its conversation. An
 * order whose only change is cancelling (unpaid) offers Cancel Order itself, and Track Order for the rest.
 * Every card has the same buttons, so each button's name also says whose order it is (forOrder).
 */
function VendorOrderCard({ order: o }: { order: VendorOrder }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const conversation = useOrderConversation(o.id);
  const status = o.status as OrderStatus;
  const cancelOnly = onlyCancellation(status, 'vendor');
  const message = () =>
    conversation.mutate(undefined, {
      onSuccess: ({ id }) =>
        void navigate(`/messages?${new URLSearchParams({ c: id, order: o.id }).toString()}`),
      onError: (err) => toast.error(err.message),
    });
  const name = (label: string) => forOrder(label, o.orderNumber, o.customerName);
  const toggle = isFinalOrderStatus(o.status) || cancelOnly ? 'Track Order' : 'Update Status';
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 gap-3">
          {o.imageUrl && (
            <img
              src={o.imageUrl}
              alt={`${o.occasion ?? 'Custom'} cake design`}
              loading="lazy"
              className="size-16 shrink-0 rounded-xl bg-cream-200 object-cover"
            />
          )}
          <div className="min-w-0">
            <Link
              to={`/orders/${o.id}`}
              aria-label={name('View Order')}
              className="text-xs font-medium text-rose-600 hover:underline"
            >
              {o.orderNumber}
            </Link>
            <p className="font-semibold">
              {orderTitle(o)} · {o.customerName}
            </p>
            <p className="text-xs text-cocoa-500">
              {fulfillmentLabel(o.fulfillment)}: {formatDate(o.deliveryDate)}
            </p>
            {o.description && <p className="mt-1 line-clamp-2 text-sm text-cocoa-600">{o.description}</p>}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:gap-3">
          <AmountStatus amount={o.amount} status={o.status} className="flex items-center gap-3" />
          <Button
            variant="outline"
            size="sm"
            aria-label={name('Message Customer')}
            disabled={conversation.isPending}
            onClick={message}
          >
            <MessageCircle aria-hidden /> Message Customer
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={name(toggle)}
            aria-expanded={open}
            className={cn(open && 'bg-cream-100')}
            onClick={() => setOpen((v) => !v)}
          >
            {toggle}
          </Button>
          {cancelOnly && <CancelOrderButton order={{ ...o, status }} action={cancelOnly} name={name} />}
        </div>
      </div>
      {open && (
        <div className="mt-4 border-t border-cocoa-900/10 pt-4">
          <OrderTracker orderId={o.id} omitAction={cancelOnly ?? undefined} />
          {/* Booked for an event with other vendors: the day's schedule, to coordinate set-up. */}
          <OrderSchedule orderId={o.id} className="mt-4 p-4" />
        </div>
      )}
    </Card>
  );
}
