import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users, vendors } from '../../src/server/db/schema/index.ts';
import { recordPayment } from '../../src/server/modules/ledger/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import {
  createDesign,
  createOrder,
  createUser,
  createVendor,
  signIn,
  verifyByOutbox,
} from '../support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
  body: JSON.stringify(body),
});

describe('accounts and dashboards', () => {
  it('signs up a customer with a password of at least 6 characters and sets a safe session cookie', async () => {
    const short = await t.app.request(
      '/api/auth/sign-up/email',
      json({ email: 'short@example.test', password: '12345', name: 'S' }),
    );
    expect(short.status).toBe(400);
    const ok = await t.app.request(
      '/api/auth/sign-up/email',
      json({
        email: 'new@example.test',
        password: '123456',
        name: 'Nia Park',
        firstName: 'Nia',
        lastName: 'Park',
        ageConfirmed: true,
      }),
    );
    expect(ok.status).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'new@example.test'));
    expect(user).toMatchObject({
      userType: 'customer',
      firstName: 'Nia',
      lastName: 'Park',
      role: 'user',
      emailVerified: false,
    });
    await verifyByOutbox(t.app, t.database.db, 'new@example.test');
    const signInRes = await t.app.request(
      '/api/auth/sign-in/email',
      json({ email: 'new@example.test', password: '123456' }),
    );
    const cookie = signInRes.headers.get('set-cookie') ?? '';
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('never lets sign-up choose user_type or role', async () => {
    await t.app.request(
      '/api/auth/sign-up/email',
      json({
        email: 'sneaky@example.test',
        password: '123456',
        name: 'S',
        userType: 'vendor',
        role: 'admin',
        ageConfirmed: true,
      }),
    );
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'sneaky@example.test'));
    if (user) expect(user).toMatchObject({ userType: 'customer', role: 'user' });
  });

  it('creates a pending vendor application that is not public until approved', async () => {
    const res = await t.app.request(
      '/api/vendor-applications',
      json({
        businessName: 'Crumb & Co',
        email: 'crumb@example.test',
        phone: '604 555 0100',
        businessAddress: '1 Main St, Vancouver',
        location: 'vancouver',
        specialty: 'birthday',
        password: 'secret123',
        confirmAge: true,
        acceptAgreement: true,
      }),
    );
    expect(res.status).toBe(202);
    const [vendor] = await t.database.db.select().from(vendors).where(eq(vendors.businessName, 'Crumb & Co'));
    const vendorId = vendor!.id;
    expect(vendor).toMatchObject({ status: 'pending', verified: false, businessName: 'Crumb & Co' });
    expect((await t.app.request(`/api/vendors/${vendorId}`)).status).toBe(404);
    await verifyByOutbox(t.app, t.database.db, 'crumb@example.test');
    const cookie = await signIn(t.app, 'crumb@example.test', 'secret123');
    const dash = await t.app.request('/api/me/dashboard/vendor', { headers: { Cookie: cookie } });
    expect((await dash.json()).vendor.status).toBe('pending');
  });

  it('answers a vendor application for an existing e-mail like any other, creates nothing and e-mails the owner', async () => {
    const existing = await createUser(t.database.db);
    const res = await t.app.request(
      '/api/vendor-applications',
      json({
        businessName: 'Copycat Cakes',
        email: existing.email,
        phone: '604 555 0101',
        businessAddress: '2 Main St, Vancouver',
        location: 'vancouver',
        specialty: 'custom',
        password: 'secret123',
        confirmAge: true,
        acceptAgreement: true,
      }),
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'submitted' });
    expect(
      await t.database.db.select().from(vendors).where(eq(vendors.businessName, 'Copycat Cakes')),
    ).toHaveLength(0);
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, existing.email));
    expect(mail?.kind).toBe('existing-account');
  });

  it('validates the vendor application with field messages', async () => {
    const res = await t.app.request('/api/vendor-applications', json({ email: 'x' }));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.fields).toMatchObject({
      businessName: expect.any(String),
      email: expect.any(String),
      specialty: expect.any(String),
      acceptAgreement: expect.any(String),
    });
  });

  it('shows each customer only their own dashboard data', async () => {
    const db = t.database.db;
    const alice = await createUser(db);
    const bob = await createUser(db);
    const vendor = await createVendor(db);
    const paid = await createOrder(db, {
      customerId: alice.id,
      vendorId: vendor.id,
      amount: 12_345,
      status: 'completed',
    });
    // Total Spent is what the ledger holds as paid: the completed order's payment.
    await db.transaction((tx) =>
      recordPayment(tx, {
        orderId: paid.id,
        vendorId: vendor.id,
        amountCents: 12_345,
        key: `payment:${paid.id}`,
      }),
    );
    await createOrder(db, { customerId: alice.id, vendorId: vendor.id, amount: 5_000, status: 'cancelled' });
    await createOrder(db, { customerId: bob.id, vendorId: vendor.id, amount: 99_999 });
    await createDesign(db, alice.id);

    const res = await t.app.request('/api/me/dashboard/customer', {
      headers: { Cookie: await signIn(t.app, alice.email) },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.stats).toEqual({ totalOrders: 2, designsCreated: 1, favoriteVendors: 0, totalSpent: 12_345 });
    expect(body.orders.every((o: { amount: number }) => o.amount !== 99_999)).toBe(true);
  });

  it('guards private routes: 401 for visitors, 403 for the wrong role', async () => {
    expect((await t.app.request('/api/me/dashboard/customer')).status).toBe(401);
    const customer = await createUser(t.database.db);
    const cookie = await signIn(t.app, customer.email);
    expect((await t.app.request('/api/me/dashboard/vendor', { headers: { Cookie: cookie } })).status).toBe(
      403,
    );
    expect(
      (await t.app.request('/api/admin/seed', { method: 'POST', headers: { Cookie: cookie } })).status,
    ).toBe(403);
  });

  it('lets an admin seed and clear demo data, keeping the admin signed in', async () => {
    const admin = await createUser(t.database.db, { id: 'user-demo-admin-test', role: 'admin' });
    const cookie = await signIn(t.app, admin.email);
    const seeded = await t.app.request('/api/admin/seed', { method: 'POST', headers: { Cookie: cookie } });
    expect(seeded.status).toBe(200);
    expect((await seeded.json()).message).toBe('Demo data seeded successfully!');
    const one = await t.app.request('/api/admin/seed', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ table: 'reviews' }),
    });
    expect((await one.json()).message).toBe('reviews data seeded successfully!');
    const cleared = await t.app.request('/api/admin/seed/clear', {
      method: 'POST',
      headers: { Cookie: cookie },
    });
    expect((await cleared.json()).message).toBe('Demo data cleared successfully!');
    expect((await t.app.request('/api/admin/seed', { headers: { Cookie: cookie } })).status).toBe(200);
  });
});
