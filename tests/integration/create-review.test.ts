import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, vendors } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createOrder, createUser, createVendor, signIn } from '../support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
});
afterAll(() => t.close());

const review = (orderId: string, cookie: string, body: unknown) =>
  t.app.request(`/api/orders/${orderId}/review`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('leaving a review', () => {
  it('reviews a completed order once and updates the vendor rating in step', async () => {
    const db = t.database.db;
    const customer = await createUser(db);
    const vendor = await createVendor(db, { rating: 4, reviewCount: 3 });
    const order = await createOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      status: 'completed',
    });
    const cookie = await signIn(t.app, customer.email);

    const bad = await review(order.id, cookie, { rating: 0, comment: 'short' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({
      rating: 'Please choose a rating from 1 to 5 stars.',
      comment: 'Please write at least 10 characters.',
    });

    const res = await review(order.id, cookie, {
      rating: 5,
      title: 'Perfect',
      comment: 'Moist sponge and beautiful roses.',
    });
    expect(res.status).toBe(201);
    const [v] = await db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(v).toMatchObject({ rating: 4.25, reviewCount: 4, ratingSum: 17 });
    const again = await review(order.id, cookie, { rating: 1, comment: 'Trying to review twice.' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('You have already reviewed this order.');
    expect(await db.select().from(reviews).where(eq(reviews.orderId, order.id))).toHaveLength(1);
  });

  it('keeps the rating the exact average of the stars, however many reviews come in', async () => {
    const db = t.database.db;
    const vendor = await createVendor(db, { rating: 0, reviewCount: 0 });
    // Averaging the rounded average with each new review drifts to 3.21 on this sequence; the sum does not.
    const stars = [4, 4, 4, 2, 1, 4, 1, 4, 4, 5, 1, 4, 3, 2, 5];
    const customer = await createUser(db);
    const cookie = await signIn(t.app, customer.email);
    for (const rating of stars) {
      const order = await createOrder(db, {
        customerId: customer.id,
        vendorId: vendor.id,
        status: 'completed',
      });
      const res = await review(order.id, cookie, { rating, comment: 'A lovely cake for the party.' });
      expect(res.status).toBe(201);
    }
    const [v] = await db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(v).toMatchObject({ rating: 3.2, reviewCount: 15, ratingSum: 48 });
  });

  it('refuses orders that are not completed, belong to someone else, or come from a vendor account', async () => {
    const db = t.database.db;
    const customer = await createUser(db);
    const stranger = await createUser(db);
    const vendorOwner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: vendorOwner.id });
    const inProgress = await createOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      status: 'in_progress',
    });
    const done = await createOrder(db, { customerId: customer.id, vendorId: vendor.id, status: 'completed' });
    const body = { rating: 4, comment: 'Lovely cake for the party.' };

    const early = await review(inProgress.id, await signIn(t.app, customer.email), body);
    expect(early.status).toBe(409);
    expect((await early.json()).error.message).toBe('You can review an order once it is completed.');
    expect((await review(done.id, await signIn(t.app, stranger.email), body)).status).toBe(404);
    expect((await review(done.id, await signIn(t.app, vendorOwner.email), body)).status).toBe(403);
    expect((await t.app.request(`/api/orders/${done.id}/review`, { method: 'POST' })).status).toBe(401);
  });
});
