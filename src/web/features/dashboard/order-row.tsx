import { BadgeCheck } from 'lucide-react';
import { orderTitle } from '../../../shared/quote-brief.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { fulfillmentLabel } from '../../../shared/fulfillment.ts';
import { canLeaveReview } from '../../../shared/order-status.ts';
import type { CustomerOrder } from '../../../shared/schemas/dashboard.ts';
import { formatCents } from '../../../shared/money.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { OrderTracker } from '../orders/order-tracker.tsx';
import { PaymentActions, StatusBadge, forOrder, formatDate } from './parts.tsx';
import { ReviewDialog } from './review-dialog.tsx';

export function OrderRow({ order: o }: { order: CustomerOrder }) {
  const [tracking, setTracking] = useState(false);
  // Every row has the same buttons: each one's name also says which order it is for.
  const name = (label: string) => forOrder(label, o.orderNumber, o.vendor.businessName);
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row">
        {o.cakeDesign?.imageUrl && (
          <img
            src={o.cakeDesign.imageUrl}
            alt={`${o.cakeDesign.occasion} cake design`}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-xl bg-cream-200 object-cover"
            loading="lazy"
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold">{orderTitle(o)}</h3>
            <StatusBadge status={o.status} />
          </div>
          <Link to={`/vendor/${o.vendor.id}`} className="text-sm font-medium text-rose-600 hover:underline">
            {o.vendor.businessName}
          </Link>
          {o.cakeDesign?.description && (
            <p className="mt-1 line-clamp-2 text-sm text-cocoa-600">{o.cakeDesign.description}</p>
          )}
          <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-cocoa-500">
            <div>
              <dt className="inline">Ordered: </dt>
              <dd className="inline">{formatDate(o.createdAt)}</dd>
            </div>
            <div>
              <dt className="inline">{fulfillmentLabel(o.fulfillment)}: </dt>
              <dd className="inline">{formatDate(o.deliveryDate)}</dd>
            </div>
            <div>
              <dt className="inline">Order </dt>
              <dd className="inline">{o.orderNumber}</dd>
            </div>
          </dl>
        </div>
        <div className="flex shrink-0 flex-row items-center justify-between gap-3 sm:flex-col sm:items-end">
          <span className="font-display text-xl font-semibold">{formatCents(o.amount)}</span>
          <div className="flex flex-wrap justify-end gap-2">
            <PaymentActions order={o} />
            <Button asChild variant="outline" size="sm">
              <Link to={`/orders/${o.id}`} aria-label={name('View Order')}>
                View Order
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`/messages?vendor=${o.vendor.id}&order=${o.id}`} aria-label={name('Message Vendor')}>
                Message Vendor
              </Link>
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-label={name('Track Order')}
              aria-expanded={tracking}
              onClick={() => setTracking((t) => !t)}
            >
              Track Order
            </Button>
            {canLeaveReview(o.status) &&
              (o.reviewed ? (
                <span className="inline-flex items-center gap-1 text-sm font-medium text-sage-700">
                  <BadgeCheck className="size-4" aria-hidden /> Reviewed
                </span>
              ) : (
                <ReviewDialog
                  orderId={o.id}
                  vendorName={o.vendor.businessName}
                  forEvent={o.eventCategory !== null}
                />
              ))}
          </div>
        </div>
      </div>
      {tracking && (
        <div className="mt-5 border-t border-cocoa-900/10 pt-5">
          <OrderTracker orderId={o.id} />
        </div>
      )}
    </Card>
  );
}
