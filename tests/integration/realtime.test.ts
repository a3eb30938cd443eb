import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { serve, type ServerType } from '@hono/node-server';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEvents } from '../../src/server/db/schema/index.ts';
import { publish } from '../../src/server/modules/notifications/index.ts';
import { INLINE_EMAIL_RECIPIENTS } from '../../src/server/modules/notifications/publish.ts';
import {
  MAX_STREAMS_PER_USER,
  NOTIFICATION_TYPES,
  type NotificationType,
  type UnreadCounts,
} from '../../src/shared/schemas/notifications.ts';
import { createTestApp, testConfig, type TestApp } from '../support/app.ts';
import { createOrder, createUser, createVendor, signIn } from '../support/factories.ts';
import { readSse, type SseReader } from '../support/sse.ts';

/**
 * The event stream GET /api/me/events: each user's own notifications only, live and after a
 * reconnection (Last-Event-ID), the unread counts, the heartbeat, the per-user limit, the end of a
 * session; and the bus under it, in one process (PGlite or PostgreSQL) and across two processes.
 */
let t: TestApp;
const ORIGIN = 'http://localhost:3000';
const users = { a: { id: '', cookie: '' }, b: { id: '', cookie: '' }, vendor: { id: '', cookie: '' } };
let vendorId = '';
const open: SseReader[] = [];

/** Two customers and a vendor with no notifications yet (each round of the stream's tests has its own). */
async function freshUsers() {
  const db = t.database.db;
  for (const key of ['a', 'b'] as const) {
    const user = await createUser(db);
    users[key] = { id: user.id, cookie: await signIn(t.app, user.email) };
  }
  const owner = await createUser(db, { userType: 'vendor' });
  vendorId = (await createVendor(db, { userId: owner.id })).id;
  users.vendor = { id: owner.id, cookie: await signIn(t.app, owner.email) };
}

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  await freshUsers();
});
afterAll(async () => {
  for (const s of open) await s.cancel();
  await t.close();
});

/** Set while the app is served by Node on a loopback port: streams are then opened over HTTP. */
let nodeUrl: string | undefined;

async function connect(
  cookie: string,
  { lastEventId, query }: { lastEventId?: string; query?: string } = {},
) {
  const init = {
    headers: { Cookie: cookie, ...(lastEventId !== undefined && { 'Last-Event-ID': lastEventId }) },
  };
  const path = `/api/me/events${query ?? ''}`;
  const res = nodeUrl ? await fetch(`${nodeUrl}${path}`, init) : await t.app.request(path, init);
  expect(res.status).toBe(200);
  const sse = readSse(res);
  open.push(sse);
  return { res, sse };
}

/** Stores one notification for the user (as a service would, in a transaction) and returns its id. */
async function notify(userId: string, type: NotificationType = 'order.statusChanged'): Promise<string> {
  const db = t.database.db;
  await db.transaction((tx) => publish(tx, { type, userIds: [userId], refs: {} }));
  const [row] = await db
    .select({ id: userEvents.id })
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.id))
    .limit(1);
  return String(row!.id);
}

/** A signed-in user with one notification seen (`before`) and `missed` more after it. */
async function userWhoMissed(missed: number) {
  const user = await createUser(t.database.db);
  const cookie = await signIn(t.app, user.email);
  const before = await notify(user.id);
  await t.database.db.transaction(async (tx) => {
    for (let i = 0; i < missed; i++)
      await publish(tx, { type: 'order.statusChanged', userIds: [user.id], refs: {} });
  });
  return { user, cookie, before };
}

const isNotification = (id: string) => (e: { event?: string; id?: string }) =>
  e.event === 'notification' && e.id === id;

/** More people than a publication e-mails from its own statement: the fan-out's way through publish. */
const FAN_OUT = INLINE_EMAIL_RECIPIENTS + 20;

/**
 * An order's customer, its vendor's owner and `others` more people, each signed in (cookies good on
 * any process of this database): the audience of a fan-out whose words differ by side.
 */
async function audience(others: number) {
  const db = t.database.db;
  const customer = await createUser(db, { firstName: 'Maya', lastName: 'Lee' });
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id, businessName: 'Fan-out Bakery' });
  const order = await createOrder(db, { customerId: customer.id, vendorId: vendor.id, status: 'confirmed' });
  const people = [customer, owner];
  for (let i = 0; i < others; i++) people.push(await createUser(db));
  const cookies = [];
  for (const person of people) cookies.push(await signIn(t.app, person.email));
  return { order, customerId: customer.id, ids: people.map((p) => p.id), cookies };
}

