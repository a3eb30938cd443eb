/** What the demo customer did: orders with their history and money, favorites, reviews. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  customerFavorites,
  orderEvents,
  orders,
  payments,
  reviews,
  sandboxCharges,
  vendors,
} from '../../db/schema/index.ts';
import { recordPayment, releaseSplit, settleOrder } from '../ledger/index.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_FAVORITES, DEMO_REVIEWS, demoOrderEvents, demoOrders } from './demo-activity.ts';
import { seedDesigns } from './seed-designs.ts';
import { seedEventOrders, seedEventReviews } from './seed-event-vendors.ts';
import { seedEventPlan } from './seed-plans.ts';
import { seedVendors } from './seed-vendors.ts';
import { DAY, type Seeding } from './seeding.ts';

/**
 * Demo orders are made with the default rate (orders.service_fee_bps defaults to 800) and no tax on
 * the fee (orders.gst_bps and pst_bps default to 0, as for orders made before decision 029).
 */
const DEMO_FEE_TERMS = { serviceFeeBps: 800, gstBps: 0, pstBps: 0 };

/**
 * Sets each demo vendor's rating, review count and completed orders from the orders and reviews in
 * the database, as the orders and reviews services maintain them for real vendors.
 */
async function refreshDemoVendorNumbers(tx: Tx) {
  await tx.execute(sql`
    update ${vendors} v set
      total_orders = (select count(*)::int from ${orders} o where o.vendor_id = v.id and o.status = 'completed'),
      review_count = (select count(*)::int from ${reviews} r where r.vendor_id = v.id),
      rating_sum = coalesce((select sum(r.rating)::int from ${reviews} r where r.vendor_id = v.id), 0),
      rating = coalesce((select round(avg(r.rating), 2) from ${reviews} r where r.vendor_id = v.id), 0)
    where v.is_demo`);
}

export async function seedOrders(seeding: Seeding) {
  const { tx, now } = seeding;
  await seedVendors(seeding);
  await seedDesigns(seeding);
  const demo = demoOrders(now);
  const customerId = DEMO_ACCOUNTS.customer.id;
  const events = demo.flatMap((o) => demoOrderEvents(o, customerId, now));
  await tx
    .insert(orders)
    .values(
      demo.map((o) => ({
        ...o,
        customerId,
        isDemo: true,
        // Last changed at its latest event, as the lifecycle would have left it.
        updatedAt: events.filter((e) => e.orderId === o.id).at(-1)!.createdAt,
      })),
    )
    .onConflictDoNothing();
  await tx.insert(orderEvents).values(events).onConflictDoNothing();
  const eventOrders = await seedEventOrders(seeding);
  await seedDemoMoney(seeding, [...demo, ...eventOrders]);
  await refreshDemoVendorNumbers(tx);
  await seedEventPlan(seeding);
}

/**
 * The money of the demo orders, as paying and completing them leaves it: a sandbox charge and a
 * succeeded payment for each paid order, the payment held in the ledger, and a completed order's
 * amount released to its vendor less the fee. Demo data is data like any other: Total Spent, the
 * vendors' Payouts, contact details in messages and the reconciliation all read these rows.
 */
async function seedDemoMoney(
  { tx }: Seeding,
  demo: readonly { id: string; vendorId: string; amount: number; status: string; createdAt: Date }[],
) {
  for (const order of demo) {
    // Every demo order is past payment (none waits in pending or was cancelled).
    const paymentId = `payment-${order.id}`;
    const paidAt = new Date(order.createdAt.getTime() + DAY / 24);
    await tx
      .insert(sandboxCharges)
      .values({
        id: `ch_sandbox_demo_${order.id}`,
        idempotencyKey: `payment:${paymentId}`,
        amount: order.amount,
        status: 'succeeded',
        cardLast4: '4242',
        metadata: { paymentId, orderId: order.id },
        createdAt: paidAt,
        updatedAt: paidAt,
      })
      .onConflictDoNothing();
    await tx
      .insert(payments)
      .values({
        id: paymentId,
        orderId: order.id,
        provider: 'sandbox',
        providerRef: `ch_sandbox_demo_${order.id}`,
        amount: order.amount,
        status: 'succeeded',
        createdAt: paidAt,
        updatedAt: paidAt,
      })
      .onConflictDoNothing();
    await recordPayment(tx, {
      orderId: order.id,
      vendorId: order.vendorId,
      amountCents: order.amount,
      key: `payment:${paymentId}`,
      // The receipt's date: when the history says it was paid, not when the demo was seeded.
      at: paidAt,
    });
    if (order.status === 'completed')
      await settleOrder(tx, {
        kind: 'release',
        orderId: order.id,
        vendorId: order.vendorId,
        heldCents: order.amount,
        split: releaseSplit(order.amount, DEMO_FEE_TERMS),
        key: `release:${order.id}`,
      });
  }
}

export async function seedFavorites(seeding: Seeding) {
  const { tx, now } = seeding;
  await seedVendors(seeding);
  await seedDesigns(seeding);
  await tx
    .insert(customerFavorites)
    .values(
      DEMO_FAVORITES.map((f) => ({
        ...f,
        customerId: DEMO_ACCOUNTS.customer.id,
        isDemo: true,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

export async function seedReviews(seeding: Seeding) {
  const { tx, now } = seeding;
  await seedOrders(seeding);
  await tx
    .insert(reviews)
    .values(
      DEMO_REVIEWS.map(({ daysAgo, ...r }) => ({
        ...r,
        customerId: DEMO_ACCOUNTS.customer.id,
        isDemo: true,
        createdAt: new Date(now.getTime() - daysAgo * DAY),
      })),
    )
    .onConflictDoNothing();
  await seedEventReviews(seeding);
  await refreshDemoVendorNumbers(tx);
}
