import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, reviews, vendors } from '../../src/server/db/schema/index.ts';
import { seedAll, seedTable } from '../../src/server/modules/seed/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every number on a demo vendor card is derived from the demo orders and reviews. */
async function expectNumbersMatchData() {
  const db = t.database.db;
  const [vs, os, rs] = await Promise.all([
    db.select().from(vendors).where(like(vendors.id, 'vendor-%')),
    db.select().from(orders),
    db.select().from(reviews),
  ]);
  // The 8 cake makers and the 12 event vendors (issue 25).
  expect(vs).toHaveLength(20);
  for (const v of vs) {
    const mine = rs.filter((r) => r.vendorId === v.id);
    const avg = mine.length
      ? Math.round((mine.reduce((n, r) => n + r.rating, 0) / mine.length) * 100) / 100
      : 0;
    expect(v, v.id).toMatchObject({
      totalOrders: os.filter((o) => o.vendorId === v.id && o.status === 'completed').length,
      reviewCount: mine.length,
      rating: avg,
      responseTimeMinutes: null,
    });
  }
}

describe('demo vendor numbers', () => {
  it('are zero with vendors alone, and follow the orders and reviews once seeded', async () => {
    await seedTable({ db: t.database.db, table: 'vendors', store: t.services.storage });
    await expectNumbersMatchData();
    await seedTable({ db: t.database.db, table: 'orders', store: t.services.storage });
    await expectNumbersMatchData();
    await seedAll({ db: t.database.db, store: t.services.storage });
    await expectNumbersMatchData();
    const featured = (await (await t.app.request('/api/vendors/featured?limit=3')).json()) as {
      vendors: { id: string; rating: number; reviewCount: number; orders: number }[];
    };
    // The top-rated: five-star vendors with a review and a completed order each, cake makers and
    // event vendors alike, in id order (the sort's last key).
    expect(featured.vendors).toHaveLength(3);
    for (const v of featured.vendors) expect(v).toMatchObject({ rating: 5, reviewCount: 1, orders: 1 });
    expect(featured.vendors.map((v) => v.id)).toEqual(featured.vendors.map((v) => v.id).sort());
  });
});
