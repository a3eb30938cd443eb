import { CalendarCheck, DollarSign, Inbox, Package, Star } from 'lucide-react';
import { orderTitle } from '../../../shared/quote-brief.ts';
import type { ReactNode } from 'react';
import { formatCents } from '../../../shared/money.ts';
import { formatDayKey, formatShortDateTime } from '../../../shared/time.ts';
import type { VendorDashboard } from '../../../shared/schemas/dashboard.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { StatCard, StatusBadge } from './parts.tsx';

/** The vendor dashboard's Overview tab: the four figures, then what waits for the vendor today. */
export function VendorOverview({
  data,
  onOpenTab,
}: {
  data: VendorDashboard;
  onOpenTab: (tab: string) => void;
}) {
  const { vendor, stats } = data;
  return (
    <>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard icon={Package} label="Active Orders" value={stats.activeOrders} />
        <StatCard icon={Package} label="Completed Orders" value={stats.completedOrders} />
        <StatCard icon={DollarSign} label="Revenue" value={formatCents(stats.revenue)} />
        <StatCard
          icon={Star}
          label="Rating"
          // Without reviews there is no rating yet, not a rating of zero.
          value={
            vendor.reviewCount === 0 ? (
              <span className="text-2xl">No reviews yet</span>
            ) : (
              `${vendor.rating.toFixed(1)} (${vendor.reviewCount})`
            )
          }
        />
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <OpenQuoteRequests data={data.openQuoteRequests} onOpenQuotes={() => onOpenTab('quotes')} />
        <TodaysOrders data={data.todaysOrders} onOpenOrders={() => onOpenTab('orders')} />
      </div>
    </>
  );
}

/** Overview: the quote requests waiting for the vendor's answer, newest first, and the way to the inbox. */
function OpenQuoteRequests({
  data,
  onOpenQuotes,
}: {
  data: VendorDashboard['openQuoteRequests'];
  onOpenQuotes: () => void;
}) {
  return (
    <OverviewCard
      id="open-quote-requests"
      icon={Inbox}
      title="Open quote requests"
      count={data.count}
      action="Answer in Quotes"
      onAction={onOpenQuotes}
      empty={data.quotes.length === 0 && 'No open quote requests'}
    >
      {data.quotes.map((q) => (
        <li key={q.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2.5">
          <div className="min-w-0">
            <p className="font-medium">
              {q.occasion} · {q.customerFirstName}
              {q.status === 'change_requested' && (
                <span className="ml-2 text-xs font-semibold text-rose-700">Change requested</span>
              )}
            </p>
            <p className="text-xs text-cocoa-500">Event {formatDayKey(q.eventDate, 'medium')}</p>
          </div>
          <p className="text-xs text-cocoa-500">
            Received <time dateTime={q.receivedAt}>{formatShortDateTime(q.receivedAt)}</time>
          </p>
        </li>
      ))}
    </OverviewCard>
  );
}

/** Overview: the orders to deliver today (Vancouver), earliest first. */
function TodaysOrders({
  data,
  onOpenOrders,
}: {
  data: VendorDashboard['todaysOrders'];
  onOpenOrders: () => void;
}) {
  return (
    <OverviewCard
      id="todays-orders"
      icon={CalendarCheck}
      title="Today’s orders"
      count={data.count}
      action="Update in Orders"
      onAction={onOpenOrders}
      empty={data.orders.length === 0 && 'No orders due today'}
    >
      {data.orders.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5">
          <div className="min-w-0">
            <p className="text-xs text-cocoa-500">{o.orderNumber}</p>
            <p className="font-medium">
              {orderTitle(o)} · {o.customerName}
            </p>
            <p className="text-xs text-cocoa-500">
              Due <time dateTime={o.deliveryDate}>{formatShortDateTime(o.deliveryDate)}</time>
            </p>
          </div>
          <StatusBadge status={o.status} />
        </li>
      ))}
    </OverviewCard>
  );
}

/** A card of the overview: a heading with its count, a button to the tab that deals with it, a list. */
function OverviewCard({
  id,
  icon: Icon,
  title,
  count,
  action,
  onAction,
  empty,
  children,
}: {
  id: string;
  icon: typeof Inbox;
  title: string;
  count: number;
  action: string;
  onAction: () => void;
  /** What the card says when its list is empty; false when it is not. */
  empty: string | false;
  children: ReactNode;
}) {
  return (
    <Card className="p-5" role="region" aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="flex items-center gap-2 whitespace-nowrap text-lg font-semibold sm:text-xl">
          <Icon className="size-5 shrink-0 text-rose-500" aria-hidden /> {title}
          <span className="rounded-full bg-cream-200 px-2.5 py-0.5 text-sm font-semibold text-cocoa-700">
            {count}
          </span>
        </h2>
        {count > 0 && (
          <Button variant="outline" size="sm" onClick={onAction}>
            {action}
          </Button>
        )}
      </div>
      {empty ? (
        <p className="mt-4 text-sm text-cocoa-600">{empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-cocoa-900/8">{children}</ul>
      )}
    </Card>
  );
}
