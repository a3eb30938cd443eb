import type { CustomerDashboard, VendorDashboard } from '../../../shared/schemas/dashboard.ts';
import { displayName } from '../reviews/presenter.ts';
import { presentVendorCard } from '../vendors/presenter.ts';
import type { getCustomerDashboard, getVendorDashboard } from './service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentCustomerDashboard(
  data: Awaited<ReturnType<typeof getCustomerDashboard>>,
): CustomerDashboard {
  return {
    stats: data.stats,
    favoriteVendors: data.favoriteVendorRows.map((r) => presentVendorCard(r.vendor)),
    orders: data.orderRows.map(({ order, vendor, design, reviewId }) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      amount: order.amount,
      deliveryDate: iso(order.deliveryDate),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      reviewed: reviewId !== null,
      vendor: {
        id: vendor.id,
        businessName: vendor.businessName,
        specialty: vendor.specialty,
        location: vendor.location,
      },
      cakeDesign: design
        ? {
            id: design.id,
            occasion: design.occasion,
            flavor: design.flavor,
            description: design.description,
            imageUrl: design.imageUrl,
          }
        : null,
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

const ACTIVE = new Set(['pending', 'paid', 'confirmed', 'in_progress', 'ready', 'delivered']);

export function presentVendorDashboard(
  data: Awaited<ReturnType<typeof getVendorDashboard>>,
): VendorDashboard {
  const { vendor, statusRows, months, recent, openQuotes, todaysOrders } = data;
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
      activeOrders: sumWhere((s) => ACTIVE.has(s), 'n'),
      completedOrders: byStatus.completed ?? 0,
      revenue: sumWhere((s) => s === 'completed', 'cents'),
      byStatus,
    },
    months,
    recentOrders: recent.map(({ order, customer, occasion }) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      amount: order.amount,
      customerName: displayName(customer),
      occasion,
      deliveryDate: iso(order.deliveryDate),
      createdAt: order.createdAt.toISOString(),
    })),
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
        // An order from a quote keeps its occasion in the brief; older orders have only the design's.
        occasion: order.brief?.occasion ?? order.designSnapshot?.occasion ?? occasion,
        customerName: displayName(customer),
        // The query keeps only orders with a delivery date today.
        deliveryDate: order.deliveryDate!.toISOString(),
      })),
    },
  };
}
