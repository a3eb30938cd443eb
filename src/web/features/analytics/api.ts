import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DayRange } from '../../../shared/analytics.ts';
import type { VendorAnalytics } from '../../../shared/schemas/analytics.ts';
import { api } from '../../lib/api.ts';

export const analyticsKeys = {
  all: ['analytics'] as const,
  vendor: (userId: string, range: DayRange) => ['analytics', 'vendor', userId, range.from, range.to] as const,
};

/** The signed-in vendor's figures over a range; the last range's figures stay shown while the next loads. */
export const useVendorAnalytics = (userId: string, range: DayRange) =>
  useQuery({
    queryKey: analyticsKeys.vendor(userId, range),
    queryFn: () =>
      api<VendorAnalytics>(
        `/api/me/vendor-analytics?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`,
      ),
    placeholderData: keepPreviousData,
  });
