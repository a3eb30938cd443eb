import {
  BadgeCheck,
  CalendarCheck,
  Clock,
  DollarSign,
  Inbox,
  MessageCircle,
  Package,
  Pencil,
  ShieldCheck,
  Star,
} from 'lucide-react';
import { Link } from 'react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { formatCents } from '../../../shared/money.ts';
import { formatDayKey, formatShortDateTime } from '../../../shared/time.ts';
import type { VendorDashboard } from '../../../shared/schemas/dashboard.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { VendorPayouts } from '../payments/vendor-payouts.tsx';
import { ApiError } from '../../lib/api.ts';
import type { SessionUser } from '../../lib/auth-client.ts';
import { VendorOrders } from '../orders/vendor-orders.tsx';
import { useTabParam } from '../../lib/use-tab-param.ts';
import { QuoteInbox } from '../quotes/quote-inbox.tsx';
import { UnreadMessagesBadge } from '../notifications/unread-badge.tsx';
import { PortfolioManager } from '../vendor-admin/portfolio-manager.tsx';
import { useVendorDashboard } from './api.ts';
import { DashboardError, DashboardLoading, StatCard, StatusBadge } from './parts.tsx';

const VENDOR_TABS = [
  'overview',
  'quotes',
  'orders',
  'calendar',
  'portfolio',
  'analytics',
  'payouts',
] as const;

// Charts are the heaviest code of the dashboard: loaded when the Analytics tab opens.
const VendorAnalytics = lazy(() => import('./vendor-analytics.tsx'));
const VendorCalendar = lazy(() => import('../calendar/vendor-calendar.tsx'));

export function VendorDashboardView({ user }: { user: SessionUser }) {
  const { data, isPending, error, refetch } = useVendorDashboard(user.id);
  const [tab, setTab] = useTabParam(VENDOR_TABS, 'overview');
  if (isPending) return <DashboardLoading />;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">No vendor profile yet</h1>
        <p className="mt-3 text-cocoa-600">{error.message}</p>
        <Button asChild className="mt-6">
          <Link to="/support">Contact support</Link>
        </Button>
      </div>
    );
  }
  if (error) return <DashboardError error={error} onRetry={() => void refetch()} />;
  const { vendor, stats } = data;

  if (vendor.status !== 'approved') {
    return (
      <div className="mx-auto max-w-2xl px-4 py-20 text-center">
        <Clock className="mx-auto size-12 text-gold-500" aria-hidden />
        <h1 className="mt-4 text-4xl font-semibold">{vendor.businessName}</h1>
        {vendor.status === 'pending' ? (
          <p className="mt-4 text-lg text-cocoa-600">
            Your vendor application is awaiting approval. Our team reviews every application, usually within
            two business days, and will e-mail you the decision.
          </p>
        ) : (
          <p className="mt-4 text-lg text-cocoa-600">
            Your application was not approved{vendor.rejectionReason ? `: ${vendor.rejectionReason}` : '.'}{' '}
            Contact support if you would like to discuss it.
          </p>
        )}
        {vendor.status === 'pending' && (
          <Button asChild className="mt-8">
            <Link to="/vendor-dashboard/verification">Complete your verification checklist</Link>
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-4xl font-semibold">Vendor Dashboard</h1>
        {vendor.verified && (
          <Badge variant="verified">
            <BadgeCheck aria-hidden /> Verified Vendor
          </Badge>
        )}
      </div>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <p className="text-cocoa-600">
          {vendor.businessName} ·{' '}
          <Link to={`/vendor/${vendor.id}`} className="font-medium text-rose-600 hover:underline">
            View public page
          </Link>{' '}
          ·{' '}
          <Link to="/account" className="font-medium text-rose-600 hover:underline">
            Account settings
          </Link>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/messages">
              <MessageCircle aria-hidden /> Messages
              <UnreadMessagesBadge userId={user.id} />
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/vendor-dashboard/verification">
              <ShieldCheck aria-hidden /> Verification
            </Link>
          </Button>
          <Button asChild>
            <Link to="/vendor-dashboard/profile">
              <Pencil aria-hidden /> Edit Profile
            </Link>
          </Button>
        </div>
      </div>
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        {/* On a phone the seven tabs wrap onto two rows (a scrolling row hid the last three). */}
        <TabsList aria-label="Vendor dashboard sections" className="flex-wrap rounded-3xl *:px-3 sm:*:px-4">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="quotes">Quotes</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
          <TabsTrigger value="portfolio">Portfolio</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          <TabsTrigger value="payouts">Payouts</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
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
            <OpenQuoteRequests data={data.openQuoteRequests} onOpenQuotes={() => setTab('quotes')} />
            <TodaysOrders data={data.todaysOrders} onOpenOrders={() => setTab('orders')} />
          </div>
        </TabsContent>
        <TabsContent value="quotes">
          <QuoteInbox />
        </TabsContent>
        <TabsContent value="orders">
          <VendorOrders />
        </TabsContent>
        <TabsContent value="calendar">
          <Suspense fallback={<DashboardLoading />}>
            <VendorCalendar />
          </Suspense>
        </TabsContent>
        <TabsContent value="portfolio">
          <PortfolioManager />
        </TabsContent>
        <TabsContent value="analytics">
          <Suspense fallback={<DashboardLoading />}>
            <VendorAnalytics userId={user.id} />
          </Suspense>
        </TabsContent>
        <TabsContent value="payouts">
          <VendorPayouts />
        </TabsContent>
      </Tabs>
    </div>
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
              {o.occasion ? `${o.occasion} Cake` : 'Custom Cake'} · {o.customerName}
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
