import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { cakeDesigns, customerFavorites, orders, reviews, users, vendors } from '../../db/schema/index.ts';
import type { ObjectStore } from '../storage/index.ts';
import { seedFavorites, seedOrders, seedReviews } from './seed-activity.ts';
import { seedDesigns } from './seed-designs.ts';
import { seedVendors } from './seed-vendors.ts';
import type { Seeding } from './seeding.ts';

/** The tables the admin seeder page can fill one by one, in dependency order. */
export const SEED_TABLES = ['vendors', 'cake_designs', 'orders', 'favorites', 'reviews'] as const;
export type SeedTable = (typeof SEED_TABLES)[number];

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
