import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Server as HttpServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect as tcpConnect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { serve } from '@hono/node-server';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEvents } from '../../src/server/db/schema/index.ts';
import { publish } from '../../src/server/modules/notifications/index.ts';
import { MESSAGES } from '../../src/shared/errors.ts';
import { createTestApp, testConfig, type TestApp } from '../support/app.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';
import { readSse, type SseReader } from '../support/sse.ts';

/**
 * Issue 22, items 6 and 9. A body refused for its size (or unread by the route that refused it) is
 * answered every time, on a real keep-alive connection, and the connection stays usable. An event
 * stream ends the moment its session ends or its user is banned, in this process or another, while
 * the user's other sessions keep theirs.
 */
let t: TestApp;
let server: ReturnType<typeof serve>;
let port = 0;
let cookie = '';
let vendorId = '';
const ORIGIN = 'http://localhost:3000';
const MB = 1024 * 1024;
const open: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  port = (server.address() as { port: number }).port;
  const user = await createUser(t.database.db);
  cookie = await signIn(t.app, user.email);
  vendorId = (await createVendor(t.database.db)).id;
});
afterAll(async () => {
  for (const s of open) await s.cancel();
  (server as HttpServer).closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

/** A JSON body of 2–3 MB, a different size each time. */
const bigJson = (i: number) => {
  const size = 2 * MB + ((i * 37_813) % MB);
  return Buffer.from(JSON.stringify({ vendorId: 'v', pad: 'x'.repeat(size) }));
};

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One whole response at the start of `buf` and its length in bytes, or null while more is to come. */
function parseResponse(buf: Buffer): { response: RawResponse; length: number } | null {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine, ...lines] = buf.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine!.split(' ')[1]);
  let at = headEnd + 4;
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = buf.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = parseInt(buf.subarray(at, lineEnd).toString('latin1'), 16);
      if (buf.length < lineEnd + 2 + size + 2) return null;
      parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
      if (size === 0) break;
    }
    return { response: { status, headers, body: Buffer.concat(parts).toString() }, length: at };
  }
  const length = Number(headers['content-length'] ?? 0);
  if (buf.length < at + length) return null;
  return {
    response: { status, headers, body: buf.subarray(at, at + length).toString() },
    length: at + length,
  };
}

/** How long a raw request waits for its answer before failing (a bound, never a sleep). */
const RESPONSE_WAIT_MS = 10_000;

/**
 * A keep-alive HTTP/1.1 client on a raw socket, as a proxy or a load balancer speaks to us: it sends
 * the next request on the same connection as soon as it has the answer, and opens a new connection
 * only when the server said `Connection: close`. A connection that closes without an answer fails.
 */
