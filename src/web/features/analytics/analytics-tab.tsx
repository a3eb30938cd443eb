import type { DayRange } from '../../../shared/analytics.ts';
import { formatDate } from '../../../shared/time.ts';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton, Spinner } from '../../components/ui/spinner.tsx';
import { useVendorAnalytics } from './api.ts';
import { CapacityChart, RatingChart, RevenueChart } from './charts.tsx';
import { Figures } from './figures.tsx';
import { RangePicker } from './range-picker.tsx';
import { useAnalyticsRange } from './use-analytics-range.ts';

/** "Dec 1, 2025 – Nov 20, 2026" (day keys read at noon UTC, which is that same day in Vancouver). */
const formatRange = ({ from, to }: DayRange) =>
  `${formatDate(`${from}T12:00:00Z`)} – ${formatDate(`${to}T12:00:00Z`)}`;

/** The vendor's Analytics tab: a period (kept in the address), its figures and charts. */
export function AnalyticsTab({ userId }: { userId: string }) {
  const [range, setRange, today] = useAnalyticsRange();
  const { data, isPending, isFetching, isPlaceholderData, error, refetch } = useVendorAnalytics(
    userId,
    range,
  );
  const label = formatRange(range);

  return (
    <section aria-labelledby="analytics-heading" className="space-y-6">
      <Card className="p-5 sm:p-6">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="analytics-heading" className="text-xl font-semibold">
            Analytics
          </h2>
          <p className="text-sm text-cocoa-600">
            <span className="sr-only">Showing </span>
            {label}
            {isFetching && !isPending && <Spinner className="ml-2 align-middle" label="Updating figures" />}
          </p>
        </div>
        <RangePicker range={range} today={today} onChange={setRange} />
      </Card>

      {isPending ? (
        <AnalyticsLoading />
      ) : error && !data ? (
        <LoadError message={error.message} onRetry={() => void refetch()} />
      ) : data && !data.hasActivity && !isPlaceholderData ? (
        <Card className="p-8 text-center">
          <h3 className="text-lg font-semibold">No activity in this period</h3>
          <p className="mt-2 text-cocoa-600">
            No quote requests, orders, payments or reviews in {label}. Try another range.
          </p>
        </Card>
      ) : data ? (
        <div
          aria-busy={isPlaceholderData}
          className={isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
        >
          <Figures data={data} />
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <RevenueChart revenue={data.revenue} />
            <CapacityChart capacity={data.capacity} />
            <RatingChart data={data} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

function AnalyticsLoading() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading analytics">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
      <Skeleton className="h-80" />
    </div>
  );
}
