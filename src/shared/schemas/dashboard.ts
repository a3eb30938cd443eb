import { z } from 'zod';
import { FULFILLMENTS } from '../fulfillment.ts';
import { decodePositionCursor, encodePositionCursor, type Position } from '../position-cursor.ts';
import { QUOTE_TRANSITIONS } from '../quote-machine.ts';
import { vendorCardSchema } from './vendors.ts';

export const dashboardStatsSchema = z.object({
  totalOrders: z.number().int(),
  designsCreated: z.number().int(),
  favoriteVendors: z.number().int(),
  /** Integer cents (CAD): what the ledger says the customer paid for their orders, less refunds owed. */
  totalSpent: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const customerOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  amount: z.number().int(),
  /** Whether `deliveryDate` is when it is delivered or when the customer picks it up. */
  fulfillment: z.enum(FULFILLMENTS),
  deliveryDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The customer has reviewed this order (one review per order). */
  reviewed: z.boolean(),
  /** The balance's charge to the saved card was declined: the customer pays it from the checkout. */
  balanceToPay: z.boolean(),
  /** A card went to the processor and its answer is not in yet: "Confirming payment", not Pay Now. */
  paymentConfirming: z.boolean(),
  vendor: z.object({ id: z.string(), businessName: z.string(), specialty: z.string(), location: z.string() }),
  /** From the brief frozen at acceptance (else the design's); null when neither says. */
  occasion: z.string().nullable(),
  /** An event vendor's order: its category (flowers…); null for a cake. */
  eventCategory: z.string().nullable(),
  /** The design as agreed when the quote was accepted (older orders: the saved design). */
  cakeDesign: z
    .object({
      /** The saved design it came from; null once that design is deleted. */
      id: z.string().nullable(),
      occasion: z.string(),
      flavor: z.string(),
      description: z.string().nullable(),
      imageUrl: z.string().nullable(),
    })
    .nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerDesignSchema = z.object({
  id: z.string(),
  /** The public page of the design: /designs/{shareId}. */
  shareId: z.string(),
  title: z.string(),
  occasion: z.string(),
  flavor: z.string(),
  size: z.string(),
  imageUrl: z.string().nullable(),
  /** Derived: AI Generated or Custom Design. */
  status: z.enum(['AI Generated', 'Custom Design']),
  createdAt: z.string(),
});
export type CustomerDesign = z.infer<typeof customerDesignSchema>;

export const customerDashboardSchema = z.object({
  stats: dashboardStatsSchema,
  favoriteVendors: z.array(vendorCardSchema),
  orders: z.array(customerOrderSchema),
  designs: z.array(customerDesignSchema),
});
export type CustomerDashboard = z.infer<typeof customerDashboardSchema>;

export const vendorDashboardSchema = z.object({
  vendor: z.object({
    id: z.string(),
    businessName: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    verified: z.boolean(),
    rejectionReason: z.string().nullable(),
    rating: z.number(),
    reviewCount: z.number().int(),
  }),
  stats: z.object({
    totalOrders: z.number().int(),
    activeOrders: z.number().int(),
    completedOrders: z.number().int(),
    /** Integer cents from completed orders. */
    revenue: z.number().int(),
    byStatus: z.record(z.string(), z.number().int()),
  }),
  /** The last six months in Vancouver time, oldest first: orders placed and revenue (cents) of those completed. */
  months: z.array(z.object({ month: z.string(), orders: z.number().int(), revenue: z.number().int() })),
  /** Quotes waiting for the vendor's answer: how many, and the newest few. */
  openQuoteRequests: z.object({
    count: z.number().int(),
    quotes: z.array(
      z.object({
        id: z.string(),
        requestId: z.string(),
        status: z.enum(QUOTE_TRANSITIONS.answer.from),
        occasion: z.string(),
        customerFirstName: z.string(),
        /** The event's Vancouver day, YYYY-MM-DD. */
        eventDate: z.string(),
        /** When the request reached the vendor. */
        receivedAt: z.string(),
      }),
    ),
  }),
  /** Orders (not cancelled) to deliver today in Vancouver, earliest first: how many, and up to twenty. */
  todaysOrders: z.object({
    count: z.number().int(),
    orders: z.array(
      z.object({
        id: z.string(),
        orderNumber: z.string(),
        status: z.string(),
        occasion: z.string().nullable(),
        eventCategory: z.string().nullable(),
        customerName: z.string(),
        deliveryDate: z.string(),
      }),
    ),
  }),
});
export type VendorDashboard = z.infer<typeof vendorDashboardSchema>;

/** One of the vendor's orders in their Orders tab, described by what was agreed (brief and design). */
export const vendorOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  amount: z.number().int(),
  customerName: z.string(),
  occasion: z.string().nullable(),
  eventCategory: z.string().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  fulfillment: z.enum(['delivery', 'pickup']),
  deliveryDate: z.string().nullable(),
  createdAt: z.string(),
});
export type VendorOrder = z.infer<typeof vendorOrderSchema>;

/** Orders per page of the vendor's Orders tab. */
export const VENDOR_ORDERS_PAGE = 20;

/** A place in the vendor's order list: the order's due instant (microseconds, UTC) and its id. */
export type VendorOrderPosition = Position;
export const encodeVendorOrderCursor = encodePositionCursor;
export const decodeVendorOrderCursor = decodePositionCursor;

const INVALID_CURSOR = 'This page link is invalid; start again from the first page.';

/**
 * GET /api/me/dashboard/vendor/orders: `active` (not completed or cancelled, soonest due first) or
 * `past` (completed and cancelled, latest first), a page at a time.
 */
export const vendorOrdersQuerySchema = z.object({
  view: z.enum(['active', 'past']).default('active'),
  cursor: z
    .string()
    .max(300, INVALID_CURSOR)
    .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR)
    .transform((token, ctx) => {
      const position = decodeVendorOrderCursor(token);
      if (!position) {
        ctx.addIssue({ code: 'custom', message: INVALID_CURSOR });
        return z.NEVER;
      }
      return position;
    })
    .optional(),
});
export type VendorOrdersQuery = z.output<typeof vendorOrdersQuerySchema>;

export const vendorOrderPageSchema = z.object({
  orders: z.array(vendorOrderSchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type VendorOrderPage = z.infer<typeof vendorOrderPageSchema>;
