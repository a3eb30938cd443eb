/**
 * npm run bench:realtime [-- --clients 2000 --runs 3 --messages 20 --timeout 60 --profile <dir>]
 *
 * The event stream under load, on loopback only:
 *  1. one server process, `clients` SSE streams (one per user, users and sessions written straight
 *     into the database): one notification published for every user in one transaction (fan-out), then
 *     `messages` notifications for one user at a time; delivery latency p50/p99 from the start of the
 *     publishing transaction to the event reaching the client;
 *  2. with DATABASE_URL: two server processes on that PostgreSQL server, the streams on one and the
 *     publisher on the other (LISTEN/NOTIFY between them);
 *  3. the server's memory per idle stream: RSS and heap (after gc) before and after opening them.
 * Each fan-out also prints the CPU time the streams' process spent on it (on one process, with the
 * publishing): a figure that, unlike the latencies, hardly depends on what else the machine runs.
 * A warm-up round, then `runs` runs; medians printed. Servers run in child processes (the real app:
 * createApp + createServices on @hono/node-server), the clients here. Every wait is bounded. With
 * --profile, the streams' process writes a CPU profile of the rounds (not the opening) into that folder.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { createApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { sessions, users } from '../src/server/db/schema/index.ts';
import { createLogger } from '../src/server/logger.ts';
import { publish } from '../src/server/modules/notifications/index.ts';
import { createServices } from '../src/server/services.ts';
import { testConfig } from '../tests/support/app.ts';

const wallNow = () => performance.timeOrigin + performance.now();
const AUTH_SECRET = testConfig().authSecret;

// ---------------------------------------------------------------- child: one server process
interface ServeTarget {
  url?: string;
  pgliteDir?: string;
  seed?: number;
}
type Command =
  | { cmd: 'fanout' }
  | { cmd: 'one'; userId: string }
  | { cmd: 'mem' }
  | { cmd: 'streams' }
  | { cmd: 'cpu' }
  | { cmd: 'profile'; file?: string };

async function serveOne(target: ServeTarget) {
  const database = await openDatabase({ url: target.url, dataDir: target.pgliteDir, poolSize: 10 });
  await database.migrate();
  const config = testConfig({ env: 'production', logLevel: 'warn', databaseUrl: target.url });
  const services = createServices(config, database, createLogger('warn'));
  const app = createApp(services);
  let seeded: { ids: string[]; cookies: string[] } | undefined;
  if (target.seed) seeded = await seed(database.db, target.seed);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as { port: number }).port;
  let profiler: Session | undefined;
  const userIds = async () =>
    seeded?.ids ?? (await database.db.select({ id: users.id }).from(users)).map((u) => u.id);

  process.on('message', (message) => {
    const m = message as Command;
    void (async () => {
      if (m.cmd === 'fanout') {
        const ids = await userIds();
        const started = wallNow();
        await database.db.transaction((tx) =>
          publish(tx, { type: 'order.statusChanged', userIds: ids, refs: {} }),
        );
        process.send?.({ started, committed: wallNow() });
      } else if (m.cmd === 'one') {
        const started = wallNow();
        await database.db.transaction((tx) =>
          publish(tx, { type: 'message.received', userIds: [m.userId], refs: {} }),
        );
        process.send?.({ started, committed: wallNow() });
      } else if (m.cmd === 'mem') {
        for (let i = 0; i < 3; i++) globalThis.gc?.();
        const { rss, heapUsed } = process.memoryUsage();
        process.send?.({ rss, heapUsed });
      } else if (m.cmd === 'streams') {
        process.send?.({ streams: services.streams.count() });
      } else if (m.cmd === 'cpu') {
        const { user, system } = process.cpuUsage();
        process.send?.({ cpuMs: (user + system) / 1000 });
      } else if (m.cmd === 'profile') {
        // Starts a CPU profile, or (with a file) stops it and writes it there: the rounds only.
        if (m.file === undefined) {
          profiler ??= new Session();
          profiler.connect();
          await post(profiler, 'Profiler.enable');
          await post(profiler, 'Profiler.start');
        } else {
          const { profile } = (await post(profiler!, 'Profiler.stop')) as { profile: object };
          writeFileSync(m.file, JSON.stringify(profile));
          profiler!.disconnect();
        }
        process.send?.({});
      }
    })().catch((err: unknown) => process.send?.({ error: String(err) }));
  });
  process.once('SIGTERM', () => {
    void services.events
      .close()
      .then(() => new Promise((resolve) => server.close(resolve)))
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  process.send?.({ port, ids: seeded?.ids, cookies: seeded?.cookies });
}

/** Users with a session each, written straight into the database, and their signed session cookies. */
async function seed(db: Parameters<typeof publish>[0], n: number) {
  const run = randomBytes(3).toString('hex');
  const ids: string[] = [];
  const cookies: string[] = [];
  const expiresAt = new Date(Date.now() + 7 * 24 * 3_600_000);
  for (let start = 0; start < n; start += 500) {
    const batch = Array.from({ length: Math.min(500, n - start) }, (_, i) => `bench_${run}_${start + i}`);
    await db
      .insert(users)
      .values(
        batch.map((id) => ({ id, name: 'Bench User', email: `${id}@bench.test`, emailVerified: true })),
      );
    const tokens = batch.map(() => randomBytes(24).toString('base64url'));
    await db
      .insert(sessions)
      .values(batch.map((userId, i) => ({ id: `s_${userId}`, token: tokens[i]!, userId, expiresAt })));
    ids.push(...batch);
    // Better Auth's session cookie: the token, a dot, its HMAC-SHA256 in base64, URI-encoded.
    for (const token of tokens) {
      const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
      cookies.push(`better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`);
    }
  }
  return { ids, cookies };
}

