import { useQuery } from '@tanstack/react-query';
import type { CustomerDashboard, VendorDashboard } from '../../../shared/schemas/dashboard.ts';
import { api } from '../../lib/api.ts';

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

export const useCustomerDashboard = (userId: string) =>
  useQuery({
    queryKey: dashboardKeys.customer(userId),
    queryFn: () => api<CustomerDashboard>('/api/me/dashboard/customer'),
  });

export const useVendorDashboard = (userId: string) =>
  useQuery({
    queryKey: dashboardKeys.vendor(userId),
    queryFn: () => api<VendorDashboard>('/api/me/dashboard/vendor'),
  });
