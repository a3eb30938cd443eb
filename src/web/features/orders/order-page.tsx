import { ArrowLeft, MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { fulfillmentLabel } from '../../../shared/fulfillment.ts';
import { formatCents } from '../../../shared/money.ts';
import { canLeaveReview } from '../../../shared/order-status.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate, StatusBadge } from '../dashboard/parts.tsx';
import { ReviewDialog } from '../dashboard/review-dialog.tsx';
import { OrderReceipts, VendorShare } from '../payments/order-money.tsx';
import { PayTogetherForOrder } from '../payments/pay-together.tsx';
import { OrderSchedule } from '../plans/order-schedule.tsx';
import { briefTitle } from '../../../shared/quote-brief.ts';
import { useOrder, useOrderConversation } from './api.ts';
import { OrderTracker } from './order-tracker.tsx';
import { DisputePanel } from './dispute-panel.tsx';

/** Where "All orders" leads: the viewer's own list of orders. */
const ORDERS_OF: Record<OrderDetail['viewer'], { to: string; label: string }> = {
  customer: { to: '/customer-dashboard-original', label: 'My orders' },
  vendor: { to: '/vendor-dashboard?tab=orders', label: 'Orders' },
  admin: { to: '/admin', label: 'Admin' },
};

/**
 * One order on a page of its own (/orders/{id}), for its customer, its vendor or an admin: where it
 * stands, what was agreed, proofs, payment (the tracker's Pay), claim and review, and the way to the
 * conversation. Order rows, notifications and e-mails lead here.
 */
export function OrderPage({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = order.data !== undefined;
  // The page's subject is the order: once it is there, a screen reader starts at its heading.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  if (order.isPending) return <OrderPageLoading />;
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <div role="alert" className="mx-auto max-w-lg px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">{missing ? 'Order not found' : 'Could not load the order'}</h1>
        <p className="mt-3 text-cocoa-600">
          {missing
            ? 'This order does not exist, or it is not one of yours.'
            : order.error.message || 'Please try again.'}
        </p>
        <div className="mt-8 flex justify-center gap-3">
          {!missing && <Button onClick={() => void order.refetch()}>Try Again</Button>}
          <Button asChild variant="outline">
            <Link to="/">Go Home</Link>
          </Button>
        </div>
      </div>
    );
  }

  const o = order.data;
  const back = ORDERS_OF[o.viewer];
  const title = o.design?.occasion ?? o.brief?.occasion;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to={back.to}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-rose-600 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {back.label}
      </Link>
      <Card className="mt-4 p-5 sm:p-7">
        <div className="flex flex-col gap-5 sm:flex-row">
          {o.design?.imageUrl && (
            <img
              src={o.design.imageUrl}
              alt={`${o.design.occasion} cake design`}
              width={112}
              height={112}
              className="size-28 shrink-0 rounded-xl bg-cream-200 object-cover"
            />
          )}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold outline-none sm:text-3xl">
                Order {o.orderNumber}
              </h1>
              <StatusBadge status={o.status} />
            </div>
            <p className="mt-1 text-cocoa-700">
              {o.brief?.kind === 'event' ? briefTitle(o.brief) : title ? `${title} cake` : 'Custom cake'} ·{' '}
              {o.viewer === 'vendor' ? (
                o.customerName
              ) : (
                <Link to={`/vendor/${o.vendor.id}`} className="font-medium text-rose-600 hover:underline">
                  {o.vendor.businessName}
                </Link>
              )}
            </p>
            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-cocoa-600">
              <div>
                <dt className="inline">{fulfillmentLabel(o.fulfillment)}: </dt>
                <dd className="inline">{formatDate(o.deliveryDate)}</dd>
              </div>
              <div>
                <dt className="inline">Ordered: </dt>
                <dd className="inline">{formatDate(o.createdAt)}</dd>
              </div>
              <div>
                <dt className="inline">Total: </dt>
                <dd className="inline font-semibold text-cocoa-900">{formatCents(o.amount)}</dd>
              </div>
            </dl>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap gap-2">
          <MessageButton order={o} />
          {o.viewer === 'customer' &&
            canLeaveReview(o.status) &&
            (o.reviewed ? (
              <span className="inline-flex items-center text-sm font-medium text-sage-700">Reviewed</span>
            ) : (
              <ReviewDialog
                orderId={o.id}
                vendorName={o.vendor.businessName}
                forEvent={o.brief?.kind === 'event'}
              />
            ))}
        </div>
      </Card>
      {/* Waiting for payment, with other orders waiting too: they can be paid in one checkout. */}
      {o.viewer === 'customer' && o.status === 'pending' && !o.paymentConfirming && (
        <PayTogetherForOrder orderId={o.id} className="mt-6" />
      )}
      <OrderSchedule orderId={o.id} />
      {o.viewer === 'vendor' && <DisputePanel orderId={o.id} className="mt-6" />}
      <Card className="mt-6 p-5 sm:p-7">
        <h2 className="mb-4 text-xl font-semibold">Track Order</h2>
        <OrderTracker orderId={o.id} sectionHeading="h3" />
      </Card>
      <VendorShare order={o} className="mt-6" />
      <OrderReceipts order={o} className="mt-6" />
    </div>
  );
}

/** Message Vendor (the customer) or Message Customer (the vendor): the conversation about this order. */
function MessageButton({ order: o }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const conversation = useOrderConversation(o.id);
  if (o.viewer === 'admin') return null;
  const label = o.viewer === 'customer' ? 'Message Vendor' : 'Message Customer';
  const open = () =>
    conversation.mutate(undefined, {
      onSuccess: ({ id }) =>
        void navigate(`/messages?${new URLSearchParams({ c: id, order: o.id }).toString()}`),
      onError: (err) => toast.error(err.message || 'Could not open the conversation. Please try again.'),
    });
  return (
    <Button variant="outline" onClick={open} disabled={conversation.isPending}>
      <MessageCircle aria-hidden /> {label}
    </Button>
  );
}

/** The page's shape while the order loads, so nothing jumps when it arrives. */
function OrderPageLoading() {
  return (
    <div
      role="status"
      aria-label="Loading the order"
      className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10"
    >
      <Skeleton className="h-5 w-24" />
      <Skeleton className="mt-4 h-56 w-full rounded-[var(--radius-card)] sm:h-48" />
      <Skeleton className="mt-6 h-96 w-full rounded-[var(--radius-card)]" />
    </div>
  );
}
