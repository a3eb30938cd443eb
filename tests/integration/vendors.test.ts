import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createVendor } from '../support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('public vendors', () => {
  it('features only approved, verified vendors, top-rated first', async () => {
    const db = t.database.db;
    const best = await createVendor(db, { rating: 4.9, reviewCount: 10 });
    const good = await createVendor(db, { rating: 4.6 });
    await createVendor(db, { rating: 5, status: 'pending', verified: false });
    await createVendor(db, { rating: 5, verified: false });
    const res = await t.app.request('/api/vendors/featured?limit=3');
    const { vendors } = await res.json();
    expect(vendors.map((v: { id: string }) => v.id)).toEqual([best.id, good.id]);
    expect(vendors[0]).toMatchObject({
      name: best.businessName,
      verified: true,
      rating: 4.9,
      locationLabel: 'Vancouver',
    });
    expect(vendors[0]).not.toHaveProperty('phone');
    expect(vendors[0]).not.toHaveProperty('userId');
  });

  it('shows an approved vendor and hides unknown or unapproved ones', async () => {
    const db = t.database.db;
    const approved = await createVendor(db);
    const pending = await createVendor(db, { status: 'pending' });
    expect((await t.app.request(`/api/vendors/${approved.id}`)).status).toBe(200);
    expect((await t.app.request(`/api/vendors/${pending.id}`)).status).toBe(404);
    expect((await t.app.request('/api/vendors/nobody')).status).toBe(404);
  });

  it('lists approved vendors with the total', async () => {
    const res = await t.app.request('/api/vendors?limit=2');
    const body = await res.json();
    expect(body.vendors).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(4);
  });
});
