/** The demo event vendors: their shops, packages, portfolio pictures and checklists; their guests' orders and reviews. */
import { readFile } from 'node:fs/promises';
import { inArray, sql } from 'drizzle-orm';
import { vendorCategories } from '../../../shared/catalog.ts';
import type { Tx } from '../../db/client.ts';
import {
  orderEvents,
  orders,
  portfolioItems,
  reviews,
  users,
  vendorPackages,
  vendors,
} from '../../db/schema/index.ts';
import type { ObjectStore } from '../storage/index.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { demoOrderEvents } from './demo-activity.ts';
import { DEMO_EVENT_VENDORS, DEMO_GUESTS } from './demo-event-vendors.ts';
import { seedDemoVerification } from './demo-verification.ts';
import { DEMO_PORTFOLIO, demoPortfolioFile, demoPortfolioKeys } from './demo-portfolio.ts';
import { DAY, type Seeding } from './seeding.ts';

/** A portfolio category (PORTFOLIO_CATEGORIES) from what the picture shows. */
const portfolioCategory = (title: string) =>
  /birthday|party/i.test(title)
    ? 'Birthday'
    : /corporate|office|gala/i.test(title)
      ? 'Corporate'
      : /wedding|bridal|ceremony|reception|first look|engagement|arch/i.test(title)
        ? 'Wedding'
        : 'Custom';