function rawClient() {
  let socket: Socket | undefined;
  let buffer = Buffer.alloc(0);
  let closed = false;
  let wake: (() => void) | undefined;
  let connections = 0;

  async function connect() {
    const s = tcpConnect(port, '127.0.0.1');
    await once(s, 'connect');
    connections++;
    buffer = Buffer.alloc(0);
    closed = false;
    s.on('data', (d: Buffer) => {
      if (s !== socket) return;
      buffer = Buffer.concat([buffer, d]);
      wake?.();
    });
    s.on('close', () => {
      if (s !== socket) return;
      closed = true;
      wake?.();
    });
    s.on('error', () => {});
    socket = s;
  }

  async function response(): Promise<RawResponse> {
    const deadline = performance.now() + RESPONSE_WAIT_MS;
    for (;;) {
      const parsed = parseResponse(buffer);
      if (parsed) {
        buffer = buffer.subarray(parsed.length);
        return parsed.response;
      }
      if (closed) throw new Error('the server closed the connection without answering');
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no answer within ${RESPONSE_WAIT_MS} ms`)),
          Math.max(0, deadline - performance.now()),
        );
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    /** Sends one request (the body whole with its length, or in chunks without one) and reads the answer. */
    async request(
      method: string,
      target: string,
      {
        headers = {},
        body,
        chunked = false,
      }: { headers?: Record<string, string>; body?: Buffer; chunked?: boolean },
    ): Promise<RawResponse> {
      if (!socket || closed) await connect();
      const all: Record<string, string> = { Host: `127.0.0.1:${port}`, Connection: 'keep-alive', ...headers };
      if (body && chunked) all['Transfer-Encoding'] = 'chunked';
      else if (body) all['Content-Length'] = String(body.length);
      const head = `${method} ${target} HTTP/1.1\r\n${Object.entries(all)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n`;
      socket!.write(head);
      if (body && chunked) {
        for (let at = 0; at < body.length; at += 64 * 1024) {
          const chunk = body.subarray(at, at + 64 * 1024);
          socket!.write(`${chunk.length.toString(16)}\r\n`);
          socket!.write(chunk);
          socket!.write('\r\n');
        }
        socket!.write('0\r\n\r\n');
      } else if (body) socket!.write(body);
      const res = await response();
      if (res.headers.connection?.toLowerCase() === 'close') socket!.destroy();
      return res;
    },
    /** Connections opened so far. */
    connections: () => connections,
    close: () => socket?.destroy(),
  };
}

function expectTooLarge(res: { status: number; body: string }) {
  expect(res.status).toBe(413);
  expect(JSON.parse(res.body)).toEqual({
    error: { code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.payloadTooLarge },
  });
}

/** A normal request on a connection of its own: the server is still well after the refusals. */
async function expectServerWell() {
  const client = rawClient();
  const res = await client.request('POST', '/api/me/conversations', {
    headers: { Cookie: cookie, Origin: ORIGIN, 'Content-Type': 'application/json' },
    body: Buffer.from(JSON.stringify({ vendorId })),
  });
  client.close();
  expect(res.status).toBe(201);
  expect(JSON.parse(res.body)).toMatchObject({ id: expect.any(String) });
}

describe('a body over the limit on a real keep-alive connection', () => {
  it('fetch (undici, keep-alive): 30 JSON bodies of 2–3 MB are each answered 413 with the error body', async () => {
    const failures: string[] = [];
    for (let i = 0; i < 30; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/me/conversations`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
          body: bigJson(i),
          signal: AbortSignal.timeout(RESPONSE_WAIT_MS),
        });
        expectTooLarge({ status: res.status, body: await res.text() });
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause;
        failures.push(`#${i}: ${cause?.code ?? String(err)}`);
      }
    }
    expect(failures).toEqual([]);
    await expectServerWell();
  });

  it('a raw keep-alive client: 30 bodies with a Content-Length, all answered 413 on one connection', async () => {
    const client = rawClient();
    for (let i = 0; i < 30; i++) {
      const res = await client.request('POST', '/api/me/conversations', {
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
        body: bigJson(i),
      });
      expectTooLarge(res);
    }
    // The refused bodies were read to their end: the connection served every request.
    expect(client.connections()).toBe(1);
    client.close();
    await expectServerWell();
  });

  it('a raw keep-alive client: 30 chunked bodies without a length, all answered 413 on one connection', async () => {
    const client = rawClient();
    for (let i = 0; i < 30; i++) {
      const res = await client.request('POST', '/api/me/conversations', {
        headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
        body: bigJson(i),
        chunked: true,
      });
      expectTooLarge(res);
    }
    expect(client.connections()).toBe(1);
    client.close();
    await expectServerWell();
  });

  it('a body a route refuses without reading it (401 before the upload is looked at) is answered too', async () => {
    const client = rawClient();
    const upload = Buffer.alloc(2 * MB + 12_345, 'x');
    for (let i = 0; i < 10; i++) {
      const res = await client.request('POST', '/api/me/conversations/c1/messages', {
        headers: { 'Content-Type': 'multipart/form-data; boundary=frosted', Origin: ORIGIN },
        body: upload,
      });
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
    expect(client.connections()).toBe(1);
    client.close();
  });

  it('a body declared past what the server will read is refused at once, and the connection closed', async () => {
    const client = rawClient();
    // Only the head is sent: the answer cannot wait for 100 MB, and must say the connection ends.
    const res = await client.request('POST', '/api/me/conversations', {
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'Content-Length': String(100 * MB) },
    });
    expectTooLarge(res);
    expect(res.headers.connection).toBe('close');
    client.close();
    await expectServerWell();
  });
});

/** Stores one notification for the user, as a service would, and returns its id. */
async function notify(userId: string): Promise<string> {
  const db = t.database.db;
  await db.transaction((tx) => publish(tx, { type: 'order.statusChanged', userIds: [userId], refs: {} }));
  const [row] = await db
    .select({ id: userEvents.id })
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.id))
    .limit(1);
  return String(row!.id);
}