/**
 * Publishes one payment for everyone, then checks each stream got exactly its own user's row, in
 * the words of its side of the order, followed by that user's counts.
 */
async function expectFanOut(
  { order, customerId, ids }: Awaited<ReturnType<typeof audience>>,
  streams: SseReader[],
) {
  const db = t.database.db;
  await db.transaction((tx) =>
    publish(tx, { type: 'payment.captured', userIds: ids, refs: { orderId: order.id, amount: 10_000 } }),
  );
  const rows = await db
    .select({ id: userEvents.id, userId: userEvents.userId })
    .from(userEvents)
    .where(and(inArray(userEvents.userId, ids), eq(userEvents.type, 'payment.captured')));
  const mine = new Map(rows.map((r) => [r.userId, String(r.id)]));
  expect(mine.size).toBe(ids.length);
  for (const [i, sse] of streams.entries()) {
    const userId = ids[i]!;
    const live = await sse.until((e) => e.event === 'notification');
    expect(live.id).toBe(mine.get(userId));
    expect(JSON.parse(live.data!)).toMatchObject(
      userId === customerId
        ? { id: mine.get(userId), title: `Payment received for order ${order.orderNumber}` }
        : { id: mine.get(userId), title: `Order ${order.orderNumber} is paid` },
    );
    const counts = await sse.until((e) => e.event === 'unread');
    expect(JSON.parse(counts.data!)).toEqual({ notifications: 1, messages: 0 });
    expect(sse.notifications()).toHaveLength(1);
  }
}

/**
 * In process (app.request: the body is a web stream), and served by Node as in production, where a
 * stream writes to the Node response itself once the body has gone out (stream-connection.ts).
 */
