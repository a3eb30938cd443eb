import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendors } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createReview } from '../support/factories.ts';

let t: TestApp;
const day = 86_400_000;
const base = Date.UTC(2026, 5, 1);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // rating, days after base, helpful votes
  const specs: [number, number, number][] = [
    [5, 0, 3],
    [4, 1, 10],
    [3, 2, 0],
    [5, 3, 7],
    [2, 4, 1],
    [4, 5, 4],
  ];
  for (const [rating, d, helpfulCount] of specs) {
    const review = await createReview(db, { rating, helpfulCount, createdAt: new Date(base + d * day) });
    firstVendorId ||= review.vendorId;
  }
  // A review of a vendor who is no longer approved is not public anywhere.
  const hidden = await createReview(db, { rating: 1 });
  await db.update(vendors).set({ status: 'rejected' }).where(eq(vendors.id, hidden.vendorId));
  hiddenVendorId = hidden.vendorId;
});
let firstVendorId = '';
let hiddenVendorId = '';
afterAll(() => t.close());

async function list(query: string) {
  const res = await t.app.request(`/api/reviews?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    reviews: { rating: number; helpfulCount: number; createdAt: string }[];
    total: number;
    averageRating: number;
  };
}

describe('reviews list', () => {
  it('filters by rating and counts the filtered total', async () => {
    const all = await list('rating=all');
    expect(all.total).toBe(6);
    expect(all.averageRating).toBe(3.8);
    for (const r of ['5', '4', '3'] as const) {
      const res = await list(`rating=${r}`);
      expect(res.reviews.every((x) => x.rating === Number(r))).toBe(true);
      expect(res.total).toBe({ '5': 2, '4': 2, '3': 1 }[r]);
    }
  });

  it('sorts newest, oldest, by rating and by helpfulness', async () => {
    const dates = (await list('sort=newest')).reviews.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const oldest = (await list('sort=oldest')).reviews.map((r) => r.createdAt);
    expect(oldest).toEqual([...oldest].sort());
    expect((await list('sort=rating-high')).reviews.map((r) => r.rating)).toEqual([5, 5, 4, 4, 3, 2]);
    expect((await list('sort=rating-low')).reviews.map((r) => r.rating)).toEqual([2, 3, 4, 4, 5, 5]);
    expect((await list('sort=helpful')).reviews.map((r) => r.helpfulCount)).toEqual([10, 7, 4, 3, 1, 0]);
  });

  it("lists one approved vendor's reviews only", async () => {
    const one = await list(`vendorId=${firstVendorId}`);
    expect(one.total).toBe(1);
    expect(one.reviews).toHaveLength(1);
    expect((await list(`vendorId=${hiddenVendorId}`)).total).toBe(0);
  });

  it('rejects unknown filter values with field errors', async () => {
    const res = await t.app.request('/api/reviews?rating=1&sort=random');
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(Object.keys(error.fields).sort()).toEqual(['rating', 'sort']);
  });
});
