/** What the demo customer did: orders (with their history), favorites and reviews. */
import { ORDER_FLOW, ORDER_TRANSITIONS } from '../../../shared/order-machine.ts';
import { HOUR_MS, vancouverDay, vancouverDayStart } from '../../../shared/time.ts';
import { DEMO_VENDORS } from './demo-vendors.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The hour (Vancouver's) the demo's deliveries and pickups are at: a bakery's, whenever it is seeded. */
const HANDOVER_HOUR = 13;

/** Orders use dates relative to the seed time, so the demo always has recent and upcoming orders. */
export function demoOrders(now: Date) {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  /** `days` from now, on that Vancouver day at HANDOVER_HOUR. */
  const handover = (days: number) => {
    const day = vancouverDay(at(days));
    return new Date(vancouverDayStart(day).getTime() + HANDOVER_HOUR * HOUR_MS);
  };
  return [
    {
      id: 'order-1',
      orderNumber: 'FR-DEMO-1001',
      vendorId: 'vendor-sweet-dreams',
      cakeDesignId: 'cake-wedding-classic',
      status: 'completed',
      amount: 85_000,
      createdAt: at(-60),
      deliveryDate: handover(-30),
      deliveryAddress: '2099 Beach Avenue, Vancouver, BC V6G 1Z4',
      specialInstructions: 'Deliver to the pavilion kitchen by 2 pm.',
    },
    {
      id: 'order-2',
      orderNumber: 'FR-DEMO-1002',
      vendorId: 'vendor-golden-crumb',
      cakeDesignId: 'cake-birthday-rainbow',
      status: 'completed',
      amount: 12_500,
      createdAt: at(-25),
      deliveryDate: handover(-12),
      deliveryAddress: null,
      specialInstructions: 'Pickup. "Happy 7th Birthday Maya" on the plaque.',
    },
    {
      id: 'order-3',
      orderNumber: 'FR-DEMO-1003',
      vendorId: 'vendor-sugar-bloom',
      cakeDesignId: 'cake-anniversary-redvelvet',
      status: 'in_progress',
      amount: 18_500,
      createdAt: at(-6),
      deliveryDate: handover(5),
      deliveryAddress: '301 West 1st Street, North Vancouver, BC V7M 1B9',
      specialInstructions: null,
    },
    {
      id: 'order-4',
      orderNumber: 'FR-DEMO-1004',
      vendorId: 'vendor-cocoa-atelier',
      cakeDesignId: 'cake-graduation',
      status: 'confirmed',
      amount: 9_500,
      createdAt: at(-2),
      deliveryDate: handover(16),
      deliveryAddress: null,
      specialInstructions: 'Less sweet, please.',
    },
  ] as const;
}

/**
 * A demo order's history up to its status, as the lifecycle would have written it: placed, paid within
 * the hour, confirmed the next day, production three days before delivery, ready that morning,
 * delivered, and confirmed by the customer the day after. Never later than `now`.
 */
export function demoOrderEvents(
  order: { id: string; vendorId: string; status: string; createdAt: Date; deliveryDate: Date | null },
  customerId: string,
  now: Date,
) {
  const vendorUserId = DEMO_VENDORS.find((v) => v.id === order.vendorId)?.ownerId ?? null;
  const HOUR = DAY / 24;
  const delivery = (order.deliveryDate ?? new Date(order.createdAt.getTime() + 14 * DAY)).getTime();
  const planned: Record<string, number> = {
    pay: order.createdAt.getTime() + HOUR,
    confirm: order.createdAt.getTime() + DAY,
    start: delivery - 3 * DAY,
    markReady: delivery - 6 * HOUR,
    deliver: delivery,
    confirmSatisfied: delivery + 20 * HOUR,
  };
  const end = ORDER_FLOW.findIndex((step) => step.status === order.status);
  const steps = ORDER_FLOW.slice(0, end + 1);
  let previous = order.createdAt.getTime();
  const events = [
    { action: 'created', fromStatus: null, toStatus: 'pending', party: 'customer', at: previous },
    ...steps.map((step, i) => {
      // In order, a minute apart at least, and each leaving room for the ones after it before now.
      const latest = now.getTime() - (steps.length - i) * 60_000;
      previous = Math.min(Math.max(planned[step.action]!, previous + 60_000), latest);
      const party = ORDER_TRANSITIONS[step.action].by[0];
      return { action: step.action, fromStatus: null, toStatus: step.status, party, at: previous };
    }),
  ];
  return events.map((e, i) => ({
    id: `${order.id}-event-${i + 1}`,
    orderId: order.id,
    seq: i + 1,
    action: e.action,
    fromStatus: i === 0 ? null : events[i - 1]!.toStatus,
    toStatus: e.toStatus,
    party: e.party,
    actorId: e.party === 'customer' ? customerId : e.party === 'vendor' ? vendorUserId : null,
    createdAt: new Date(e.at),
  }));
}

export const DEMO_FAVORITES = [
  { id: 'fav-1', vendorId: 'vendor-sweet-dreams', cakeDesignId: null },
  { id: 'fav-2', vendorId: 'vendor-sugar-bloom', cakeDesignId: null },
  { id: 'fav-3', vendorId: null, cakeDesignId: 'cake-wedding-classic' },
  { id: 'fav-4', vendorId: null, cakeDesignId: 'cake-lemon-floral' },
] as const;

export const DEMO_REVIEWS = [
  {
    id: 'review-1',
    orderId: 'order-1',
    vendorId: 'vendor-sweet-dreams',
    rating: 5,
    title: 'Our wedding cake was a work of art',
    comment:
      'Sofia turned our AI sketch into a three-tier cake that looked even better in person. Every guest asked who made it, and the vanilla bean sponge was perfectly moist.',
    helpfulCount: 24,
    daysAgo: 28,
  },
  {
    id: 'review-2',
    orderId: 'order-2',
    vendorId: 'vendor-golden-crumb',
    rating: 4,
    title: 'A rainbow cake Maya still talks about',
    comment:
      'Light, not too sweet and beautifully decorated. Pickup was quick. Only wish the sprinkles had been on the sides too, but that was my brief, not their fault.',
    helpfulCount: 9,
    daysAgo: 11,
  },
] as const;
