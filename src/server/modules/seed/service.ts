import { hashPassword } from 'better-auth/crypto';
import { and, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import {
  accounts,
  cakeDesigns,
  claims,
  customerFavorites,
  ledgerAccounts,
  ledgerTransactions,
  orderEvents,
  orders,
  payments,
  payouts,
  refunds,
  reviews,
  sandboxCharges,
  sandboxRefunds,
  sandboxTransfers,
  users,
  vendors,
} from '../../db/schema/index.ts';
import { recordPayment, releaseSplit, settleOrder } from '../ledger/ledger.ts';
import { buildPrompt } from '../designs/prompt.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_DESIGNS,
  DEMO_FAVORITES,
  DEMO_PASSWORD,
  DEMO_REVIEWS,
  DEMO_VENDORS,
  DEMO_VENDOR_CAPABILITIES,
  demoDesignForm,
  demoDesignImageUrl,
  demoOrderEvents,
  demoOrders,
} from './demo-data.ts';
import type { ObjectStore } from '../storage/store.ts';
import { deleteDocuments, demoDocumentKeys, seedDemoVerification } from './demo-verification.ts';

/** The tables the admin seeder page can fill one by one, in dependency order. */
export const SEED_TABLES = ['vendors', 'cake_designs', 'orders', 'favorites', 'reviews'] as const;
export type SeedTable = (typeof SEED_TABLES)[number];

/**
 * One seeding run. Without demo accounts (production) the demo people are created without a password
 * and the demo administrator not at all: the README's demo password must never open a real site.
 */
interface Seeding {
  tx: Tx;
  now: Date;
  demoAccounts: boolean;
  /**
   * Where the demo vendors' verification documents are written (the private bucket). Without it the
   * demo vendors get no checklist, and so no Verified badge: the badge is never shown without documents.
   */
  store?: ObjectStore | undefined;
  /** Set once the checklists are seeded in this run (several seeders need the vendors). */
  verificationSeeded?: boolean;
}
const DAY = 24 * 60 * 60 * 1000;
/** Demo orders are made with the default rate (orders.service_fee_bps defaults to 800). */
const DEMO_SERVICE_FEE_RATE = 0.08;

