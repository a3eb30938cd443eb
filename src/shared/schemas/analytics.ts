import { z } from 'zod';
import { ANALYTICS_MESSAGES, isDayKey, rangeProblems } from '../analytics.ts';

const dayKey = z.string().max(10, ANALYTICS_MESSAGES.badDay).refine(isDayKey, ANALYTICS_MESSAGES.badDay);

/**
 * GET /api/me/vendor-analytics: Vancouver days, inclusive. Either end may be left out (the default
 * is the last 12 months to today); the server checks the range again once the default is filled in.
 */
export const vendorAnalyticsQuerySchema = z
  .object({
    from: dayKey.optional().describe('First Vancouver day (YYYY-MM-DD).'),
    to: dayKey.optional().describe('Last Vancouver day, included (YYYY-MM-DD).'),
  })
  .superRefine((range, ctx) => {
    if (!range.from || !range.to || !isDayKey(range.from) || !isDayKey(range.to)) return;
    for (const [path, message] of Object.entries(rangeProblems({ from: range.from, to: range.to }) ?? {}))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });
export type VendorAnalyticsQuery = z.infer<typeof vendorAnalyticsQuerySchema>;

const cents = z.number().int();
const share = z.number().min(0).nullable();

export const vendorAnalyticsSchema = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  quotes: z.object({
    /** Quote requests this vendor received (created) in the range. */
    received: z.number().int(),
    /** Of those, the ones the vendor answered (a quote or a decline). */
    answered: z.number().int(),
    /** Of those, the ones the customer accepted (an order was made). */
    won: z.number().int(),
    /** won ÷ answered; null when nothing was answered. */
    winRate: share,
    /** Median seconds from request to first answer, over the answered ones; null when none. */
    medianResponseSeconds: z.number().int().nullable(),
  }),
  orders: z.object({
    /** Orders placed in the range that were paid (any status but pending and cancelled). */
    paid: z.number().int(),
    /** Mean amount of those, in cents, rounded half up; null when none. */
    averageOrderValueCents: cents.nullable(),
    /** Customers with a non-cancelled order placed in the range. */
    customers: z.number().int(),
    /** Of those, customers with two or more non-cancelled orders with this vendor up to `to`. */
    repeatCustomers: z.number().int(),
    /** repeatCustomers ÷ customers; null when there were none. */
    repeatShare: share,
  }),
  /** Settled money by Vancouver month of settlement; every month of the range, zeros included. */
  revenue: z.array(
    z.object({
      month: z.string(),
      /** Order money settled (released, cancelled or claim resolved): refunds + fees + tax + net. */
      grossCents: cents,
      refundsCents: cents,
      feesCents: cents,
      /** GST and PST on the fees (decision 029). */
      taxCents: cents,
      /** What was credited to the vendor. */
      netCents: cents,
    }),
  ),
  /** Every Monday-to-Sunday week the range touches, counting only its days inside the range. */
  capacity: z.array(
    z.object({
      weekStart: z.string(),
      /** Days of the week inside the range that are not blacked out. */
      openDays: z.number().int(),
      /** Non-cancelled orders due on those days… and on blacked-out days (they still have to be made). */
      orders: z.number().int(),
      /** ordersPerDay × openDays. */
      capacity: z.number().int(),
      /** orders ÷ capacity (may pass 1); null when every day was blacked out. */
      used: share,
    }),
  ),
  /** Reviews written in the range: how many, and their mean stars (2 decimals; null when none). */
  reviews: z.object({ count: z.number().int(), average: z.number().nullable() }),
  /** Reviews by Vancouver month written; every month of the range. */
  ratings: z.array(
    z.object({ month: z.string(), reviews: z.number().int(), average: z.number().nullable() }),
  ),
  /** False when nothing at all happened in the range: the tab shows its empty state. */
  hasActivity: z.boolean(),
});
export type VendorAnalytics = z.infer<typeof vendorAnalyticsSchema>;
