import { Loader2 } from 'lucide-react';
import { Skeleton } from '../../components/ui/spinner.tsx';

/*
 * The dashboards' loading states, shaped like what they precede (the header, the stats, the first cards
 * at their heights), so the page keeps its shape from the session check until its data is there. Each
 * dashboard's page passes its skeleton to RequireAuth too.
 */

/** Says the dashboard is loading, in the place (and at the height) of the header's subtitle. */
function LoadingLine({ className }: { className?: string }) {
  return (
    <p role="status" className={className ?? 'mt-1 flex items-center gap-2 text-cocoa-500'}>
      <Loader2 className="size-4 animate-spin text-rose-500" aria-hidden />
      Loading your dashboard...
    </p>
  );
}

/** The four stat cards (StatCard's padding, a label line and a value line). */
function StatsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5"
        >
          <Skeleton className="h-5 w-24 max-w-full" />
          <Skeleton className="mt-2 h-9 w-20" />
        </div>
      ))}
    </div>
  );
}

/** A card of a list while it loads. */
const CardSkeleton = ({ className }: { className: string }) => (
  <Skeleton className={`w-full rounded-[var(--radius-card)] ${className}`} />
);

/** The customer dashboards' header (CustomerHeader): title, subtitle, two buttons, the stats. */
function CustomerHeaderSkeleton() {
  return (
    <>
      <div className="flex flex-col justify-between gap-4 sm:flex-row sm:items-center">
        {/* On a phone the title and the subtitle take two lines each, and the buttons two rows. */}
        <div>
          <Skeleton className="h-20 w-64 max-w-full sm:h-10 sm:w-72" />
          <LoadingLine />
          <Skeleton className="mt-1 h-5 w-32 sm:hidden" />
        </div>
        <div className="flex flex-wrap gap-2">
          <Skeleton className="h-13 w-[8.75rem] rounded-full" />
          <Skeleton className="h-13 w-[13.5rem] rounded-full" />
        </div>
      </div>
      <div className="mt-8">
        <StatsSkeleton />
      </div>
    </>
  );
}

/** /customer-dashboard: the header, then Recent Orders and My Designs. */
export function SimpleCustomerDashboardSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <CustomerHeaderSkeleton />
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_1.3fr]">
        <div className="space-y-3">
          <Skeleton className="mb-4 h-8 w-44" />
          <CardSkeleton className="h-32" />
          <CardSkeleton className="h-32" />
        </div>
        <div>
          <Skeleton className="mb-4 h-8 w-36" />
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <CardSkeleton className="aspect-[2/3]" />
            <CardSkeleton className="aspect-[2/3]" />
            <CardSkeleton className="hidden aspect-[2/3] sm:block" />
          </div>
        </div>
      </div>
    </div>
  );
}

/** /customer-dashboard-original: the header, the tabs, then the first orders. */
export function OriginalCustomerDashboardSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <CustomerHeaderSkeleton />
      <Skeleton className="mt-10 h-11 w-[26rem] max-w-full rounded-full" />
      <Skeleton className="mt-6 h-11 w-48" />
      <div className="mt-5 space-y-4">
        <CardSkeleton className="h-56 sm:h-36" />
        <CardSkeleton className="h-56 sm:h-36" />
      </div>
    </div>
  );
}

/** /vendor-dashboard: the header (as VendorDashboardView lays it out), the tabs, the overview. */
export function VendorDashboardSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-10 pt-4 sm:px-6 sm:pt-10">
      <div className="flex items-center justify-between gap-3">
        <Skeleton className="h-8 w-52 sm:h-10 sm:w-80" />
        <Skeleton className="h-10 w-32 rounded-full sm:h-11 sm:w-36" />
      </div>
      {/* On a phone the badge and the business name usually take a line each. */}
      <LoadingLine className="mt-1 flex h-11 items-start gap-2 text-sm text-cocoa-500 sm:mt-2 sm:h-6 sm:items-center sm:text-base" />
      <Skeleton className="mt-4 h-12 w-full rounded-full sm:mt-8 sm:h-11 sm:w-[40.5rem]" />
      <div className="mt-4 sm:mt-6">
        <StatsSkeleton />
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <CardSkeleton className="h-40" />
        <CardSkeleton className="h-40" />
      </div>
    </div>
  );
}
