import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, vendors } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ensureAdmin } from '../../src/server/modules/admin/bootstrap.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

let t: TestApp;
let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  const admin = await createUser(t.database.db, { role: 'admin' });
  const customer = await createUser(t.database.db);
  adminCookie = await signIn(t.app, admin.email);
  customerCookie = await signIn(t.app, customer.email);
});
afterAll(() => t.close());

const post = (path: string, cookie: string, body?: unknown) =>
  t.app.request(path, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

async function pendingVendor() {
  const owner = await createUser(t.database.db, { userType: 'vendor' });
  const vendor = await createVendor(t.database.db, { userId: owner.id, status: 'pending', verified: false });
  return { owner, vendor };
}

describe('vendor applications', () => {
  it('lists pending applications for admins only', async () => {
    const { vendor } = await pendingVendor();
    expect((await t.app.request('/api/admin/vendor-applications')).status).toBe(401);
    expect(
      (await t.app.request('/api/admin/vendor-applications', { headers: { Cookie: customerCookie } })).status,
    ).toBe(403);
    const res = await t.app.request('/api/admin/vendor-applications?status=pending', {
      headers: { Cookie: adminCookie },
    });
    const { applications } = await res.json();
    expect(applications.map((a: { id: string }) => a.id)).toContain(vendor.id);
  });

  it('approval makes the vendor public (the badge waits for the checklist) and e-mails the owner; a second decision is refused', async () => {
    const { owner, vendor } = await pendingVendor();
    expect((await post(`/api/admin/vendor-applications/${vendor.id}/approve`, customerCookie)).status).toBe(
      403,
    );
    expect((await post(`/api/admin/vendor-applications/${vendor.id}/approve`, adminCookie)).status).toBe(200);
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    // Approval lists the vendor; the Verified badge waits for the verification checklist.
    expect(row).toMatchObject({ status: 'approved', verified: false });
    expect((await t.app.request(`/api/vendors/${vendor.id}`)).status).toBe(200);
    // The notification's e-mail is queued with the decision and written by the delivery round.
    await t.services.mailer.deliver();
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, owner.email))
      .orderBy(desc(emailOutbox.createdAt));
    expect(mail).toMatchObject({ kind: 'vendor-approved', status: 'kept' });
    const again = await post(`/api/admin/vendor-applications/${vendor.id}/reject`, adminCookie, {
      reason: 'Changed our mind entirely.',
    });
    expect(again.status).toBe(409);
  });

  it('rejection needs a reason, stores it and e-mails it; the vendor stays hidden', async () => {
    const { owner, vendor } = await pendingVendor();
    const noReason = await post(`/api/admin/vendor-applications/${vendor.id}/reject`, adminCookie, {
      reason: 'no',
    });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).error.fields.reason).toMatch(/at least 10 characters/);
    const res = await post(`/api/admin/vendor-applications/${vendor.id}/reject`, adminCookie, {
      reason: 'We could not verify your food-safety permit.',
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row).toMatchObject({
      status: 'rejected',
      verified: false,
      rejectionReason: 'We could not verify your food-safety permit.',
    });
    expect((await t.app.request(`/api/vendors/${vendor.id}`)).status).toBe(404);
    await t.services.mailer.deliver();
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, owner.email), eq(emailOutbox.kind, 'vendor-rejected')));
    expect(mail?.text).toContain('We could not verify your food-safety permit.');
    expect((await post('/api/admin/vendor-applications/nope/approve', adminCookie)).status).toBe(404);
  });
});

describe('users', () => {
  it('an admin bans a user (who can no longer sign in), unbans them, and non-admins cannot', async () => {
    const user = await createUser(t.database.db);
    expect((await post('/api/auth/admin/ban-user', customerCookie, { userId: user.id })).status).toBe(403);
    expect(
      (await post('/api/auth/admin/ban-user', adminCookie, { userId: user.id, banReason: 'spam' })).status,
    ).toBe(200);
    await expect(signIn(t.app, user.email)).rejects.toThrow(/403.*suspended/s);
    expect((await post('/api/auth/admin/unban-user', adminCookie, { userId: user.id })).status).toBe(200);
    expect(await signIn(t.app, user.email)).toContain('session_token');
  });

  it('an admin revokes all sessions of a user', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    expect((await t.app.request('/api/me/dashboard/customer', { headers: { Cookie: cookie } })).status).toBe(
      200,
    );
    expect(
      (await post('/api/auth/admin/revoke-user-sessions', adminCookie, { userId: user.id })).status,
    ).toBe(200);
    expect((await t.app.request('/api/me/dashboard/customer', { headers: { Cookie: cookie } })).status).toBe(
      401,
    );
  });
});

describe('administrator bootstrap', () => {
  it('creates an administrator, or promotes an existing account and sets its password', async () => {
    const db = t.database.db;
    const created = await ensureAdmin({ db, email: 'Boss@Example.test', password: 'a-very-long-secret' });
    expect(created.created).toBe(true);
    const cookie = await signIn(t.app, 'boss@example.test', 'a-very-long-secret');
    expect((await t.app.request('/api/admin/mailbox', { headers: { Cookie: cookie } })).status).toBe(200);

    const customer = await createUser(db);
    const promoted = await ensureAdmin({ db, email: customer.email, password: 'another-long-secret' });
    expect(promoted).toEqual({ userId: customer.id, created: false });
    const promotedCookie = await signIn(t.app, customer.email, 'another-long-secret');
    expect(
      (await t.app.request('/api/admin/vendor-applications', { headers: { Cookie: promotedCookie } })).status,
    ).toBe(200);
    await expect(ensureAdmin({ db, email: 'weak@example.test', password: 'short' })).rejects.toThrow(
      /12 characters/,
    );
  });
});
