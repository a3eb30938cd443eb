import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { type Database, isDatabaseUnavailable, openDatabase } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { safeError } from '../../src/server/http/log-safe-error.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createServices, type Services } from '../../src/server/services.ts';
import { MESSAGES } from '../../src/shared/errors.ts';
import { testConfig } from '../support/app.ts';
import { asOwner, createTestDatabase } from '../support/db.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';
import { createServerDatabase, type ServerDatabase } from '../support/pg-server.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

const serverUrl = process.env.DATABASE_URL;

/** A logger that keeps its JSON lines, as createLogger writes them in production. */
function capturedLogger(level = 'info') {
  const lines: string[] = [];
  const log = createLogger(level, { write: (line: string) => void lines.push(line) });
  return { log, lines, text: () => lines.join('') };
}

/** The finding was a crash: whatever reaches the process in this file is recorded and must stay empty. */
const crashes: unknown[] = [];
const onCrash = (err: unknown) => void crashes.push(err);
beforeAll(() => {
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
});
afterAll(() => {
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retries `check` every 100 ms until it holds, for at most `ms` (each try waits on a real socket). */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = performance.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (performance.now() > deadline) throw new Error(`still failing after ${ms} ms`);
    await pause(100);
  }
}

describe.skipIf(!serverUrl)('a PostgreSQL outage (through a proxy the test cuts)', () => {
  const CLIENTS = 20;
  const CONNECT_TIMEOUT_MS = 1_000;
  // A request may wait one connect timeout for its first query, plus time on two busy shared cores.
  const REQUEST_BOUND_MS = CONNECT_TIMEOUT_MS + 2_000;
  const logs = capturedLogger('warn');
  let target: ServerDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let services: Services;
  let server: ServerType;
  let base = '';
  let proxiedUrl = '';
  let vendorId = '';
  const cookies: string[] = [];

  beforeAll(async () => {
    target = await createServerDatabase(serverUrl!);
    const direct = new URL(target.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(target.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    proxiedUrl = proxied.toString();
    database = await openDatabase({
      url: proxiedUrl,
      poolSize: 10,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      log: logs.log,
    });
    // Each client counts as its own address for the rate limits, as 20 people would.
    services = createServices(testConfig({ trustProxy: true, authRateLimitMax: 1000 }), database, logs.log);
    const app = createApp(services);
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    vendorId = (await createVendor(database.db)).id;
    for (let i = 0; i < CLIENTS; i++) {
      const customer = await createUser(database.db);
      cookies.push(await signIn(app, customer.email));
    }
  });
  afterAll(async () => {
    proxy?.restore();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await services?.designs.drain();
    await database?.close();
    await proxy?.close();
    await target?.drop();
  });

  interface Outcome {
    status: number | 'no answer';
    ms: number;
    body: unknown;
    retryAfter: string | null;
  }

  /** One request as client `i` (its own address and session); a missing answer is an outcome too. */
  async function call(i: number, path: string, init: RequestInit = {}): Promise<Outcome> {
    const started = performance.now();
    try {
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: {
          Cookie: cookies[i]!,
          Origin: services.config.publicUrl,
          'X-Forwarded-For': `10.0.0.${i + 1}`,
        },
        signal: AbortSignal.timeout(REQUEST_BOUND_MS * 2),
      });
      const body: unknown = await res.json();
      return {
        status: res.status,
        ms: performance.now() - started,
        body,
        retryAfter: res.headers.get('retry-after'),
      };
    } catch {
      return { status: 'no answer', ms: performance.now() - started, body: null, retryAfter: null };
    }
  }
  /** Saves the favorite vendor: an upsert, after the rate limiter's own upsert. */
  const write = (i: number) => call(i, `/api/me/favorites/vendors/${vendorId}`, { method: 'PUT' });
  /** A signed-in read: the session lookup (Better Auth) is its first query. */
  const read = (i: number) => call(i, '/api/me/favorites/vendors');

  const health = () => fetch(`${base}/api/health`, { signal: AbortSignal.timeout(REQUEST_BOUND_MS * 2) });

  const unavailable = {
    status: 503,
    body: { error: { code: 'UNAVAILABLE', message: MESSAGES.unavailable } },
    retryAfter: '5',
  };

  async function expectRecovery() {
    proxy.restore();
    await eventually(async () => (await health()).status === 200);
    await eventually(async () => (await write(0)).status === 200);
    const after = await Promise.all(cookies.map((_, i) => write(i)));
    expect(after.map((o) => o.status)).toEqual(cookies.map(() => 200));
  }

  /** A transaction that has run a query and keeps its connection checked out until `proceed()`. */
  async function holdTransaction() {
    let began!: () => void;
    let proceed!: () => void;
    const inTransaction = new Promise<void>((resolve) => (began = resolve));
    const resume = new Promise<void>((resolve) => (proceed = resolve));
    const outcome = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        began();
        await resume;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    await inTransaction;
    return { proceed, outcome };
  }

  it('20 writers while the connection is cut: 503 with Retry-After, no crash, and it recovers on its own', async () => {
    const before = await Promise.all(cookies.map((_, i) => write(i)));
    expect(before.map((o) => o.status)).toEqual(cookies.map(() => 200));

    // A transaction holding its connection when the network goes: the client that crashed the process.
    const held = await holdTransaction();
    let cut = false;
    let stop = false;
    const duringCut: Outcome[] = [];
    const all: Outcome[] = [];
    let warmedUp!: () => void;
    const running = new Promise<void>((resolve) => (warmedUp = resolve));
    const writers = cookies.map(async (_, i) => {
      while (!stop) {
        const startedAfterCut = cut;
        const outcome = await write(i);
        all.push(outcome);
        if (startedAfterCut) duringCut.push(outcome);
        if (all.filter((o) => o.status === 200).length >= CLIENTS) warmedUp();
        await pause(25);
      }
    });
    // Cut mid-flight: once the writers have written a round, while their next requests are running.
    await running;
    proxy.cut();
    cut = true;
    held.proceed();
    await pause(1_500);
    stop = true;
    await Promise.all(writers);

    expect(isDatabaseUnavailable(await held.outcome)).toBe(true);
    expect(duringCut.length).toBeGreaterThanOrEqual(CLIENTS);
    for (const outcome of duringCut) {
      expect(outcome).toMatchObject(unavailable);
      expect(outcome.ms).toBeLessThan(REQUEST_BOUND_MS);
    }
    // Requests in flight at the cut either finished or were refused; none failed another way.
    expect(all.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    const down = await health();
    expect(down.status).toBe(503);
    expect(crashes).toEqual([]);
    expect(logs.text()).toContain('database connection lost');

    await expectRecovery();
    expect(crashes).toEqual([]);
  });

  it('an unreachable database (connections hang): requests fail within the connect timeout, then recover', async () => {
    proxy.cut({ hang: true });
    const [writes, reads, down] = await Promise.all([
      Promise.all(cookies.map((_, i) => write(i))),
      Promise.all(cookies.slice(0, 5).map((_, i) => read(i))),
      health().then((res) => res.status),
    ]);
    for (const outcome of [...writes, ...reads]) {
      expect(outcome).toMatchObject(unavailable);
      expect(outcome.ms).toBeLessThan(REQUEST_BOUND_MS);
    }
    expect(down).toBe(503);

    await expectRecovery();
    expect(crashes).toEqual([]);
  });

  it('a transaction whose BEGIN is lost with its connection gives the connection back (the pool stays whole)', async () => {
    // One connection: a transaction that kept it would leave every later query waiting for it.
    const single = await openDatabase({ url: proxiedUrl, poolSize: 1, connectTimeoutMs: CONNECT_TIMEOUT_MS });
    try {
      await single.db.execute(sql`select 1`);
      proxy.dropOnNext('begin');
      const lost = await single.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(isDatabaseUnavailable(lost)).toBe(true);

      // The next query and the next transaction get the connection (or a new one) at once.
      const people = await database.db.$count(users);
      expect(await single.db.$count(users)).toBe(people);
      expect(await single.db.transaction((tx) => tx.$count(users))).toBe(people);
    } finally {
      // A pool that lost its connection would wait for it for ever.
      await Promise.race([single.close(), pause(2_000)]);
    }
  });

  it('the server ends every connection (a restart, 57P01): no crash, and the next requests succeed', async () => {
    const held = await holdTransaction();
    await target.terminateConnections();
    held.proceed();
    expect(isDatabaseUnavailable(await held.outcome)).toBe(true);
    await expectRecovery();
    expect(crashes).toEqual([]);
  });
});

describe('error logs', () => {
  const logs = capturedLogger();
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = createApp(createServices(testConfig(), database, logs.log));
  });
  afterAll(() => database.close());

  const secretEmail = `leak-${Date.now().toString(36)}@example.test`;
  const secretBody = `My secret cake plans ${Math.random().toString(36).slice(2)}`;

  it('a failing request logs the error with its request id, never the SQL parameters or quoted values', async () => {
    // A constraint this test adds turns the contact form's insert into an unknown database error (the
    // app's role may not alter tables: the owner adds it).
    await asOwner(database, (owner) =>
      owner.execute(
        sql.raw(
          `alter table support_requests add constraint test_no_secrets check (message not like '%secret%')`,
        ),
      ),
    );
    const res = await app.request('/api/support/requests', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: testConfig().publicUrl },
      body: JSON.stringify({ name: 'Pat', email: secretEmail, subject: 'Hello', message: secretBody }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: 'INTERNAL', message: MESSAGES.internal } });

    const line = logs.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'unhandled error');
    expect(line).toMatchObject({
      requestId: res.headers.get('X-Request-Id'),
      err: { cause: { code: '23514', constraint: 'test_no_secrets', table: 'support_requests' } },
    });
    expect((line!.err as { message: string }).message).toMatch(
      /^Failed query: insert into "support_requests"/,
    );
    expect(logs.text()).not.toContain(secretEmail);
    expect(logs.text()).not.toContain(secretBody);
  });

  it('every log call made with a query error drops its parameters (other modules, Better Auth)', async () => {
    const taken = await createUser(database.db, { email: secretEmail, password: null });
    const err = await database.db
      .insert(users)
      .values({ id: `dup-${taken.id}`, name: secretBody, email: secretEmail })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    // The raw error does carry them: in the message, `params` and PostgreSQL's detail.
    expect(JSON.stringify({ ...(err as object), message: (err as Error).message })).toContain(secretEmail);

    const before = logs.lines.length;
    logs.log.error({ err }, 'as a module logs it');
    logs.log.error(err as Error, 'as the error itself');
    logs.log.warn({ args: [err] }, 'as the auth logger passes it');
    const written = logs.lines.slice(before).join('');
    expect(logs.lines.length - before).toBe(3);
    expect(written).toContain('23505');
    expect(written).not.toContain(secretEmail);
    expect(written).not.toContain(secretBody);
  });
});

describe('which errors mean the database is unavailable', () => {
  const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
  const wrapped = (cause: Error) => new DrizzleQueryError('select 1', ['a@b.c'], cause);

  it('connection failures and PostgreSQL shutdown codes, bare or wrapped; never a failed statement', () => {
    const down = [
      withCode('57P01'),
      withCode('57P03'),
      withCode('08006'),
      withCode('53300'),
      withCode('ECONNREFUSED'),
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ];
    for (const err of down) {
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
    }
    for (const err of [withCode('23505'), withCode('40001'), new Error('boom'), 'boom', null]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });

  it('a data exception loses the input PostgreSQL quotes in its message', () => {
    const err = withCode('22P02', 'invalid input syntax for type uuid: "pat@example.test"');
    expect(safeError(wrapped(err))).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: select 1',
      cause: { code: '22P02', message: 'invalid input syntax for type uuid' },
    });
    expect(JSON.stringify(safeError(wrapped(err)))).not.toContain('example.test');
    expect(JSON.stringify(safeError(wrapped(err)))).not.toContain('a@b.c');
  });
});
