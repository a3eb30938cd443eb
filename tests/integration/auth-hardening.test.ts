import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox, rateLimits, users, vendors } from '../../src/server/db/schema/index.ts';
import {
  VERIFICATION_EMAIL_INTERVAL_MS,
  verificationEmailKey,
} from '../../src/server/modules/auth/verification-throttle.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { TEST_PASSWORD, createUser, createVendor, signIn } from '../support/factories.ts';

const ORIGIN = 'http://localhost:3000';
/** What a browser sends with fetch(): Fetch Metadata makes Better Auth check the Origin even without a cookie. */
const browser = (origin = ORIGIN) => ({
  Origin: origin,
  'Sec-Fetch-Site': 'same-origin',
  'Sec-Fetch-Mode': 'cors',
  'Sec-Fetch-Dest': 'empty',
});
const post = (t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });

let n = 0;
const freshEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}@example.test`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const mailsTo = (email: string, kind?: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.to, email), eq(emailOutbox.kind, kind)) : eq(emailOutbox.to, email));

/** Counts the work a request does that takes time: password hashes and e-mails sent before it answers. */
async function countWork(request: () => Response | Promise<Response>) {
  const context = await t.services.auth.$context;
  const hash = vi.spyOn(context.password, 'hash');
  const send = vi.spyOn(t.services.mailer, 'send');
  const res = await request();
  const sent = await Promise.allSettled(send.mock.results.map((r) => r.value));
  const work = { status: res.status, hashes: hash.mock.calls.length, mails: sent.length };
  hash.mockRestore();
  send.mockRestore();
  return { res, work };
}

describe('sign-up never reveals an existing e-mail (finding 5)', () => {
  const customer = (email: string) => ({
    email,
    password: 'lemon-cake-1',
    name: 'Nia Park',
    firstName: 'Nia',
    lastName: 'Park',
    phone: '604 555 0100',
    ageConfirmed: true,
    callbackURL: '/auth?verified=1',
  });
  const comparable = (body: { token: unknown; user: Record<string, unknown> }) => {
    // Times of the request itself (the age box ticked, the activity) differ as createdAt does.
    const { id, createdAt, updatedAt, email, ageConfirmedAt, lastActiveAt, ...user } = body.user;
    expect(
      [id, createdAt, updatedAt, email, ageConfirmedAt, lastActiveAt].map((value) => typeof value),
    ).toEqual(Array(6).fill('string'));
    return { ...body, user };
  };

  it('answers a customer sign-up for an existing e-mail with the same body as for a new one', async () => {
    const owner = await createUser(t.database.db, { email: freshEmail('taken') });
    const fresh = await post(t, '/api/auth/sign-up/email', customer(freshEmail('fresh')));
    const taken = await post(t, '/api/auth/sign-up/email', customer(owner.email));
    expect([fresh.status, taken.status]).toEqual([200, 200]);
    const [a, b] = [await fresh.json(), await taken.json()];
    expect(Object.keys(b.user).sort()).toEqual(Object.keys(a.user).sort());
    expect(comparable(b)).toEqual(comparable(a));
    expect(a.user).toMatchObject({ role: 'user', userType: 'customer', emailVerified: false, banned: false });
  });

  it('does the same work for a customer sign-up whether or not the e-mail exists', async () => {
    const owner = await createUser(t.database.db, { email: freshEmail('taken') });
    const fresh = await countWork(() => post(t, '/api/auth/sign-up/email', customer(freshEmail('fresh'))));
    const taken = await countWork(() => post(t, '/api/auth/sign-up/email', customer(owner.email)));
    expect(fresh.work).toEqual({ status: 200, hashes: 1, mails: 1 });
    expect(taken.work).toEqual(fresh.work);
  });

  const application = (email: string) => ({
    businessName: 'Crumb & Co',
    email,
    phone: '604 555 0100',
    businessAddress: '1 Main St, Vancouver',
    location: 'vancouver',
    specialty: 'birthday',
    password: 'secret123',
    confirmAge: true,
    acceptAgreement: true,
  });

  it('does the same work for a vendor application whether or not the e-mail exists', async () => {
    const owner = await createUser(t.database.db, { email: freshEmail('taken-vendor') });
    const newEmail = freshEmail('new-vendor');
    const fresh = await countWork(() => post(t, '/api/vendor-applications', application(newEmail)));
    const taken = await countWork(() => post(t, '/api/vendor-applications', application(owner.email)));
    expect(fresh.work).toEqual({ status: 202, hashes: 1, mails: 1 });
    expect(taken.work).toEqual(fresh.work);
    expect(await taken.res.json()).toEqual(await fresh.res.json());
    // Both e-mails were written before the answer, so neither path answers sooner for want of one.
    expect(await mailsTo(newEmail, 'verify-email')).toHaveLength(1);
    expect(await mailsTo(owner.email, 'existing-account')).toHaveLength(1);
    const [ownerRow] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(ownerRow).toMatchObject({ userType: 'customer' });
    expect(await t.database.db.select().from(vendors).where(eq(vendors.userId, owner.id))).toHaveLength(0);
  });
});

describe('limits and formats for names and phone numbers (finding 7)', () => {
  const signUp = (fields: Record<string, unknown>) =>
    post(t, '/api/auth/sign-up/email', {
      email: freshEmail('limits'),
      password: 'lemon-cake-1',
      name: 'Nia Park',
      firstName: 'Nia',
      lastName: 'Park',
      ageConfirmed: true,
      ...fields,
    });

  it.each([
    ['a first name over 60 characters', 'firstName', 'N'.repeat(61), /at most 60/],
    ['a last name over 60 characters', 'lastName', 'P'.repeat(61), /at most 60/],
    ['a 10,000-character name', 'name', 'N'.repeat(10_000), /at most 121/],
    ['a phone number over 30 characters', 'phone', '6'.repeat(31), /too long/],
    ['a phone number with letters', 'phone', 'call me maybe', /valid phone/],
    ['an escape sequence in the last name', 'lastName', 'Park\u001b[31m', /control characters/],
    ['a carriage return in the name', 'name', 'Nia\rPark', /control characters/],
  ])('refuses a sign-up with %s, naming the field, and stores nothing', async (_, field, value, message) => {
    const email = freshEmail('refused');
    const res = await signUp({ email, [field]: value });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Please check the highlighted fields.',
    });
    expect(body.fields[field]).toMatch(message);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('stores names and phone numbers trimmed', async () => {
    const email = freshEmail('trimmed');
    expect(
      (
        await signUp({
          email,
          name: ' Nia Park ',
          firstName: ' Nia ',
          lastName: 'Park ',
          phone: ' 604 555 0100 ',
        })
      ).status,
    ).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({
      name: 'Nia Park',
      firstName: 'Nia',
      lastName: 'Park',
      phone: '604 555 0100',
    });
  });

  it('applies the same limits to a profile update', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    const update = (body: unknown) => post(t, '/api/auth/update-user', body, { Cookie: cookie });
    const long = await update({ firstName: 'N'.repeat(61) });
    expect(long.status).toBe(400);
    expect((await long.json()).fields.firstName).toMatch(/at most 60/);
    const badPhone = await update({ phone: '<script>' });
    expect(badPhone.status).toBe(400);
    expect((await badPhone.json()).fields.phone).toMatch(/valid phone/);
    expect((await update({ name: 'x'.repeat(1_000_000 / 4) })).status).toBe(400);
    expect((await update({ lastName: 'Lee\u0007' })).status).toBe(400);
    const ok = await update({
      name: 'Tess Lee',
      firstName: 'Tess',
      lastName: ' Lee ',
      phone: '+1 (604) 555-0199',
    });
    expect(ok.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      name: 'Tess Lee',
      firstName: 'Tess',
      lastName: 'Lee',
      phone: '+1 (604) 555-0199',
    });
  });

  it('refuses control characters in a vendor application with a field message', async () => {
    const res = await post(t, '/api/vendor-applications', {
      businessName: 'Crumb\u0007 & Co',
      email: freshEmail('ctrl-vendor'),
      phone: '604 555 0100',
      businessAddress: '1 Main St\u001b, Vancouver',
      location: 'vancouver',
      specialty: 'birthday',
      password: 'secret123',
      confirmAge: true,
      acceptAgreement: true,
    });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.fields).toMatchObject({
      businessName: expect.stringMatching(/control characters/),
      businessAddress: expect.stringMatching(/control characters/),
    });
  });
});

describe('verification e-mails on sign-in (finding 7)', () => {
  it('sends at most one new verification e-mail per address every 5 minutes, and always says why', async () => {
    const user = await createUser(t.database.db, { email: freshEmail('unverified'), emailVerified: false });
    const attempt = async () => {
      const res = await post(t, '/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD });
      expect(res.status).toBe(403);
      const body = await res.json();
      expect(body.code).toBe('EMAIL_NOT_VERIFIED');
      expect(body.message).toMatch(/not verified/i);
    };
    await attempt();
    await attempt();
    await attempt();
    expect(await mailsTo(user.email, 'verify-email')).toHaveLength(1);

    // Four minutes later: still the one e-mail.
    const key = verificationEmailKey(user.email);
    const shift = (ms: number) =>
      t.database.db
        .update(rateLimits)
        .set({ lastRequest: Date.now() - ms })
        .where(eq(rateLimits.key, key));
    await shift(4 * 60_000);
    await attempt();
    expect(await mailsTo(user.email, 'verify-email')).toHaveLength(1);

    await shift(VERIFICATION_EMAIL_INTERVAL_MS + 1000);
    await attempt();
    expect(await mailsTo(user.email, 'verify-email')).toHaveLength(2);
  });

  it('counts each address on its own', async () => {
    const a = await createUser(t.database.db, { email: freshEmail('unverified-a'), emailVerified: false });
    const b = await createUser(t.database.db, { email: freshEmail('unverified-b'), emailVerified: false });
    for (const u of [a, b, a, b]) {
      await post(t, '/api/auth/sign-in/email', { email: u.email, password: TEST_PASSWORD });
    }
    expect(await mailsTo(a.email, 'verify-email')).toHaveLength(1);
    expect(await mailsTo(b.email, 'verify-email')).toHaveLength(1);
  });
});

describe('sign-in from the other loopback name (finding 9)', () => {
  it('signs in from http://127.0.0.1 when PUBLIC_URL says localhost, in development', async () => {
    const dev = await createTestApp({ env: 'development', authRateLimitMax: 1000 });
    try {
      const user = await createUser(dev.database.db);
      for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000', ORIGIN]) {
        const res = await post(
          dev,
          '/api/auth/sign-in/email',
          { email: user.email, password: TEST_PASSWORD },
          browser(origin),
        );
        expect(res.status, origin).toBe(200);
      }
      const other = await post(
        dev,
        '/api/auth/sign-in/email',
        { email: user.email, password: TEST_PASSWORD },
        browser('http://127.0.0.1:4000'),
      );
      expect(other.status).toBe(403);
      expect((await other.json()).code).toBe('INVALID_ORIGIN');
    } finally {
      await dev.close();
    }
  });

  it('accepts only PUBLIC_URL itself in production, and says the origin is the problem', async () => {
    const prod = await createTestApp({ env: 'production', authRateLimitMax: 1000 });
    try {
      const user = await createUser(prod.database.db);
      const credentials = { email: user.email, password: TEST_PASSWORD };
      expect((await post(prod, '/api/auth/sign-in/email', credentials, browser(ORIGIN))).status).toBe(200);
      const other = await post(
        prod,
        '/api/auth/sign-in/email',
        credentials,
        browser('http://127.0.0.1:3000'),
      );
      expect(other.status).toBe(403);
      expect(await other.json()).toMatchObject({ code: 'INVALID_ORIGIN' });
    } finally {
      await prod.close();
    }
  });

  it('tells the browser the public address, so the sign-in form can say where to open Frosted', async () => {
    expect(await (await t.app.request('/api/config')).json()).toMatchObject({ publicUrl: ORIGIN });
  });
});

describe('vendor approval needs a confirmed e-mail (finding 12)', () => {
  it('refuses to approve a vendor whose e-mail is not confirmed, and approves once it is', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const adminCookie = await signIn(t.app, admin.email);
    const owner = await createUser(t.database.db, { userType: 'vendor', emailVerified: false });
    const vendor = await createVendor(t.database.db, {
      userId: owner.id,
      status: 'pending',
      verified: false,
    });
    const approve = () =>
      post(t, `/api/admin/vendor-applications/${vendor.id}/approve`, undefined, { Cookie: adminCookie });

    const refused = await approve();
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatchObject({
      code: 'CONFLICT',
      message: 'This vendor has not confirmed their e-mail address yet.',
    });
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, vendor.id));
    expect(row).toMatchObject({ status: 'pending', verified: false });
    expect(await mailsTo(owner.email)).toHaveLength(0);

    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.id));
    expect((await approve()).status).toBe(200);
  });

  it('still lets an admin reject an application whose e-mail is not confirmed', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const owner = await createUser(t.database.db, { userType: 'vendor', emailVerified: false });
    const vendor = await createVendor(t.database.db, {
      userId: owner.id,
      status: 'pending',
      verified: false,
    });
    const res = await post(
      t,
      `/api/admin/vendor-applications/${vendor.id}/reject`,
      { reason: 'We could not reach you by e-mail.' },
      { Cookie: await signIn(t.app, admin.email) },
    );
    expect(res.status).toBe(200);
  });
});