async function seedAccounts({ tx, now, demoAccounts }: Seeding) {
  const accountsToSeed = Object.values(DEMO_ACCOUNTS).filter((a) => demoAccounts || a.role !== 'admin');
  const people = accountsToSeed.map((a) => ({
    id: a.id,
    name: `${a.firstName} ${a.lastName}`,
    email: a.email,
    emailVerified: true,
    userType: a.userType,
    firstName: a.firstName,
    lastName: a.lastName,
    phone: a.phone,
    location: a.location,
    role: a.role,
    isDemo: true,
    createdAt: now,
    updatedAt: now,
  }));
  const owners = DEMO_VENDORS.filter((v) => v.ownerId !== DEMO_ACCOUNTS.vendor.id).map((v) => ({
    id: v.ownerId,
    name: v.businessName,
    email: `${v.ownerId.replace('user-demo-', '')}@frosted.demo`,
    emailVerified: true,
    userType: 'vendor',
    phone: v.phone,
    isDemo: true,
    createdAt: now,
    updatedAt: now,
  }));
  await tx
    .insert(users)
    .values([...people, ...owners])
    .onConflictDoNothing();
  if (!demoAccounts) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await tx
    .insert(accounts)
    .values(
      accountsToSeed.map((a) => ({
        id: `${a.id}-credential`,
        accountId: a.id,
        providerId: 'credential',
        userId: a.id,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

async function seedVendors(seeding: Seeding) {
  const { tx, now, store } = seeding;
  await seedAccounts(seeding);
  await tx
    .insert(vendors)
    .values(
      DEMO_VENDORS.map((v, i) => ({
        id: v.id,
        userId: v.ownerId,
        businessName: v.businessName,
        businessAddress: v.businessAddress,
        specialty: v.specialty,
        phone: v.phone,
        description: v.description,
        website: v.website,
        instagram: v.instagram,
        // The badge follows the checklist seeded below (recomputed there).
        verified: false,
        status: 'approved',
        priceTier: v.priceTier,
        location: v.location,
        imageUrl: v.imageUrl,
        ...DEMO_VENDOR_CAPABILITIES[v.id],
        isDemo: true,
        createdAt: new Date(now.getTime() - (400 + i * 30) * DAY),
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
  if (store && !seeding.verificationSeeded) {
    await seedDemoVerification({
      tx,
      store,
      now,
      vendors: DEMO_VENDORS,
      reviewerId: seeding.demoAccounts ? DEMO_ACCOUNTS.admin.id : null,
    });
    seeding.verificationSeeded = true;
  }
}

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

async function seedDesigns(seeding: Seeding) {
  const { tx, now } = seeding;
  await seedAccounts(seeding);
  await tx
    .insert(cakeDesigns)
    .values(
      DEMO_DESIGNS.map((d, i) => {
        const form = demoDesignForm(d);
        return {
          id: d.id,
          customerId: DEMO_ACCOUNTS.customer.id,
          occasion: d.occasion,
          flavor: d.flavor,
          size: d.size,
          colors: d.colors,
          description: d.description,
          aiGenerated: true,
          imageUrl: demoDesignImageUrl(d.id),
          prompt: buildPrompt(form, d.style),
          style: d.style,
          dietaryRestrictions: form.dietary,
          isDemo: true,
          createdAt: new Date(now.getTime() - (70 - i * 8) * DAY),
          updatedAt: now,
        };
      }),
    )
    .onConflictDoNothing();
}

async function seedOrders(seeding: Seeding) {
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
  await seedDemoMoney(seeding, demo);
  await refreshDemoVendorNumbers(tx);
}

/**
 * The money of the demo orders, as paying and completing them leaves it: a sandbox charge and a
 * succeeded payment for each paid order, the payment held in the ledger, and a completed order's
 * amount released to its vendor less the fee. Demo data is data like any other: Total Spent, the
 * vendors' Payouts, contact details in messages and the reconciliation all read these rows.
 */
async function seedDemoMoney({ tx }: Seeding, demo: ReturnType<typeof demoOrders>) {
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
    });
    if (order.status === 'completed')
      await settleOrder(tx, {
        kind: 'release',
        orderId: order.id,
        vendorId: order.vendorId,
        heldCents: order.amount,
        split: releaseSplit(order.amount, DEMO_SERVICE_FEE_RATE),
        key: `release:${order.id}`,
      });
  }
}

async function seedFavorites(seeding: Seeding) {
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

async function seedReviews(seeding: Seeding) {
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
  await refreshDemoVendorNumbers(tx);
}

const SEEDERS: Record<SeedTable, (seeding: Seeding) => Promise<void>> = {
  vendors: seedVendors,
  cake_designs: seedDesigns,
  orders: seedOrders,
  favorites: seedFavorites,
  reviews: seedReviews,
};

/**
 * Seeds one table, with the demo rows it depends on (an order needs its vendor and design).
 * Idempotent: rows that already exist are left as they are.
 */
export async function seedTable({
  db,
  table,
  now = new Date(),
  demoAccounts = true,
  store,
}: {
  db: Db;
  table: SeedTable;
  now?: Date;
  demoAccounts?: boolean;
  /** Where the demo verification documents go; see Seeding.store. */
  store?: ObjectStore;
}) {
  await db.transaction((tx) => SEEDERS[table]({ tx, now, demoAccounts, store }));
}

/** Inserts all demo rows: vendors, cake_designs, orders, customer_favorites, reviews, in that order. */
export async function seedAll({
  db,
  now = new Date(),
  demoAccounts = true,
  store,
}: {
  db: Db;
  now?: Date;
  /** False in production: demo people get no password and there is no demo administrator. */
  demoAccounts?: boolean;
  /** Where the demo verification documents go; see Seeding.store. */
  store?: ObjectStore;
}) {
  await db.transaction(async (tx) => {
    const seeding: Seeding = { tx, now, demoAccounts, store };
    for (const table of SEED_TABLES) await SEEDERS[table](seeding);
  });
}

/**
 * Deletes the demo rows (marked `is_demo` by the seeder, never told by their ids) and what belongs to
 * them alone: the demo orders' money, claims and events, the demo vendors' payouts. A demo vendor or
 * account that real data still uses (a real order placed with a demo vendor) stays, and everything real
 * stays whole, ledger postings included. keepUserIds spares accounts (the admin pressing Clear keeps
 * the account they are signed in with).
 */
export async function clearDemoData({
  db,
  keepUserIds = [],
  store,
}: {
  db: Db;
  keepUserIds?: string[];
  /** Given, the demo verification documents are deleted from it too. */
  store?: ObjectStore;
}) {
  const documents = await db.transaction(async (tx) => {
    await tx.delete(reviews).where(eq(reviews.isDemo, true));
    await tx.delete(customerFavorites).where(eq(customerFavorites.isDemo, true));
    await clearDemoMoney(tx);
    await tx.delete(orders).where(eq(orders.isDemo, true));
    await tx.delete(cakeDesigns).where(eq(cakeDesigns.isDemo, true));
    // Whatever still refers to a demo vendor now is real: its orders, postings and payouts keep it.
    const unused = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(
        and(
          eq(vendors.isDemo, true),
          notExists(tx.select({ id: orders.id }).from(orders).where(eq(orders.vendorId, vendors.id))),
          notExists(
            tx
              .select({ id: ledgerAccounts.id })
              .from(ledgerAccounts)
              .where(eq(ledgerAccounts.vendorId, vendors.id)),
          ),
          notExists(
            tx
              .select({ id: ledgerTransactions.id })
              .from(ledgerTransactions)
              .where(eq(ledgerTransactions.vendorId, vendors.id)),
          ),
          notExists(tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.vendorId, vendors.id))),
        ),
      );
    const vendorIds = unused.map((v) => v.id);
    const keys = await demoDocumentKeys(tx, vendorIds);
    if (vendorIds.length) await tx.delete(vendors).where(inArray(vendors.id, vendorIds));
    // An account goes unless it placed a real order or owns a vendor that stayed.
    await tx
      .delete(users)
      .where(
        and(
          eq(users.isDemo, true),
          keepUserIds.length ? notInArray(users.id, keepUserIds) : undefined,
          notExists(tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, users.id))),
          notExists(tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, users.id))),
        ),
      );
    return keys;
  });
  // After the commit: a file outlives its row only if deleting it fails.
  if (store) await deleteDocuments(store, documents);
}

/**
 * Removes the demo money: the demo orders' payments, refunds, claims and sandbox records, the payouts
 * whose posting is demo money, and the demo postings themselves. The app's database role may not
 * delete ledger rows; ledger_delete_demo_postings() (migration 0028) deletes those marked demo, and
 * only those.
 */
async function clearDemoMoney(tx: Tx) {
  const demoOrderIds = tx.select({ id: orders.id }).from(orders).where(eq(orders.isDemo, true));
  const demoPayoutKeys = tx
    .select({ key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.isDemo, true), eq(ledgerTransactions.kind, 'payout')));
  const demoCharges = tx
    .select({ id: sandboxCharges.id })
    .from(sandboxCharges)
    .where(inArray(sql`${sandboxCharges.metadata}->>'orderId'`, demoOrderIds));
  // Payouts and sandbox transfers carry the posting's key, `payout:{payoutId}` (payments/payouts.ts).
  await tx.delete(sandboxTransfers).where(inArray(sandboxTransfers.idempotencyKey, demoPayoutKeys));
  await tx.delete(payouts).where(inArray(sql`'payout:' || ${payouts.id}`, demoPayoutKeys));
  await tx.delete(claims).where(inArray(claims.orderId, demoOrderIds));
  await tx.delete(refunds).where(inArray(refunds.orderId, demoOrderIds));
  await tx.delete(payments).where(inArray(payments.orderId, demoOrderIds));
  await tx.delete(sandboxRefunds).where(inArray(sandboxRefunds.chargeId, demoCharges));
  await tx.delete(sandboxCharges).where(inArray(sandboxCharges.id, demoCharges));
  await tx.execute(sql`SELECT ledger_delete_demo_postings()`);
}

/** Row counts of demo data per table, for the seeder page and tests. */
export async function countDemoRows({ db }: { db: Db }) {
  const [row] = await queryRows<Record<SeedTable | 'accounts', number>>(
    db,
    sql`
    select
      (select count(*)::int from ${vendors} where ${vendors.isDemo}) as vendors,
      (select count(*)::int from ${cakeDesigns} where ${cakeDesigns.isDemo}) as cake_designs,
      (select count(*)::int from ${orders} where ${orders.isDemo}) as orders,
      (select count(*)::int from ${customerFavorites} where ${customerFavorites.isDemo}) as favorites,
      (select count(*)::int from ${reviews} where ${reviews.isDemo}) as reviews,
      (select count(*)::int from ${users} where ${users.isDemo}) as accounts
  `,
  );
  if (!row) throw new Error('count query returned no row');
  return row;
}

/** True when the database holds no users and no vendors: a first run. */
export async function isEmptyDatabase({ db }: { db: Db }) {
  const [row] = await queryRows<{ empty: boolean }>(
    db,
    sql`select not exists (select 1 from ${users}) and not exists (select 1 from ${vendors}) as empty`,
  );
  return row?.empty === true;
}