const post = (session: Session, method: string) =>
  new Promise<unknown>((resolve, reject) =>
    session.post(method, (err, result) => (err ? reject(err) : resolve(result))),
  );

// ---------------------------------------------------------------- parent: clients and measurements
interface Server {
  child: ChildProcess;
  port: number;
  ids: string[];
  cookies: string[];
  ask<T>(command: Command): Promise<T>;
  stop(): Promise<void>;
}

async function startServer(target: ServeTarget, timeoutMs: number): Promise<Server> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(target)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: 'inherit',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await bounded(
    new Promise<{ port: number; ids?: string[]; cookies?: string[] }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { port: number }));
      child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
    }),
    timeoutMs,
    'server start',
  );
  // One answer at a time: the commands are sent one after another.
  let queue = Promise.resolve<unknown>(undefined);
  const ask = <T>(command: Command) => {
    const next = queue.then(() =>
      bounded(
        new Promise<T>((resolve, reject) => {
          child.once('message', (message) => {
            const m = message as T & { error?: string };
            if (m.error) reject(new Error(m.error));
            else resolve(m);
          });
          child.send(command);
        }),
        timeoutMs,
        command.cmd,
      ),
    );
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    child,
    port: first.port,
    ids: first.ids ?? [],
    cookies: first.cookies ?? [],
    ask,
    stop: async () => {
      child.kill('SIGTERM');
      await bounded(exited, 15_000, 'server stop').catch(() => child.kill('SIGKILL'));
    },
  };
}

function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** One SSE client on a raw socket: calls `onNotification` with the arrival time of each notification. */
interface Client {
  onNotification?: (at: number) => void;
  close(): void;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function openClient(port: number, cookie: string, timeoutMs: number): Promise<Client> {
  return bounded(
    new Promise<Client>((resolve, reject) => {
      const client: Client = { close: () => req.destroy() };
      const req = http.get(
        { host: '127.0.0.1', port, path: '/api/me/events', headers: { Cookie: cookie }, agent },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffer = '';
          let opened = false;
          res.on('data', (chunk: string) => {
            const at = wallNow();
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.startsWith('event: unread') && !opened) {
                opened = true;
                resolve(client);
              } else if (block.includes('event: notification')) client.onNotification?.(at);
            }
          });
        },
      );
      req.on('error', reject);
    }),
    timeoutMs,
    'opening a stream',
  );
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const median = (xs: number[]) => percentile(xs, 50);
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Opens the streams `limit` at a time, so the server is not asked for 2,000 at once. */
async function openAll(port: number, cookies: string[], timeoutMs: number) {
  const clients: Client[] = [];
  for (let i = 0; i < cookies.length; i += 100) {
    clients.push(
      ...(await Promise.all(cookies.slice(i, i + 100).map((c) => openClient(port, c, timeoutMs)))),
    );
  }
  return clients;
}

/** Publishes (through `publisher`) and waits until every expected client has the event. */
async function round(publisher: Server, command: Command, receivers: Client[], timeoutMs: number) {
  const arrivals: number[] = [];
  const all = new Promise<void>((resolve) => {
    for (const c of receivers)
      c.onNotification = (at) => {
        c.onNotification = undefined;
        arrivals.push(at);
        if (arrivals.length === receivers.length) resolve();
      };
  });
  const { started, committed } = await publisher.ask<{ started: number; committed: number }>(command);
  await bounded(all, timeoutMs, `delivery to ${receivers.length} clients`);
  return { latencies: arrivals.map((at) => at - started), commitMs: committed - started };
}