describe.each([
  ['in process', false],
  ['served by Node', true],
])('the event stream, %s', (_, overNode) => {
  let server: ServerType | undefined;
  beforeAll(async () => {
    if (!overNode) return;
    await freshUsers();
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    nodeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (!server) return;
    for (const s of open.splice(0)) await s.cancel();
    nodeUrl = undefined;
    (server as Server).closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
  });

  it('answers with the stream headers, never compressed, then retry and the unread counts with a starting id', async () => {
    const res = await t.app.request('/api/me/events', {
      headers: { Cookie: users.a.cookie, 'Accept-Encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('connection')).toBe('keep-alive');
    expect(res.headers.get('content-encoding')).toBeNull();
    const sse = readSse(res);
    open.push(sse);
    expect(await sse.next()).toEqual({ retry: 1000 });
    const unread = (await sse.next())!;
    expect(unread.event).toBe('unread');
    expect(unread.id).toMatch(/^\d+$/);
    expect(JSON.parse(unread.data!)).toEqual({ notifications: 0, messages: 0 } satisfies UnreadCounts);
    await sse.cancel();
  });

  it('is for signed-in users; a malformed Last-Event-ID is a 400', async () => {
    expect((await t.app.request('/api/me/events')).status).toBe(401);
    const bad = await t.app.request('/api/me/events', {
      headers: { Cookie: users.a.cookie, 'Last-Event-ID': 'x1' },
    });
    expect(bad.status).toBe(400);
    expect(
      (await t.app.request('/api/me/events?lastEventId=-1', { headers: { Cookie: users.a.cookie } })).status,
    ).toBe(400);
  });

  it("never carries another user's notification, whatever its type", async () => {
    const a = (await connect(users.a.cookie)).sse;
    const b = (await connect(users.b.cookie)).sse;
    const aIds: string[] = [];
    const bIds: string[] = [];
    for (const type of NOTIFICATION_TYPES) {
      aIds.push(await notify(users.a.id, type));
      // B's own marker, published after A's: once B has it, A's would have arrived before it.
      const marker = await notify(users.b.id, 'message.received');
      bIds.push(marker);
      await b.until(isNotification(marker));
    }
    await a.until(isNotification(aIds.at(-1)!));
    expect(a.notifications().map((n) => n.id)).toEqual(aIds);
    expect(a.notifications().map((n) => n.type)).toEqual([...NOTIFICATION_TYPES]);
    expect(b.notifications().map((n) => n.id)).toEqual(bIds);
    // The counts follow the notifications.
    const counts = await a.until((e) => e.event === 'unread');
    expect(JSON.parse(counts.data!)).toEqual({ notifications: NOTIFICATION_TYPES.length, messages: 0 });

    // A heartbeat comment reaches every open stream.
    await t.services.streams.beat();
    expect(await a.until((e) => e.comment !== undefined)).toEqual({ comment: 'heartbeat' });
    expect(await b.until((e) => e.comment !== undefined)).toEqual({ comment: 'heartbeat' });
    await a.cancel();
    await b.cancel();
  });

  it('a real message reaches the other side live with the new counts, and nothing reaches its sender', async () => {
    const vendor = (await connect(users.vendor.cookie)).sse;
    const customer = (await connect(users.a.cookie)).sse;
    const started = await t.app.request('/api/me/conversations', {
      method: 'POST',
      headers: { Cookie: users.a.cookie, Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ vendorId }),
    });
    const { id: conversationId } = (await started.json()) as { id: string };
    const sent = await t.app.request(`/api/me/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { Cookie: users.a.cookie, Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'Is the 14th free?' }),
    });
    expect(sent.status).toBe(201);
    const live = await vendor.until((e) => e.event === 'notification');
    expect(JSON.parse(live.data!)).toMatchObject({
      type: 'message.received',
      body: 'Is the 14th free?',
      link: `/messages?c=${conversationId}`,
      read: false,
    });
    const counts = await vendor.until((e) => e.event === 'unread');
    expect(JSON.parse(counts.data!)).toEqual({ notifications: 1, messages: 1 });

    // Reading the conversation and the notification: the counts go down on the open stream.
    await t.app.request(`/api/me/conversations/${conversationId}/read`, {
      method: 'POST',
      headers: { Cookie: users.vendor.cookie, Origin: ORIGIN },
    });
    expect(JSON.parse((await vendor.until((e) => e.event === 'unread')).data!)).toEqual({
      notifications: 1,
      messages: 0,
    });
    await t.app.request('/api/me/notifications/read-all', {
      method: 'POST',
      headers: { Cookie: users.vendor.cookie, Origin: ORIGIN },
    });
    expect(JSON.parse((await vendor.until((e) => e.event === 'unread')).data!)).toEqual({
      notifications: 0,
      messages: 0,
    });

    // The sender's own stream: a marker of A's arrives with nothing of the message before it.
    const marker = await notify(users.a.id);
    await customer.until(isNotification(marker));
    expect(customer.notifications().map((n) => n.id)).toEqual([marker]);
    await vendor.cancel();
    await customer.cancel();
  });

  it(`one notification for ${FAN_OUT} people reaches each one's own stream, in the words of their side, with their counts`, async () => {
    const people = await audience(FAN_OUT - 2);
    const streams: SseReader[] = [];
    for (const cookie of people.cookies) {
      const { sse } = await connect(cookie);
      await sse.until((e) => e.event === 'unread');
      streams.push(sse);
    }
    await expectFanOut(people, streams);
    for (const sse of streams) await sse.cancel();
  }, 120_000);

  it('a reconnection with Last-Event-ID gets what it missed, once, then the live ones', async () => {
    const first = (await connect(users.b.cookie)).sse;
    const n1 = await notify(users.b.id);
    await first.until(isNotification(n1));
    await first.cancel();
    const n2 = await notify(users.b.id, 'quote.answered');
    const n3 = await notify(users.b.id, 'refund.sent');

    const again = (await connect(users.b.cookie, { lastEventId: n1 })).sse;
    expect(await again.next()).toEqual({ retry: 1000 });
    expect((await again.next())!.id).toBe(n2);
    expect((await again.next())!.id).toBe(n3);
    expect((await again.next())!.event).toBe('unread');
    const n4 = await notify(users.b.id);
    const n5 = await notify(users.b.id);
    await again.until(isNotification(n5));
    expect(again.notifications().map((n) => n.id)).toEqual([n2, n3, n4, n5]);
    await again.cancel();

    // The same with ?lastEventId= (a client that cannot set the header), which wins over the header.
    const byQuery = (await connect(users.b.cookie, { query: `?lastEventId=${n3}`, lastEventId: n1 })).sse;
    const n6 = await notify(users.b.id);
    await byQuery.until(isNotification(n6));
    expect(byQuery.notifications().map((n) => n.id)).toEqual([n4, n5, n6]);
    await byQuery.cancel();
  });

  it('sends live notifications after a long replay, in order, each once', async () => {
    // More missed than the server takes from the body at once: the replay drains while new ones come.
    const { user, cookie, before } = await userWhoMissed(40);
    const sse = (await connect(cookie, { lastEventId: before })).sse;
    const live: string[] = [];
    for (let i = 0; i < 3; i++) live.push(await notify(user.id));
    await sse.until(isNotification(live.at(-1)!));
    const ids = sse.notifications().map((n) => BigInt(n.id));
    expect(ids).toHaveLength(43);
    expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : 1)));
    expect(new Set(ids).size).toBe(43);
    await sse.cancel();
  });

  it('replays at most the newest 200 missed, oldest first', async () => {
    const { user, cookie, before } = await userWhoMissed(205);
    const last = await notify(user.id);
    const sse = (await connect(cookie, { lastEventId: before })).sse;
    const unread = await sse.until((e) => e.event === 'unread');
    const replayed = sse.notifications().map((n) => BigInt(n.id));
    expect(replayed).toHaveLength(200);
    expect(String(replayed.at(-1))).toBe(last);
    expect(replayed).toEqual([...replayed].sort((x, y) => (x < y ? -1 : 1)));
    expect(JSON.parse(unread.data!)).toMatchObject({ notifications: 207 });
    await sse.cancel();
  });

  it(`keeps ${MAX_STREAMS_PER_USER} streams per user: the oldest makes way`, async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email);
    const streams: SseReader[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER + 1; i++) streams.push((await connect(cookie)).sse);
    await streams[0]!.ended();
    expect(t.services.streams.count(user.id)).toBe(MAX_STREAMS_PER_USER);
    const id = await notify(user.id);
    for (const s of streams.slice(1)) await s.until(isNotification(id));
    for (const s of streams) await s.cancel();
  });

  it('ends when the session does (signed out), at the next heartbeat; other sessions stay', async () => {
    const user = await createUser(t.database.db);
    const kept = await signIn(t.app, user.email);
    const leaving = await signIn(t.app, user.email);
    const stays = (await connect(kept)).sse;
    const goes = (await connect(leaving)).sse;
    await goes.until((e) => e.event === 'unread');
    const out = await t.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { Cookie: leaving, Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    await t.services.streams.beat();
    await goes.ended();
    expect(await stays.until((e) => e.comment !== undefined)).toEqual({ comment: 'heartbeat' });
    const id = await notify(user.id);
    await stays.until(isNotification(id));
    await stays.cancel();
  });
});

