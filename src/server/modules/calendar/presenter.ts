import type { BlackoutState, VendorCalendar } from '../../../shared/schemas/calendar.ts';
import type { MonthView } from './service.ts';

/** A month view; counts, capacity and notes only when the vendor is looking at their own calendar. */
export function presentCalendar(view: MonthView): VendorCalendar {
  return {
    vendorId: view.vendor.id,
    vendorName: view.vendor.businessName,
    month: view.month,
    today: view.today,
    leadTimeDays: view.vendor.leadTimeDays,
    ordersPerDay: view.own ? view.vendor.ordersPerDay : null,
    own: view.own,
    days: view.days.map((d) =>
      view.own
        ? { day: d.day, state: d.state, taken: d.taken, capacity: d.capacity, note: d.note }
        : { day: d.day, state: d.state },
    ),
  };
}

export const presentBlackout = (day: string, note: string | null, blackout: boolean): BlackoutState => ({
  day,
  blackout,
  note: blackout ? note : null,
});
