import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema/index.ts';
import { SIGN_IN_LOCKOUT } from '../../src/server/modules/auth/sign-in-lockout.ts';
import { MESSAGES } from '../../src/shared/errors.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { TEST_PASSWORD, createUser, signIn } from '../support/factories.ts';

const ORIGIN = 'http://localhost:3000';

const post = (t: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });

let n = 0;
const freshEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}@example.test`;
/** A different client address each time, as a proxy of ours would add it (the right-most entry). */
let hosts = 0;
const fromNewAddress = () => ({ 'X-Forwarded-For': `198.51.${Math.floor(++hosts / 250)}.${hosts % 250}` });

const signInWith = (t: TestApp, email: string, password: string, headers = fromNewAddress()) =>
  post(t, '/api/auth/sign-in/email', { email, password }, headers);

describe('client addresses behind a proxy (finding 5)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    [one, two] = await Promise.all([
      createTestApp({ trustProxy: true, authRateLimitMax: 3 }),
      createTestApp({ trustProxy: true, trustProxyHops: 2, authRateLimitMax: 3 }),
    ]);
  });
  afterAll(() => Promise.all([one?.close(), two?.close()]));

  it('limits sign-in by the address our proxy added, whatever the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const forged = { 'X-Forwarded-For': `10.0.${i}.1, 203.0.113.10` };
      statuses.push((await signInWith(one, freshEmail('nobody'), 'wrong-password', forged)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Someone else behind the same proxy is not held up.
    const other = { 'X-Forwarded-For': '10.0.0.1, 203.0.113.11' };
    expect((await signInWith(one, freshEmail('nobody'), 'wrong-password', other)).status).toBe(401);
  });

  it('limits our own routes by the same address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const forged = { 'X-Forwarded-For': `10.9.${i}.1, 203.0.113.12` };
      statuses.push((await post(one, '/api/vendor-applications', { email: 'x' }, forged)).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('with two proxies, takes the address the outer one saw', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      // The client forged the first entry; the edge proxy added the client; our balancer added the edge.
      const chain = { 'X-Forwarded-For': `10.0.${i}.1, 203.0.113.20, 10.1.${i}.1` };
      statuses.push((await signInWith(two, freshEmail('nobody'), 'wrong-password', chain)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('per-account sign-in lockout (finding 5)', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true, authRateLimitMax: 1000 }, { clock });
  });
  afterAll(() => t?.close());

  async function failTimes(email: string, times: number) {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) statuses.push((await signInWith(t, email, 'wrong-password')).status);
    return statuses;
  }

  it('refuses every password after five wrong ones from five addresses, then opens after a minute', async () => {
    const user = await createUser(t.database.db);
    expect(await failTimes(user.email, SIGN_IN_LOCKOUT.maxFailures)).toEqual(Array(5).fill(401));

    const refused = await signInWith(t, user.email, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.signInLocked(60) });
    expect(MESSAGES.signInLocked(60)).toMatch(/try again in 1 minute/);

    clock.advance(59_000);
    const stillLocked = await signInWith(t, user.email, TEST_PASSWORD);
    expect(stillLocked.status).toBe(429);
    expect(stillLocked.headers.get('retry-after')).toBe('1');

    clock.advance(1_000);
    expect((await signInWith(t, user.email, TEST_PASSWORD)).status).toBe(200);
    // A successful sign-in starts the count again.
    expect(await failTimes(user.email, 4)).toEqual(Array(4).fill(401));
    expect((await signInWith(t, user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('locks again after each next wrong password, twice as long each time, up to an hour', async () => {
    const user = await createUser(t.database.db);
    await failTimes(user.email, 5);
    const locks: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await signInWith(t, user.email, TEST_PASSWORD);
      expect(refused.status).toBe(429);
      const seconds = Number(refused.headers.get('retry-after'));
      locks.push(seconds);
      clock.advance(seconds * 1000);
      expect(await failTimes(user.email, 1)).toEqual([401]);
    }
    expect(locks).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });

  it('lets at most five of many simultaneous guesses through', async () => {
    const user = await createUser(t.database.db);
    const statuses = (
      await Promise.all(Array.from({ length: 20 }, () => signInWith(t, user.email, 'wrong-password')))
    ).map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect((await signInWith(t, user.email, TEST_PASSWORD)).status).toBe(429);
  });

  it('treats an e-mail without an account the same way', async () => {
    const email = freshEmail('nobody');
    expect(await failTimes(email, 6)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('ends the lockout when the owner resets the password', async () => {
    const user = await createUser(t.database.db);
    await failTimes(user.email, 5);
    expect((await signInWith(t, user.email, TEST_PASSWORD)).status).toBe(429);

    await post(t, '/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email), eq(emailOutbox.kind, 'reset-password')))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const link = new URL(mail!.link!);
    const opened = await t.app.request(link.pathname + link.search);
    const token = new URL(opened.headers.get('location')!, ORIGIN).searchParams.get('token')!;
    const reset = await post(t, '/api/auth/reset-password', { newPassword: 'brand-new-pass', token });
    expect(reset.status).toBe(200);
    expect((await signInWith(t, user.email, 'brand-new-pass')).status).toBe(200);
  });
});

describe('reading one’s own session and paying (findings 11 and 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimitMax: 1000 });
  });
  afterAll(() => t?.close());

  it('never limits reading one’s own session, however many tabs ask', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    const answers = await Promise.all(
      Array.from({ length: 120 }, () => t.app.request('/api/auth/get-session', { headers: { cookie } })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(120).fill(200));
    expect((await answers[119]!.json()).user.id).toBe(user.id);
  });

  it('counts card attempts per customer, so customers on one address do not block each other', async () => {
    const [first, second] = await Promise.all([createUser(t.database.db), createUser(t.database.db)]);
    const [firstCookie, secondCookie] = [await signIn(t.app, first.email), await signIn(t.app, second.email)];
    const attempt = (cookie: string) =>
      post(t, '/api/payments/no-such-payment/sandbox-confirmation', {}, { cookie });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await attempt(firstCookie)).status);
    expect(statuses.slice(0, 20)).not.toContain(429);
    expect(statuses[20]).toBe(429);
    expect((await attempt(secondCookie)).status).not.toBe(429);
  });
});