describe('the bus under it', () => {
  it('LISTEN/NOTIFY through database.listen; a rolled-back transaction tells nobody', async () => {
    const db = t.database.db;
    const heard: string[] = [];
    let wake: (() => void) | undefined;
    const unlisten = await t.database.listen('frosted_test_channel', (payload) => {
      heard.push(payload);
      wake?.();
    });
    const waitFor = (payload: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${payload} within 10 s`)), 10_000);
        const check = () => {
          if (!heard.includes(payload)) return;
          clearTimeout(timer);
          resolve();
        };
        wake = check;
        check();
      });
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_notify('frosted_test_channel', 'rolled back')`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.transaction((tx) => tx.execute(sql`SELECT pg_notify('frosted_test_channel', 'committed')`));
    await waitFor('committed');
    expect(heard).toEqual(['committed']);
    await unlisten();
  });

  it("a fan-out's signals go as a few pages under PostgreSQL's 8,000 bytes, each saying how many", async () => {
    const db = t.database.db;
    // Long ids: 60 people's signals fill several pages.
    const ids: string[] = [];
    for (let i = 0; i < 60; i++)
      ids.push((await createUser(db, { id: `fan-${i}-${'x'.repeat(300)}`, password: null })).id);
    const payloads: string[] = [];
    let lastCame!: () => void;
    const lastPage = new Promise<void>((resolve) => (lastCame = resolve));
    const unlisten = await t.database.listen('frosted_user_events', (payload) => {
      payloads.push(payload);
      if (payloads.length === (JSON.parse(payload) as { pages: number }).pages) lastCame();
    });
    await db.transaction((tx) => publish(tx, { type: 'order.statusChanged', userIds: ids, refs: {} }));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      lastPage,
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error('no last page in 10 s')), 10_000)),
      ),
    ]).finally(() => clearTimeout(timer));
    await unlisten();
    const pages = payloads.map((p) => JSON.parse(p) as { signals: [string, string][]; pages: number });
    expect(pages.length).toBeGreaterThan(2);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8_000);
    expect(pages.map((p) => p.pages)).toEqual(pages.map(() => pages.length));
    const rows = await db
      .select({ id: userEvents.id, userId: userEvents.userId })
      .from(userEvents)
      .where(inArray(userEvents.userId, ids))
      .orderBy(userEvents.id);
    const signals = pages.flatMap((p) => p.signals).sort((a, b) => Number(a[1]) - Number(b[1]));
    expect(signals).toEqual(rows.map((r) => [r.userId, String(r.id)]));
  });

  it('closing the bus (shutdown) ends every stream; new ones are refused with 503', async () => {
    const other = await createTestApp();
    const user = await createUser(other.database.db);
    const cookie = await signIn(other.app, user.email);
    const res = await other.app.request('/api/me/events', { headers: { Cookie: cookie } });
    const sse = readSse(res);
    await sse.until((e) => e.event === 'unread');
    await other.services.events.close();
    await sse.ended();
    const refused = await other.app.request('/api/me/events', { headers: { Cookie: cookie } });
    expect(refused.status).toBe(503);
    await other.close();
  });
});