async function measure(
  label: string,
  publisher: Server,
  streams: Server,
  {
    runs,
    messages,
    timeoutMs,
    profile,
  }: { runs: number; messages: number; timeoutMs: number; profile?: string | undefined },
) {
  const before = await streams.ask<{ rss: number; heapUsed: number }>({ cmd: 'mem' });
  const openedAt = performance.now();
  const clients = await openAll(streams.port, streams.cookies, timeoutMs);
  const openMs = performance.now() - openedAt;
  const after = await streams.ask<{ rss: number; heapUsed: number }>({ cmd: 'mem' });
  const { streams: open } = await streams.ask<{ streams: number }>({ cmd: 'streams' });
  const n = clients.length;
  console.log(
    `\n${label}: ${n} streams open in ${(openMs / 1000).toFixed(1)} s (server counts ${open}); per idle stream: ` +
      `RSS ${((after.rss - before.rss) / n / 1024).toFixed(1)} KiB, heap ${((after.heapUsed - before.heapUsed) / n / 1024).toFixed(1)} KiB`,
  );
  const fan: { p50: number; p99: number; max: number; commit: number; cpu: number }[] = [];
  if (profile) await streams.ask({ cmd: 'profile' });
  const one: { p50: number; p99: number }[] = [];
  const cpu = async () => (await streams.ask<{ cpuMs: number }>({ cmd: 'cpu' })).cpuMs;
  for (let r = 0; r <= runs; r++) {
    // CPU time of the streams' process for the fan-out (with the publishing, on one process): unlike
    // the latencies, it hardly moves with what else the machine is doing.
    const cpuBefore = await cpu();
    const f = await round(publisher, { cmd: 'fanout' }, clients, timeoutMs);
    const cpuMs = (await cpu()) - cpuBefore;
    const single: number[] = [];
    for (let m = 0; m < messages; m++) {
      const i = Math.floor(Math.random() * n);
      const s = await round(publisher, { cmd: 'one', userId: streams.ids[i]! }, [clients[i]!], timeoutMs);
      single.push(...s.latencies);
    }
    const result = {
      p50: percentile(f.latencies, 50),
      p99: percentile(f.latencies, 99),
      max: Math.max(...f.latencies),
      commit: f.commitMs,
      cpu: cpuMs,
    };
    console.log(
      `  ${r === 0 ? 'warm-up' : `run ${r}  `}  fan-out to ${n}: p50 ${ms(result.p50)}  p99 ${ms(result.p99)}  max ${ms(result.max)}  (publishing tx ${ms(result.commit)}, server CPU ${ms(result.cpu)})` +
        `  |  one user x${messages}: p50 ${ms(percentile(single, 50))}  p99 ${ms(percentile(single, 99))}`,
    );
    if (r > 0) {
      fan.push(result);
      one.push({ p50: percentile(single, 50), p99: percentile(single, 99) });
    }
  }
  if (profile) {
    mkdirSync(profile, { recursive: true });
    const file = path.resolve(profile, `${label.split(' ')[0]}-process-streams.cpuprofile`);
    await streams.ask({ cmd: 'profile', file });
    console.log(`  CPU profile of the streams' process during the rounds: ${file}`);
  }
  console.log(
    `  median of ${runs}: fan-out p50 ${ms(median(fan.map((f) => f.p50)))}  p99 ${ms(median(fan.map((f) => f.p99)))}` +
      `  (publishing tx ${ms(median(fan.map((f) => f.commit)))}, server CPU ${ms(median(fan.map((f) => f.cpu)))})` +
      `  |  one user p50 ${ms(median(one.map((o) => o.p50)))}  p99 ${ms(median(one.map((o) => o.p99)))}`,
  );
  for (const c of clients) c.close();
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      clients: { type: 'string', default: '2000' },
      runs: { type: 'string', default: '3' },
      messages: { type: 'string', default: '20' },
      timeout: { type: 'string', default: '60' },
      profile: { type: 'string' },
    },
  });
  const clients = Math.min(Math.max(Number(values.clients), 1), 10_000);
  const options = {
    runs: Math.min(Math.max(Number(values.runs), 1), 10),
    messages: Math.min(Math.max(Number(values.messages), 1), 200),
    timeoutMs: Number(values.timeout) * 1000,
    profile: values.profile,
  };
  const baseUrl = process.env.DATABASE_URL;
  console.log(
    `${clients} SSE clients, ${options.runs} runs after a warm-up, ${options.messages} single-user notifications a run; database: ${baseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );

  // 1. One process.
  const dir = baseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'frosted-rt-'));
  const name = `frosted_bench_rt_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  let url: string | undefined;
  if (baseUrl) {
    await admin(`CREATE DATABASE "${name}"`);
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  try {
    const single = await startServer(
      { url, pgliteDir: dir && path.join(dir, 'db'), seed: clients },
      options.timeoutMs * 2,
    );
    try {
      await measure('one process', single, single, options);
    } finally {
      await single.stop();
    }

    // 2. Two processes: the streams on B, the publisher on A.
    if (url) {
      const b = await startServer({ url }, options.timeoutMs);
      const a = await startServer({ url }, options.timeoutMs);
      // B serves the users the first process seeded: their sessions are in this database.
      try {
        await measure(
          'two processes (streams on B, publisher on A)',
          a,
          { ...b, ids: single.ids, cookies: single.cookies },
          options,
        );
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    } else {
      console.log('\nDATABASE_URL is not set: the two-process measurement needs a PostgreSQL server.');
    }
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (baseUrl) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    agent.destroy();
  }
}

if (process.argv[2] === '--serve') {
  await serveOne(JSON.parse(process.argv[3]!) as ServeTarget);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
