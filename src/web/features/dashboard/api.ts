import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDashboard, VendorDashboard } from '../../../shared/schemas/dashboard.ts';
import { allowed } from '../../components/layout/require-auth.tsx';
import { api } from '../../lib/api.ts';
import { sessionUserIfRead } from '../../lib/auth-client.ts';
import { takeFirstAnswer } from '../../lib/first-answers.ts';

/**
 * Every dashboard query (both dashboards, the vendor's Orders tab) is under `all`: what changes an
 * order, a design, a review or a vendor's standing invalidates `all`.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  customer: (userId: string) => [...dashboardKeys.all, 'customer', userId] as const,
  vendor: (userId: string) => [...dashboardKeys.all, 'vendor', userId] as const,
  /** The vendor's Orders tab, so a status change (which refreshes the dashboard) moves an order between views. */
  vendorOrders: (view: 'active' | 'past') => [...dashboardKeys.all, 'vendor-orders', view] as const,
};

type Kind = 'customer' | 'vendor';
type DashboardOf<K extends Kind> = K extends 'customer' ? CustomerDashboard : VendorDashboard;

const dashboardQuery = <K extends Kind>(kind: K, userId: string) =>
  queryOptions({
    queryKey: kind === 'customer' ? dashboardKeys.customer(userId) : dashboardKeys.vendor(userId),
    queryFn: () => api<DashboardOf<K>>(`/api/me/dashboard/${kind}`),
    // What the page came with (decision 025): its first render has the data.
    initialData: () => takeFirstAnswer<DashboardOf<K>>(`/api/me/dashboard/${kind}`),
  });

export const useCustomerDashboard = (userId: string) => useQuery(dashboardQuery('customer', userId));

export const useVendorDashboard = (userId: string) => useQuery(dashboardQuery('vendor', userId));

/**
 * The route's loader (src/web/router.tsx): when the app already knows who is signed in (a page opened
 * from another), the dashboard's data is asked for alongside the page's code. On a first visit the
 * server wrote it into the page (decision 025).
 */
export function prefetchOwnDashboard(queryClient: QueryClient, kind: Kind): Promise<unknown> {
  const user = sessionUserIfRead();
  if (!user || !allowed(user, kind)) return Promise.resolve();
  return queryClient.prefetchQuery(dashboardQuery(kind, user.id));
}