const serverUrl = process.env.DATABASE_URL;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

describe.runIf(serverUrl)('the listening connection on PostgreSQL', () => {
  it('comes back after the server ends it; its streams end so clients catch up, and no error escapes', async () => {
    const crashes: unknown[] = [];
    const onCrash = (err: unknown) => void crashes.push(err);
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    try {
      const before = (await connect(users.b.cookie)).sse;
      await before.until((e) => e.event === 'unread');
      await t.database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      // Reconnected (after a short backoff): the streams end, and a client reconnecting with its
      // Last-Event-ID is sent what was published while nobody listened.
      await before.ended();
      const missed = await notify(users.b.id);
      const after = (await connect(users.b.cookie, { lastEventId: String(BigInt(missed) - 1n) })).sse;
      await after.until(isNotification(missed));
      const live = await notify(users.b.id);
      await after.until(isNotification(live));
      await after.cancel();
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', onCrash);
      process.off('unhandledRejection', onCrash);
    }
  });
});

/**
 * Process B is the real server (src/server/main.ts) in a child process on the same PostgreSQL
 * database; this test's app is process A. A stream opened on B hears what A publishes.
 */
describe.runIf(serverUrl)('two server processes on one PostgreSQL database', () => {
  let child: ChildProcess | undefined;
  let dataDir = '';
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('clients of process B receive what process A publishes (one user, or a fan-out), and B ends its streams when it shuts down', async () => {
    const url = (t.database as { url?: string }).url!;
    const port = await freePort();
    dataDir = await mkdtemp(path.join(tmpdir(), 'frosted-b-'));
    child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        PUBLIC_URL: ORIGIN,
        AUTH_SECRET: testConfig().authSecret,
        SEED_ON_FIRST_RUN: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const deadline = performance.now() + 60_000;
    for (;;) {
      if (performance.now() > deadline) throw new Error('process B did not start');
      const line = await lines.next();
      if (line.done) throw new Error('process B ended before it was ready');
      if (String(line.value).includes('Frosted is ready')) break;
    }

    // The vendor listens on B (sessions live in the database; the cookie is signed with the shared secret).
    const res = await fetch(`http://127.0.0.1:${port}/api/me/events`, {
      headers: { Cookie: users.vendor.cookie },
      signal: AbortSignal.timeout(60_000),
    });
    expect(res.status).toBe(200);
    const sse = readSse(res);
    await sse.until((e) => e.event === 'unread');

    // The customer writes on A.
    const started = await t.app.request('/api/me/conversations', {
      method: 'POST',
      headers: { Cookie: users.b.cookie, Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ vendorId }),
    });
    const { id: conversationId } = (await started.json()) as { id: string };
    await t.app.request(`/api/me/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { Cookie: users.b.cookie, Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'Hello from process A' }),
    });
    const live = await sse.until((e) => e.event === 'notification');
    expect(JSON.parse(live.data!)).toMatchObject({ type: 'message.received', body: 'Hello from process A' });

    // A fan-out published on A reaches every stream B holds, each with its own user's row and words.
    const people = await audience(FAN_OUT - 2);
    const streams: SseReader[] = [];
    for (const cookie of people.cookies) {
      const opened = await fetch(`http://127.0.0.1:${port}/api/me/events`, {
        headers: { Cookie: cookie },
        signal: AbortSignal.timeout(60_000),
      });
      expect(opened.status).toBe(200);
      const stream = readSse(opened);
      await stream.until((e) => e.event === 'unread');
      streams.push(stream);
    }
    await expectFanOut(people, streams);
    for (const stream of streams) await stream.cancel();

    child.kill('SIGTERM');
    await sse.ended();
    expect(await exited).toBe(0);
  }, 180_000);
});
