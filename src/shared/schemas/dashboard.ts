import { z } from 'zod';
import { QUOTE_TRANSITIONS } from '../quote-machine.ts';
import { vendorCardSchema } from './vendors.ts';

export const dashboardStatsSchema = z.object({
  totalOrders: z.number().int(),
  designsCreated: z.number().int(),
  favoriteVendors: z.number().int(),
  /** Integer cents (CAD), orders that were not cancelled. */
  totalSpent: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const customerOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  amount: z.number().int(),
  deliveryDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The customer has reviewed this order (one review per order). */
  reviewed: z.boolean(),
  vendor: z.object({ id: z.string(), businessName: z.string(), specialty: z.string(), location: z.string() }),
  cakeDesign: z
    .object({
      id: z.string(),
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
  recentOrders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      status: z.string(),
      amount: z.number().int(),
      customerName: z.string(),
      occasion: z.string().nullable(),
      deliveryDate: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
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
        customerName: z.string(),
        deliveryDate: z.string(),
      }),
    ),
  }),
});
export type VendorDashboard = z.infer<typeof vendorDashboardSchema>;