async function seedPortfolio(tx: Tx, store: ObjectStore, now: Date) {
  const rows = [];
  for (const v of DEMO_EVENT_VENDORS) {
    for (const [i, title] of v.portfolio.entries()) {
      const keys = demoPortfolioKeys(v.id, i);
      // Drawn by `npm run demo-art` and committed: seeding reads files, it draws nothing.
      const [image, thumb] = await Promise.all([
        readFile(demoPortfolioFile(keys.imageKey)),
        readFile(demoPortfolioFile(keys.thumbKey)),
      ]);
      await store.put('portfolio', keys.imageKey, image, 'image/webp');
      await store.put('portfolio', keys.thumbKey, thumb, 'image/webp');
      rows.push({
        id: `${v.id}-portfolio-${i + 1}`,
        vendorId: v.id,
        title,
        category: portfolioCategory(title),
        ...keys,
        width: DEMO_PORTFOLIO.picture.width,
        height: DEMO_PORTFOLIO.picture.height,
        position: i,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  await tx.insert(portfolioItems).values(rows).onConflictDoNothing();
}

/** The event vendors with their owners, packages (and "from" prices), pictures and checklists. */
export async function seedEventVendors(seeding: Seeding, store: ObjectStore | undefined) {
  const { tx, now } = seeding;
  const account = (id: string, name: string, userType: string, phone: string | null) => ({
    id,
    name,
    email: `${id.replace('user-demo-', '')}@frosted.demo`,
    emailVerified: true,
    userType,
    phone,
    isDemo: true,
    createdAt: now,
    updatedAt: now,
  });
  await tx
    .insert(users)
    .values([
      ...DEMO_EVENT_VENDORS.map((v) => account(v.ownerId, v.businessName, 'vendor', v.phone)),
      ...DEMO_GUESTS.map((g) => ({
        ...account(g.id, `${g.firstName} ${g.lastName}`, 'customer', null),
        firstName: g.firstName,
        lastName: g.lastName,
      })),
    ])
    .onConflictDoNothing();
  await tx
    .insert(vendors)
    .values(
      DEMO_EVENT_VENDORS.map((v, i) => ({
        id: v.id,
        userId: v.ownerId,
        businessName: v.businessName,
        businessAddress: v.businessAddress,
        // A vendor that sells no cakes: its specialty is its category (the vendors table).
        specialty: v.category,
        specialties: [],
        category: v.category,
        categories: vendorCategories(v.category, v.also),
        fromPriceCents: Math.min(...v.packages.map((p) => p.priceCents)),
        phone: v.phone,
        description: v.description,
        instagram: v.instagram,
        verified: false,
        status: 'approved',
        priceTier: v.priceTier,
        location: v.location,
        imageUrl: v.imageUrl,
        // They come to the venue; pickup (a customer collecting at the shop) is a cake maker's.
        offersDelivery: v.offersDelivery,
        offersPickup: false,
        leadTimeDays: 14,
        isDemo: true,
        createdAt: new Date(now.getTime() - (300 + i * 20) * DAY),
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(vendorPackages)
    .values(
      DEMO_EVENT_VENDORS.flatMap((v) =>
        v.packages.map((p, position) => ({
          id: `${v.id}-package-${position + 1}`,
          vendorId: v.id,
          ...p,
          position,
          isDemo: true,
          createdAt: now,
          updatedAt: now,
        })),
      ),
    )
    .onConflictDoNothing();
  if (!store) return;
  await seedPortfolio(tx, store, now);
  await seedDemoVerification({
    tx,
    store,
    now,
    vendors: DEMO_EVENT_VENDORS.map((v) => ({ ...v, categories: vendorCategories(v.category, v.also) })),
    reviewerId: seeding.demoAccounts ? DEMO_ACCOUNTS.admin.id : null,
  });
}

/** One completed order per event vendor, booked by a demo guest: what its review is about. */
export function demoEventOrders(now: Date) {
  return DEMO_EVENT_VENDORS.map((v, i) => {
    const delivered = now.getTime() - (v.review.daysAgo + 1) * DAY;
    return {
      id: `order-event-${i + 1}`,
      orderNumber: `FR-DEMO-${2001 + i}`,
      vendorId: v.id,
      customerId: DEMO_GUESTS[i % DEMO_GUESTS.length]!.id,
      status: 'completed' as const,
      amount: v.review.amount,
      createdAt: new Date(delivered - 40 * DAY),
      deliveryDate: new Date(delivered),
      deliveryAddress: v.businessAddress,
      specialInstructions: null,
    };
  });
}

/** The guests' orders with their history; their money is seeded with the other demo orders'. */
export async function seedEventOrders({ tx, now }: Seeding) {
  const demo = demoEventOrders(now);
  const owners = new Map(DEMO_EVENT_VENDORS.map((v) => [v.id, v.ownerId]));
  const events = demo.flatMap((o) =>
    demoOrderEvents(o, o.customerId, now).map((e) =>
      e.party === 'vendor' ? { ...e, actorId: owners.get(o.vendorId) ?? null } : e,
    ),
  );
  await tx
    .insert(orders)
    .values(
      demo.map((o) => ({
        ...o,
        isDemo: true,
        updatedAt: events.filter((e) => e.orderId === o.id).at(-1)!.createdAt,
      })),
    )
    .onConflictDoNothing();
  await tx.insert(orderEvents).values(events).onConflictDoNothing();
  return demo;
}

export async function seedEventReviews({ tx, now }: Seeding) {
  const demo = demoEventOrders(now);
  const present = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      inArray(
        orders.id,
        demo.map((o) => o.id),
      ),
    );
  const ids = new Set(present.map((o) => o.id));
  const rows = DEMO_EVENT_VENDORS.flatMap((v, i) => {
    const order = demo[i]!;
    if (!ids.has(order.id)) return [];
    const { rating, title, comment, daysAgo } = v.review;
    return [
      {
        id: `review-event-${i + 1}`,
        orderId: order.id,
        customerId: order.customerId,
        vendorId: v.id,
        rating,
        title,
        comment,
        helpfulCount: (i * 7) % 13,
        isDemo: true,
        createdAt: new Date(now.getTime() - daysAgo * DAY),
      },
    ];
  });
  if (rows.length) await tx.insert(reviews).values(rows).onConflictDoNothing();
}

/** The picture keys of demo vendors about to be deleted, to delete their files afterwards. */
export async function demoPortfolioFileKeys(tx: Tx, vendorIds: string[]): Promise<string[]> {
  if (vendorIds.length === 0) return [];
  const rows = await tx
    .select({ imageKey: portfolioItems.imageKey, thumbKey: portfolioItems.thumbKey })
    .from(portfolioItems)
    .where(sql`${portfolioItems.vendorId} IN ${vendorIds} AND ${portfolioItems.imageKey} LIKE 'demo/%'`);
  return rows.flatMap((r) => [r.imageKey, r.thumbKey]);
}
