import { Link } from 'react-router';
import type { CustomerOrder } from '../../../shared/schemas/dashboard.ts';
import { formatCents } from '../../../shared/money.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { StatusBadge, formatDate } from './parts.tsx';

export function OrderRow({ order: o }: { order: CustomerOrder }) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:p-5">
      {o.cakeDesign?.imageUrl && (
        <img src={o.cakeDesign.imageUrl} alt={`${o.cakeDesign.occasion} cake design`} className="size-24 shrink-0 rounded-xl bg-cream-200 object-cover" loading="lazy" />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-lg font-semibold">{o.cakeDesign ? `${o.cakeDesign.occasion} Cake` : 'Custom Cake'}</h3>
          <StatusBadge status={o.status} />
        </div>
        <p className="text-sm font-medium text-rose-600">{o.vendor.businessName}</p>
        {o.cakeDesign?.description && <p className="mt-1 line-clamp-2 text-sm text-cocoa-600">{o.cakeDesign.description}</p>}
        <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-cocoa-500">
          <div>
            <dt className="inline">Ordered: </dt>
            <dd className="inline">{formatDate(o.createdAt)}</dd>
          </div>
          <div>
            <dt className="inline">Delivery: </dt>
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
        <Button asChild variant="outline" size="sm">
          <Link to={`/vendor/${o.vendor.id}`}>View Vendor</Link>
        </Button>
      </div>
    </Card>
  );
}
