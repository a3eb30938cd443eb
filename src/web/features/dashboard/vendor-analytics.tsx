import { AnalyticsTab } from '../analytics/analytics-tab.tsx';

/**
 * The vendor dashboard's Analytics tab, loaded lazily (the charts are the dashboard's heaviest code).
 * Its figures come from /api/me/vendor-analytics: features/analytics.
 */
export default function VendorAnalytics({ userId }: { userId: string }) {
  return <AnalyticsTab userId={userId} />;
}
