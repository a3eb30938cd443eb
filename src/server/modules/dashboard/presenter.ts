import { isFinalOrderStatus } from '../../../shared/order-machine.ts';
import type { CustomerDashboard, VendorDashboard } from '../../../shared/schemas/dashboard.ts';
import type { cakeDesigns } from '../../db/schema/index.ts';
import type { OrderRow } from '../orders/index.ts';
import { displayName } from '../../../shared/people.ts';
import { orderFulfillment } from '../tracking/index.ts';
import { presentVendorCard } from '../vendors/index.ts';
import type { getCustomerDashboard, getVendorDashboard } from './service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type AgreedOrder = Pick<OrderRow, 'cakeDesignId' | 'brief' | 'designSnapshot'>;
type LiveDesign = Pick<typeof cakeDesigns.$inferSelect, 'occasion'> &
  Partial<Pick<typeof cakeDesigns.$inferSelect, 'flavor' | 'description' | 'imageUrl'>>;

/**
 * The occasion an order was agreed for: the brief frozen at acceptance, else the design frozen with
 * it; only an order made before either was kept falls back to its saved design as it is now.
 */
export const agreedOccasion = (
  order: Omit<AgreedOrder, 'cakeDesignId'>,
  live: LiveDesign | null,
): string | null => order.brief?.occasion ?? order.designSnapshot?.occasion ?? live?.occasion ?? null;

/** An event vendor's order's category (flowers…), null for a cake: its brief says. */
export const eventCategoryOf = (order: Pick<AgreedOrder, 'brief'>): string | null =>
  order.brief?.kind === 'event' ? order.brief.category : null;

/** The design an order was agreed on (frozen at acceptance; older orders: the saved design now). */
export function agreedDesign(order: AgreedOrder, live: LiveDesign | null) {
  const d = order.designSnapshot ?? (order.brief ? null : live);
  if (!d) return null;
  return {
    id: order.cakeDesignId,
    occasion: d.occasion,
    flavor: d.flavor ?? '',
    description: d.description ?? null,
    imageUrl: d.imageUrl ?? null,
  };
}

export function presentCustomerDashboard(
  data: Awaited<ReturnType<typeof getCustomerDashboard>>,
): CustomerDashboard {
  return {
    stats: data.stats,
    favoriteVendors: data.favoriteVendorRows.map((r) => presentVendorCard(r.vendor)),
    orders: data.orderRows.map(({ order, vendor, design, reviewId, balanceToPay, paymentConfirming }) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      amount: order.amount,
      fulfillment: orderFulfillment(order),
      deliveryDate: iso(order.deliveryDate),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      reviewed: reviewId !== null,
      balanceToPay,
      paymentConfirming,
      vendor: {
        id: vendor.id,
        businessName: vendor.businessName,
        specialty: vendor.specialty,
        location: vendor.location,
      },
      occasion: agreedOccasion(order, design),
      eventCategory: eventCategoryOf(order),
      cakeDesign: agreedDesign(order, design),
    })),
    designs: data.designRows.map((d) => ({
      id: d.id,
      shareId: d.designImageId ?? d.id,
      title: `${d.occasion} Cake`,
      occasion: d.occasion,
      flavor: d.flavor,
      size: d.size,
      imageUrl: d.imageUrl,
      status: d.aiGenerated ? 'AI Generated' : 'Custom Design',
      createdAt: d.createdAt.toISOString(),
    })),
  };
}

export function presentVendorDashboard(
  data: Awaited<ReturnType<typeof getVendorDashboard>>,
): VendorDashboard {
  const { vendor, statusRows, months, openQuotes, todaysOrders } = data;
  const byStatus = Object.fromEntries(statusRows.map((r) => [r.status, r.n]));
  const sumWhere = (pick: (status: string) => boolean, field: 'n' | 'cents') =>
    statusRows.filter((r) => pick(r.status)).reduce((t, r) => t + r[field], 0);
  return {
    vendor: {
      id: vendor.id,
      businessName: vendor.businessName,
      status: vendor.status as VendorDashboard['vendor']['status'],
      verified: vendor.verified,
      rejectionReason: vendor.rejectionReason,
      rating: Number(vendor.rating),
      reviewCount: vendor.reviewCount,
    },
    stats: {
      totalOrders: sumWhere(() => true, 'n'),
      activeOrders: sumWhere((s) => !isFinalOrderStatus(s), 'n'),
      completedOrders: byStatus.completed ?? 0,
      revenue: sumWhere((s) => s === 'completed', 'cents'),
      byStatus,
    },
    months,
    openQuoteRequests: {
      count: openQuotes[0]?.total ?? 0,
      quotes: openQuotes.map((q) => ({
        id: q.id,
        requestId: q.requestId,
        status: q.status as VendorDashboard['openQuoteRequests']['quotes'][number]['status'],
        occasion: q.occasion,
        // The first name only: before an order, the vendor needs no more of the customer.
        customerFirstName: displayName({ ...q.customer, lastName: null }),
        eventDate: q.eventDate,
        receivedAt: q.createdAt.toISOString(),
      })),
    },
    todaysOrders: {
      count: todaysOrders[0]?.total ?? 0,
      orders: todaysOrders.map(({ order, customer, occasion }) => ({
        id: order.id,
        orderNumber: order.orderNumber,
        status: order.status,
        occasion: agreedOccasion(order, occasion === null ? null : { occasion }),
        eventCategory: eventCategoryOf(order),
        customerName: displayName(customer),
        // The query keeps only orders with a delivery date today.
        deliveryDate: order.deliveryDate!.toISOString(),
      })),
    },
  };
}
