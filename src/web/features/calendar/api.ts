import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlackoutState, VendorCalendar } from '../../../shared/schemas/calendar.ts';
import { api } from '../../lib/api.ts';
import { vendorKeys } from '../vendors/api/keys.ts';

export const calendarKeys = {
  all: ['calendar'] as const,
  own: (month: string) => ['calendar', 'own', month] as const,
  vendor: (vendorId: string, month: string) => ['calendar', 'vendor', vendorId, month] as const,
};

/** The signed-in vendor's month: states, orders taken against capacity, blackouts with notes. */
export function useOwnCalendar(month: string) {
  return useQuery({
    queryKey: calendarKeys.own(month),
    queryFn: ({ signal }) =>
      api<VendorCalendar>(`/api/me/vendor-profile/calendar?month=${month}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Which days of a month a vendor can take, as customers see it. */
export function useVendorAvailability(vendorId: string, month: string, enabled = true) {
  return useQuery({
    queryKey: calendarKeys.vendor(vendorId, month),
    queryFn: ({ signal }) =>
      api<VendorCalendar>(`/api/vendors/${encodeURIComponent(vendorId)}/availability?month=${month}`, {
        signal,
      }),
    enabled: enabled && Boolean(vendorId),
    placeholderData: keepPreviousData,
  });
}

/**
 * Blacks a day out (with an optional note) or opens it again. Every calendar view and Browse's
 * "available on" results may change, so both are refreshed.
 */
export function useSetBlackout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ day, blackout, note }: { day: string; blackout: boolean; note?: string }) =>
      api<BlackoutState>(`/api/me/vendor-profile/calendar/blackouts/${day}`, {
        method: blackout ? 'PUT' : 'DELETE',
        ...(blackout && { json: note ? { note } : {} }),
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
        queryClient.invalidateQueries({ queryKey: vendorKeys.lists }),
      ]),
  });
}