/** An open stream, read past its opening events. */
async function stream(sessionCookie: string, base?: string) {
  const res = base
    ? await fetch(`${base}/api/me/events`, {
        headers: { Cookie: sessionCookie },
        signal: AbortSignal.timeout(60_000),
      })
    : await t.app.request('/api/me/events', { headers: { Cookie: sessionCookie } });
  expect(res.status).toBe(200);
  const sse = readSse(res);
  open.push(sse);
  await sse.until((e) => e.event === 'unread');
  return sse;
}

/**
 * Waits for the stream's end and proves the end was not the heartbeat's session check: that check
 * sends the heartbeat comment first, so a stream it ended shows one after `from`.
 */
async function expectEndedAtOnce(sse: SseReader, from: number) {
  await sse.ended();
  expect(sse.seen.slice(from).filter((e) => e.comment === 'heartbeat')).toEqual([]);
}

async function expectStillOpen(sse: SseReader, userId: string) {
  const id = await notify(userId);
  await sse.until((e) => e.event === 'notification' && e.id === id);
}

const authPost = (path: string, sessionCookie: string, body: unknown = {}) =>
  t.app.request(`/api/auth${path}`, {
    method: 'POST',
    headers: { Cookie: sessionCookie, Origin: ORIGIN, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('event streams end with the session or the account', () => {
  it("sign-out ends that session's stream at once; the same user's other session keeps its own", async () => {
    const user = await createUser(t.database.db);
    const kept = await stream(await signIn(t.app, user.email));
    const leaving = await signIn(t.app, user.email);
    const goes = await stream(leaving);
    const from = goes.seen.length;
    expect((await authPost('/sign-out', leaving)).status).toBe(200);
    await expectEndedAtOnce(goes, from);
    await expectStillOpen(kept, user.id);
  });

  it('revoking the other sessions ends their streams at once, not this one', async () => {
    const user = await createUser(t.database.db);
    const here = await signIn(t.app, user.email);
    const mine = await stream(here);
    const elsewhere = [
      await stream(await signIn(t.app, user.email)),
      await stream(await signIn(t.app, user.email)),
    ];
    const from = elsewhere.map((s) => s.seen.length);
    expect((await authPost('/revoke-other-sessions', here)).status).toBe(200);
    for (const [i, s] of elsewhere.entries()) await expectEndedAtOnce(s, from[i]!);
    await expectStillOpen(mine, user.id);
  });

  it("a ban ends every stream of the user at once; another user's stays", async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const adminCookie = await signIn(t.app, admin.email);
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const streams = [
      await stream(await signIn(t.app, user.email)),
      await stream(await signIn(t.app, user.email)),
    ];
    const bystander = await stream(await signIn(t.app, other.email));
    const from = streams.map((s) => s.seen.length);
    const banned = await authPost('/admin/ban-user', adminCookie, { userId: user.id });
    expect(banned.status).toBe(200);
    for (const [i, s] of streams.entries()) await expectEndedAtOnce(s, from[i]!);
    await expectStillOpen(bystander, other.id);
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

/**
 * Process B is the real server (src/server/main.ts) in a child process on the same PostgreSQL
 * database; this test's app is process A, where the sign-out and the ban happen.
 */
describe.runIf(serverUrl)('streams held by another server process', () => {
  let child: ChildProcess | undefined;
  let dataDir = '';
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("a sign-out or a ban in process A ends process B's streams at once", async () => {
    const url = (t.database as { url?: string }).url!;
    const bPort = await freePort();
    dataDir = await mkdtemp(path.join(tmpdir(), 'frosted-b-'));
    child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(bPort),
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
    const b = `http://127.0.0.1:${bPort}`;

    // Sign-out on A: B's stream of that session ends; B's stream of the user's other session stays.
    const user = await createUser(t.database.db);
    const kept = await stream(await signIn(t.app, user.email), b);
    const leaving = await signIn(t.app, user.email);
    const goes = await stream(leaving, b);
    let from = goes.seen.length;
    expect((await authPost('/sign-out', leaving)).status).toBe(200);
    await expectEndedAtOnce(goes, from);
    await expectStillOpen(kept, user.id);

    // A ban on A: B's remaining stream of the user ends.
    const admin = await createUser(t.database.db, { role: 'admin' });
    from = kept.seen.length;
    expect(
      (await authPost('/admin/ban-user', await signIn(t.app, admin.email), { userId: user.id })).status,
    ).toBe(200);
    await expectEndedAtOnce(kept, from);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 120_000);
});
