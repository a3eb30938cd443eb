import type { VendorAnalytics } from '../../../shared/schemas/analytics.ts';
import type { VendorAnalyticsResult } from './service.ts';

/** The Analytics tab's figures, field by field (the definitions are in service.ts). */
export function presentVendorAnalytics(a: VendorAnalyticsResult): VendorAnalytics {
  const revenue = a.revenue.map((m) => ({
    month: m.month,
    grossCents: m.grossCents,
    refundsCents: m.refundsCents,
    feesCents: m.feesCents,
    taxCents: m.taxCents,
    netCents: m.netCents,
  }));
  const capacity = a.capacity.map((w) => ({
    weekStart: w.weekStart,
    openDays: w.openDays,
    orders: w.orders,
    capacity: w.capacity,
    used: w.used,
  }));
  return {
    range: { from: a.range.from, to: a.range.to },
    quotes: { ...a.quotes },
    orders: {
      paid: a.orders.paid,
      averageOrderValueCents: a.orders.averageOrderValueCents,
      customers: a.orders.customers,
      repeatCustomers: a.orders.repeatCustomers,
      repeatShare: a.orders.repeatShare,
    },
    revenue,
    capacity,
    reviews: a.reviewTotals,
    ratings: a.ratings.map((m) => ({ month: m.month, reviews: m.reviews, average: m.average })),
    hasActivity:
      a.quotes.received > 0 ||
      a.orders.paid > 0 ||
      a.orders.customers > 0 ||
      a.reviewTotals.count > 0 ||
      revenue.some((m) => m.grossCents !== 0) ||
      capacity.some((w) => w.orders > 0),
  };
}
