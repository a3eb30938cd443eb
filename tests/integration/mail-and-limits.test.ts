import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createUser, signIn } from '../support/factories.ts';
import { startSmtpServer } from '../support/smtp.ts';

const ORIGIN = 'http://localhost:3000';
const post = (app: TestApp['app'], path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });

async function lastEmailTo(t: TestApp, to: string) {
  const [row] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

describe('e-mail verification and password reset (outbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('requires a verified e-mail to sign in, and the outbox link verifies it', async () => {
    const email = 'verify-me@example.test';
    const res = await post(t.app, '/api/auth/sign-up/email', {
      email,
      password: 'lemon-cake-1',
      name: 'Vera Lee',
      firstName: 'Vera',
      ageConfirmed: true,
      callbackURL: '/auth?verified=1',
    });
    expect(res.status).toBe(200);
    const mail = await lastEmailTo(t, email);
    expect(mail).toMatchObject({ kind: 'verify-email', subject: 'Confirm your e-mail for Frosted' });
    expect(mail!.text).toContain('Welcome to Frosted, Vera!');
    expect(mail!.html).toContain(mail!.link!.replace(/&/g, '&amp;'));

    const early = await post(t.app, '/api/auth/sign-in/email', { email, password: 'lemon-cake-1' });
    expect(early.status).toBe(403);
    expect((await early.json()).message).toMatch(/not verified/i);

    const url = new URL(mail!.link!);
    const verified = await t.app.request(url.pathname + url.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toContain('/auth?verified=1');
    expect(await signIn(t.app, email, 'lemon-cake-1')).toContain('session_token');
  });

  it('answers a reset request the same way for known and unknown e-mails, and the link works once', async () => {
    const user = await createUser(t.database.db, { email: 'forgetful@example.test' });
    const known = await post(t.app, '/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/reset-password',
    });
    const unknown = await post(t.app, '/api/auth/request-password-reset', {
      email: 'nobody@example.test',
      redirectTo: '/reset-password',
    });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await lastEmailTo(t, 'nobody@example.test')).toBeUndefined();

    const mail = await lastEmailTo(t, user.email);
    expect(mail?.kind).toBe('reset-password');
    const link = await t.app.request(new URL(mail!.link!).pathname + new URL(mail!.link!).search);
    expect(link.status).toBe(302);
    const token = new URL(link.headers.get('location')!, ORIGIN).searchParams.get('token')!;
    expect(token).toBeTruthy();

    expect(
      (await post(t.app, '/api/auth/reset-password', { newPassword: 'brand-new-pass', token })).status,
    ).toBe(200);
    expect(
      (await post(t.app, '/api/auth/reset-password', { newPassword: 'another-pass', token })).status,
    ).toBe(400);
    expect(await signIn(t.app, user.email, 'brand-new-pass')).toContain('session_token');
  });

  it('answers a sign-up for an existing e-mail like any other, and tells the owner by e-mail', async () => {
    const owner = await createUser(t.database.db, { email: 'already@example.test' });
    const res = await post(t.app, '/api/auth/sign-up/email', {
      email: owner.email,
      password: 'new-pass-123',
      name: 'Someone Else',
      ageConfirmed: true,
    });
    expect(res.status).toBe(200);
    const mail = await lastEmailTo(t, owner.email);
    expect(mail).toMatchObject({ kind: 'existing-account', subject: 'You already have a Frosted account' });
    expect(mail!.link).toBe('http://localhost:3000/forgot-password');
    expect(await signIn(t.app, owner.email)).toContain('session_token');
  });

  it('shows the outbox to admins only', async () => {
    const customer = await createUser(t.database.db);
    const admin = await createUser(t.database.db, { role: 'admin' });
    expect((await t.app.request('/api/admin/mailbox')).status).toBe(401);
    expect(
      (
        await t.app.request('/api/admin/mailbox', {
          headers: { Cookie: await signIn(t.app, customer.email) },
        })
      ).status,
    ).toBe(403);
    const res = await t.app.request('/api/admin/mailbox?to=verify-me@example.test', {
      headers: { Cookie: await signIn(t.app, admin.email) },
    });
    const body = await res.json();
    expect(body.mode).toBe('outbox');
    expect(body.emails[0]).toMatchObject({ to: 'verify-me@example.test', kind: 'verify-email' });
    expect(body.emails[0]).not.toHaveProperty('html');
    expect(await (await t.app.request('/api/config')).json()).toMatchObject({
      mail: 'outbox',
      google: false,
    });
  });
});

describe('e-mail over SMTP', () => {
  it('sends through SMTP_URL to a real SMTP server, outside the request, and records it as sent', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({ smtpUrl: smtp.url });
    try {
      expect(await (await t.app.request('/api/config')).json()).toMatchObject({ mail: 'smtp' });
      const res = await post(t.app, '/api/auth/sign-up/email', {
        email: 'smtp-user@example.test',
        password: 'secret-42',
        name: 'Sam Post',
        ageConfirmed: true,
      });
      expect(res.status).toBe(200);
      await expect.poll(() => smtp.messages.length).toBe(1);
      const mail = smtp.messages[0]!;
      expect(mail.subject).toBe('Confirm your e-mail for Frosted');
      expect(mail.from?.text).toContain('no-reply@frosted.test');
      expect(mail.text).toMatch(/\/api\/auth\/verify-email\?token=/);
      expect(mail.html).toContain('Confirm my e-mail');
      await t.services.mailer.drain();
      const [row, ...more] = await t.database.db.select().from(emailOutbox);
      expect(more).toHaveLength(0);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, kind: 'verify-email' });
      expect(row!.sentAt).toBeInstanceOf(Date);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('rate limits (every mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitMax: 3, trustProxy: true });
  });
  afterAll(() => t.close());

  it('limits sign-in attempts per client address, and says so', async () => {
    const user = await createUser(t.database.db);
    const from = { 'X-Forwarded-For': '203.0.113.7' };
    for (let i = 0; i < 3; i++) {
      const res = await post(
        t.app,
        '/api/auth/sign-in/email',
        { email: user.email, password: 'wrong-password' },
        from,
      );
      expect(res.status).toBe(401);
    }
    const limited = await post(
      t.app,
      '/api/auth/sign-in/email',
      { email: user.email, password: 'wrong-password' },
      from,
    );
    expect(limited.status).toBe(429);
    const other = await post(
      t.app,
      '/api/auth/sign-in/email',
      { email: user.email, password: 'wrong-password' },
      { 'X-Forwarded-For': '198.51.100.9' },
    );
    expect(other.status).toBe(401);
  });

  it('limits vendor applications and reset requests too', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.50' };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post(t.app, '/api/vendor-applications', { email: 'x' }, from)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const limited = await post(t.app, '/api/vendor-applications', {}, from);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await limited.json()).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a minute and try again.',
    });

    const resets: number[] = [];
    for (let i = 0; i < 4; i++) {
      resets.push(
        (
          await post(
            t.app,
            '/api/auth/request-password-reset',
            { email: 'a@example.test' },
            { 'X-Forwarded-For': '203.0.113.51' },
          )
        ).status,
      );
    }
    expect(resets).toEqual([200, 200, 200, 429]);
  });
});
