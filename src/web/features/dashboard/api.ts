import { useQuery } from '@tanstack/react-query';
import type { CustomerDashboard, VendorDashboard } from '../../../shared/schemas/dashboard.ts';
import { api } from '../../lib/api.ts';

export const dashboardKeys = {
  customer: (userId: string) => ['dashboard', 'customer', userId] as const,
  vendor: (userId: string) => ['dashboard', 'vendor', userId] as const,
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
