import { hashPassword } from 'better-auth/crypto';
import { and, like, notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import {
  accounts,
  cakeDesigns,
  claims,
  customerFavorites,
  ledgerAccounts,
  ledgerEntries,
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

export const ID_PREFIXES = {
  reviews: 'review-',
  favorites: 'fav-',
  orders: 'order-',
  cake_designs: 'cake-',
  vendors: 'vendor-',
  users: 'user-demo-',
} as const;

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
    where v.id like ${ID_PREFIXES.vendors + '%'}`);
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
    .values(DEMO_FAVORITES.map((f) => ({ ...f, customerId: DEMO_ACCOUNTS.customer.id, createdAt: now })))
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
 * Deletes only demo rows (by id prefix) and the demo accounts; everything else is untouched.
 * keepUserIds spares accounts (the admin pressing Clear keeps the account they are signed in with).
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
  const starts = (column: AnyPgColumn, prefix: string) => like(column, `${prefix}%`);
  const documents = await db.transaction(async (tx) => {
    const keys = await demoDocumentKeys(tx, ID_PREFIXES.vendors);
    await tx.delete(reviews).where(starts(reviews.id, ID_PREFIXES.reviews));
    await tx.delete(customerFavorites).where(starts(customerFavorites.id, ID_PREFIXES.favorites));
    await clearDemoMoney(tx);
    await tx.delete(orders).where(starts(orders.id, ID_PREFIXES.orders));
    await tx.delete(cakeDesigns).where(starts(cakeDesigns.id, ID_PREFIXES.cake_designs));
    await tx.delete(vendors).where(starts(vendors.id, ID_PREFIXES.vendors));
    await tx
      .delete(users)
      .where(
        and(
          starts(users.id, ID_PREFIXES.users),
          keepUserIds.length ? notInArray(users.id, keepUserIds) : undefined,
        ),
      );
    return keys;
  });
  // After the commit: a file outlives its row only if deleting it fails.
  if (store) await deleteDocuments(store, documents);
}

/**
 * Removes the demo orders' and demo vendors' money: their postings (the append-only ledger lets this
 * one transaction delete them, and only them: migration 0017), payments, payouts and sandbox records.
 */
async function clearDemoMoney(tx: Tx) {
  await tx.execute(sql`SET LOCAL frosted.clear_demo = 'on'`);
  const demoTransactions = sql`(SELECT ${ledgerTransactions.id} FROM ${ledgerTransactions}
    WHERE ${ledgerTransactions.orderId} LIKE ${ID_PREFIXES.orders + '%'}
       OR ${ledgerTransactions.vendorId} LIKE ${ID_PREFIXES.vendors + '%'})`;
  await tx.delete(ledgerEntries).where(sql`${ledgerEntries.transactionId} IN ${demoTransactions}`);
  await tx
    .delete(ledgerTransactions)
    .where(
      sql`${ledgerTransactions.orderId} LIKE ${ID_PREFIXES.orders + '%'} OR ${ledgerTransactions.vendorId} LIKE ${ID_PREFIXES.vendors + '%'}`,
    );
  await tx.delete(ledgerAccounts).where(
    sql`(${ledgerAccounts.orderId} LIKE ${ID_PREFIXES.orders + '%'} OR ${ledgerAccounts.vendorId} LIKE ${ID_PREFIXES.vendors + '%'})
        AND NOT EXISTS (SELECT 1 FROM ${ledgerEntries} WHERE ${ledgerEntries.accountId} = ${ledgerAccounts.id})`,
  );
  await tx.delete(claims).where(sql`${claims.orderId} LIKE ${ID_PREFIXES.orders + '%'}`);
  await tx.delete(refunds).where(sql`${refunds.orderId} LIKE ${ID_PREFIXES.orders + '%'}`);
  await tx.delete(payments).where(sql`${payments.orderId} LIKE ${ID_PREFIXES.orders + '%'}`);
  await tx.delete(sandboxRefunds).where(sql`${sandboxRefunds.chargeId} LIKE 'ch_sandbox_demo_%'`);
  await tx.delete(sandboxCharges).where(sql`${sandboxCharges.id} LIKE 'ch_sandbox_demo_%'`);
  await tx.delete(payouts).where(sql`${payouts.vendorId} LIKE ${ID_PREFIXES.vendors + '%'}`);
  await tx
    .delete(sandboxTransfers)
    .where(sql`${sandboxTransfers.destination} LIKE ${ID_PREFIXES.vendors + '%'}`);
  await tx.execute(sql`SET LOCAL frosted.clear_demo = 'off'`);
}

/** Row counts of demo data per table, for the seeder page and tests. */
export async function countDemoRows({ db }: { db: Db }) {
  const [row] = await queryRows<Record<SeedTable | 'accounts', number>>(
    db,
    sql`
    select
      (select count(*)::int from ${vendors} where ${vendors.id} like ${ID_PREFIXES.vendors + '%'}) as vendors,
      (select count(*)::int from ${cakeDesigns} where ${cakeDesigns.id} like ${ID_PREFIXES.cake_designs + '%'}) as cake_designs,
      (select count(*)::int from ${orders} where ${orders.id} like ${ID_PREFIXES.orders + '%'}) as orders,
      (select count(*)::int from ${customerFavorites} where ${customerFavorites.id} like ${ID_PREFIXES.favorites + '%'}) as favorites,
      (select count(*)::int from ${reviews} where ${reviews.id} like ${ID_PREFIXES.reviews + '%'}) as reviews,
      (select count(*)::int from ${users} where ${users.id} like ${ID_PREFIXES.users + '%'}) as accounts
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
