import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerFavorites, vendors } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

let t: TestApp;
let customer = '';
let other = '';
let vendorCookie = '';
beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  const db = t.database.db;
  const a = await createUser(db);
  const b = await createUser(db);
  const owner = await createUser(db, { userType: 'vendor' });
  await createVendor(db, { userId: owner.id });
  customer = await signIn(t.app, a.email);
  other = await signIn(t.app, b.email);
  vendorCookie = await signIn(t.app, owner.email);
});
afterAll(() => t.close());

const call = (method: string, path: string, cookie?: string) =>
  t.app.request(path, {
    method,
    headers: { Origin: 'http://localhost:3000', ...(cookie && { Cookie: cookie }) },
  });
const favoriteIds = async (cookie: string) =>
  ((await (await call('GET', '/api/me/favorites/vendors', cookie)).json()) as { vendorIds: string[] })
    .vendorIds;
const dashboard = async (cookie: string) =>
  (await (await call('GET', '/api/me/dashboard/customer', cookie)).json()) as {
    stats: { favoriteVendors: number };
    favoriteVendors: { id: string }[];
  };

describe('favorite vendors', () => {
  it('saves and removes a favorite idempotently, and the dashboard shows it', async () => {
    const v = await createVendor(t.database.db);
    const path = `/api/me/favorites/vendors/${v.id}`;
    for (let i = 0; i < 2; i++) {
      const res = await call('PUT', path, customer);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ vendorId: v.id, favorite: true });
    }
    expect(await favoriteIds(customer)).toEqual([v.id]);
    const rows = await t.database.db
      .select()
      .from(customerFavorites)
      .where(eq(customerFavorites.vendorId, v.id));
    expect(rows).toHaveLength(1);
    const board = await dashboard(customer);
    expect(board.stats.favoriteVendors).toBe(1);
    expect(board.favoriteVendors.map((f) => f.id)).toEqual([v.id]);

    // Another customer's favorites are their own.
    expect(await favoriteIds(other)).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE', path, customer);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ vendorId: v.id, favorite: false });
    }
    expect(await favoriteIds(customer)).toEqual([]);
    expect((await dashboard(customer)).stats.favoriteVendors).toBe(0);
  });

  it('lists newest first and drops vendors that are no longer approved', async () => {
    const db = t.database.db;
    const first = await createVendor(db);
    const second = await createVendor(db);
    await call('PUT', `/api/me/favorites/vendors/${first.id}`, other);
    await call('PUT', `/api/me/favorites/vendors/${second.id}`, other);
    expect(await favoriteIds(other)).toEqual([second.id, first.id]);
    await db.update(vendors).set({ status: 'rejected', verified: false }).where(eq(vendors.id, first.id));
    expect(await favoriteIds(other)).toEqual([second.id]);
  });

  it('refuses unapproved or unknown vendors, vendor accounts and visitors', async () => {
    const pending = await createVendor(t.database.db, { status: 'pending', verified: false });
    expect((await call('PUT', `/api/me/favorites/vendors/${pending.id}`, customer)).status).toBe(404);
    expect((await call('PUT', '/api/me/favorites/vendors/nobody', customer)).status).toBe(404);
    const approved = await createVendor(t.database.db);
    expect((await call('PUT', `/api/me/favorites/vendors/${approved.id}`, vendorCookie)).status).toBe(403);
    expect((await call('PUT', `/api/me/favorites/vendors/${approved.id}`)).status).toBe(401);
    expect((await call('GET', '/api/me/favorites/vendors')).status).toBe(401);
    const none = await t.database.db
      .select()
      .from(customerFavorites)
      .where(and(eq(customerFavorites.vendorId, approved.id)));
    expect(none).toHaveLength(0);
  });
});
