import { BadgeCheck, Clock, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { lazy, type ReactNode, useEffect, useRef } from 'react';
import { LazyPart } from '../../components/lazy-part.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { ApiError } from '../../lib/api.ts';
import type { SessionUser } from '../../lib/auth-client.ts';
import { useTabParam } from '../../lib/use-tab-param.ts';
import { useVendorDashboard } from './api.ts';
import { DashboardError, DashboardLoading } from './parts.tsx';
import { VendorDashboardSkeleton } from './skeletons.tsx';
import { VendorOverview } from './vendor-overview.tsx';

const VENDOR_TABS = [
  'overview',
  'quotes',
  'orders',
  'calendar',
  'portfolio',
  'packages',
  'analytics',
  'payouts',
] as const;

/**
 * Each tab but the Overview loads its code when it opens (the charts are the heaviest of all), or as
 * soon as the pointer or the focus reaches its button: the dashboard's first screen waits for none of it.
 */
const TAB_CODE = {
  quotes: () => import('../quotes/quote-inbox.tsx').then((m) => ({ default: m.QuoteInbox })),
  orders: () => import('../orders/vendor-orders.tsx').then((m) => ({ default: m.VendorOrders })),
  calendar: () => import('../calendar/vendor-calendar.tsx'),
  portfolio: () =>
    import('../vendor-admin/portfolio-manager.tsx').then((m) => ({ default: m.PortfolioManager })),
  packages: () =>
    import('../vendor-admin/packages-manager.tsx').then((m) => ({ default: m.PackagesManager })),
  analytics: () => import('./vendor-analytics.tsx'),
  payouts: () => import('../payments/vendor-payouts.tsx').then((m) => ({ default: m.VendorPayouts })),
};
const QuoteInbox = lazy(TAB_CODE.quotes);
const VendorOrders = lazy(TAB_CODE.orders);
const VendorCalendar = lazy(TAB_CODE.calendar);
const PortfolioManager = lazy(TAB_CODE.portfolio);
const PackagesManager = lazy(TAB_CODE.packages);
const VendorAnalytics = lazy(TAB_CODE.analytics);
const VendorPayouts = lazy(TAB_CODE.payouts);

export function VendorDashboardView({ user }: { user: SessionUser }) {
  const { data, isPending, error, refetch } = useVendorDashboard(user.id);
  const [tab, setTab] = useTabParam(VENDOR_TABS, 'overview');
  if (isPending) return <VendorDashboardSkeleton />;
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
  const { vendor } = data;

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

  // Messages, Verification and Account settings are in the app header (app-layout.tsx): the page's own
  // header is two short lines, so on a phone the first card is on the first screen.
  return (
    <div className="mx-auto max-w-6xl px-4 pb-10 pt-4 sm:px-6 sm:pt-10">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold sm:text-4xl">Vendor Dashboard</h1>
        <Button asChild size="sm" className="sm:h-11 sm:px-5">
          <Link to="/vendor-dashboard/profile">
            <Pencil aria-hidden /> Edit Profile
          </Link>
        </Button>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-cocoa-600 sm:mt-2 sm:text-base">
        {vendor.verified && (
          <Badge variant="verified">
            <BadgeCheck aria-hidden /> Verified Vendor
          </Badge>
        )}
        <span>
          {vendor.businessName} ·{' '}
          <Link to={`/vendor/${vendor.id}`} className="font-medium text-rose-600 hover:underline">
            View public page
          </Link>
        </span>
      </p>
      <Tabs value={tab} onValueChange={setTab} className="mt-4 sm:mt-8">
        <VendorTabsList tab={tab} />
        <TabsContent value="overview" className="mt-4 sm:mt-6">
          <VendorOverview data={data} onOpenTab={setTab} />
        </TabsContent>
        <TabsContent value="quotes">
          <LazyPart fallback={<DashboardLoading />}>
            <QuoteInbox />
          </LazyPart>
        </TabsContent>
        <TabsContent value="orders">
          <LazyPart fallback={<DashboardLoading />}>
            <VendorOrders />
          </LazyPart>
        </TabsContent>
        <TabsContent value="calendar">
          <LazyPart fallback={<DashboardLoading />}>
            <VendorCalendar />
          </LazyPart>
        </TabsContent>
        <TabsContent value="portfolio">
          <LazyPart fallback={<DashboardLoading />}>
            <PortfolioManager />
          </LazyPart>
        </TabsContent>
        <TabsContent value="packages">
          <LazyPart fallback={<DashboardLoading />}>
            <PackagesManager />
          </LazyPart>
        </TabsContent>
        <TabsContent value="analytics">
          <LazyPart fallback={<DashboardLoading />}>
            <VendorAnalytics userId={user.id} />
          </LazyPart>
        </TabsContent>
        <TabsContent value="payouts">
          <LazyPart fallback={<DashboardLoading />}>
            <VendorPayouts />
          </LazyPart>
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * The eight tabs in one row that scrolls sideways on a phone (two rows pushed the first card off the
 * first screen). The open tab is scrolled into view, by the row only, never the page: after a link to
 * ?tab=payouts and as arrow keys or other buttons change the tab.
 */
function VendorTabsList({ tab }: { tab: string }) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const row = list.current;
    const active = row?.querySelector('[role="tab"][data-state="active"]');
    if (!row || !active) return;
    const shown = row.getBoundingClientRect();
    const { left, right } = active.getBoundingClientRect();
    // 4 px: the row's padding, so the tab's rounded edge shows too.
    if (left < shown.left) row.scrollLeft -= shown.left - left + 4;
    else if (right > shown.right) row.scrollLeft += right - shown.right + 4;
  }, [tab]);
  return (
    <TabsList ref={list} aria-label="Vendor dashboard sections" className="flex-nowrap *:px-3 sm:*:px-4">
      <TabsTrigger value="overview">Overview</TabsTrigger>
      <TabTrigger tab="quotes">Quotes</TabTrigger>
      <TabTrigger tab="orders">Orders</TabTrigger>
      <TabTrigger tab="calendar">Calendar</TabTrigger>
      <TabTrigger tab="portfolio">Portfolio</TabTrigger>
      <TabTrigger tab="packages">Packages</TabTrigger>
      <TabTrigger tab="analytics">Analytics</TabTrigger>
      <TabTrigger tab="payouts">Payouts</TabTrigger>
    </TabsList>
  );
}

/** A tab's button, which starts loading the tab's code when the pointer or the focus reaches it. */
function TabTrigger({ tab, children }: { tab: keyof typeof TAB_CODE; children: ReactNode }) {
  const load = () => void TAB_CODE[tab]();
  return (
    <TabsTrigger value={tab} onPointerEnter={load} onFocus={load}>
      {children}
    </TabsTrigger>
  );
}
