/**
 * npm run bench:browse [-- --sizes 1000,10000,100000 --duration 15 --reps 3 --warmup 5 --connections 50
 *   --modes cached,uncached --variants app,bare --accept-encoding "gzip, deflate, br, zstd"|none
 *   --log-file /dev/null --cpu-prof DIR]
 *
 * Browse Vendors under a realistic mix of requests (MIX below: no filter, location, search, specialty
 * with a sort, and page 2 through the cursor page 1 gave) against two servers that answer the same
 * JSON from the same SQL: the app as it really runs (every middleware, pino request logging to a real
 * destination, compression for a client that accepts it, as a phone's browser does) and a bare
 * node:http handler (same validation, same statements through the same driver, same compression, no
 * framework, no logging). Modes: "cached" = both keep "{N} vendors found" in a version-keyed,
 * single-flight count cache (the bare handler has a minimal one of its own); "uncached" = both count
 * on every first page that is full. Each size is seeded into a throw-away database (DATABASE_URL's
 * server, else PGlite), then per mode: JSON compared, warm-up, and `reps` runs of `duration` s per
 * variant interleaved app, bare, app, bare...; medians printed. Besides req/s and latency, each run
 * reports CPU ms per request of the server process and of the PostgreSQL backends, which a busy
 * machine disturbs less. The servers run in a child process, the load generator (autocannon) here;
 * --cpu-prof writes the server process's V8 profile.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs, promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import pino from 'pino';
import { locationLabel, specialtyLabel } from '../src/shared/catalog.ts';
import { vendorListInput, vendorListQuerySchema } from '../src/shared/schemas/vendors.ts';
import { createApp } from '../src/server/app.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { createLogger } from '../src/server/logger.ts';
import * as browse from '../src/server/modules/vendors/browse-query.ts';
import { countCacheFor } from '../src/server/modules/vendors/count-cache.ts';
import { createServices } from '../src/server/services.ts';
import { testConfig } from '../tests/support/app.ts';

const POOL_SIZE = 10;
/** One cycle of requests per connection (weights by repetition): 25% no filter, 20% location, 15% search, 20% specialty + sort, 20% page 2. */
const MIX: { query: string; page2?: true }[] = [
  { query: '' },
  { query: 'location=vancouver' },
  { query: 'q=maple' },
  { query: 'specialty=wedding&sort=reviews' },
  { query: '', page2: true },
  { query: 'location=burnaby' },
  { query: '' },
  { query: 'specialty=custom&sort=price-low' },
  { query: 'location=vancouver', page2: true },
  { query: 'q=wedding cakes' },
  { query: '' },
  { query: 'location=surrey' },
  { query: 'specialty=wedding&sort=reviews' },
  { query: 'specialty=wedding&sort=reviews', page2: true },
  { query: '' },
  { query: 'q=chocolat' },
  { query: 'location=vancouver' },
  { query: 'specialty=birthday&sort=price-high' },
  { query: '', page2: true },
  { query: '' },
];

interface Target {
  dbUrl?: string;
  pgliteDir?: string;
  cached: boolean;
  logFile: string;
}

// ---------------------------------------------------------------- child: the two servers
async function serveBoth(target: Target) {
  const database = await openDatabase({ url: target.dbUrl, dataDir: target.pgliteDir, poolSize: POOL_SIZE });
  countCacheFor(database.db).enabled = target.cached;
  // As main.ts: level info, one request line per API request, pino's asynchronous destination.
  const log = createLogger('info', pino.destination({ dest: target.logFile, sync: false }));
  const config = testConfig({ env: 'production', logLevel: 'info', databaseUrl: target.dbUrl });
  const app = createApp(createServices(config, database, log));
  const appServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  const bare = createServer(bareHandler(bareRunner(database, target), target.cached));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  if (!appServer.listening) await new Promise((resolve) => appServer.once('listening', resolve));
  const port = (s: { address(): unknown }) => (s.address() as { port: number }).port;
  process.once('SIGTERM', () => {
    // A clean exit writes --cpu-prof and releases the PGlite data directory for the next child.
    appServer.close();
    bare.close();
    void database.close().finally(() => process.exit(0));
  });
  process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
  process.send?.({ appPort: port(appServer), barePort: port(bare) });
}

type Run = (query: SQL) => Promise<Record<string, unknown>[]>;

function bareRunner(database: Database, target: Target): Run {
  const dialect = new PgDialect();
  let send: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
  if (target.dbUrl) {
    const pool = new pg.Pool({ connectionString: target.dbUrl, max: POOL_SIZE });
    send = (text, params) => pool.query(text, params);
  } else {
    // PGlite is one embedded client: the bare handler shares it with the app.
    const client = (database.db as unknown as { $client: { query: typeof send } }).$client;
    send = (text, params) => client.query(text, params);
  }
  return async (query) => {
    const q = dialect.sqlToQuery(query);
    return (await send(q.sql, q.params)).rows as Record<string, unknown>[];
  };
}

/**
 * The bare handler: validate with the same schema, send the same statements in the same order as
 * listPublicVendors (page; then, for a full first page, the count unless one counted at the page's
 * vendors version is remembered), map rows to the same card JSON by hand, write it.
 */
function bareHandler(run: Run, cached: boolean) {
  const counts = new Map<string, { n: number; version: bigint }>();
  const flights = new Map<string, Promise<{ n: number; version: bigint }>>();
  const count = (key: string, options: browse.BrowseOptions) => {
    let flight = flights.get(key);
    if (!flight) {
      flight = run(browse.countQuery(options))
        .then(([r]) => ({ n: r!.n as number, version: BigInt(r!.version as string) }))
        .finally(() => flights.delete(key));
      if (cached) flights.set(key, flight);
    }
    return flight;
  };
  const total = async (key: string, options: browse.BrowseOptions, version: bigint) => {
    const known = counts.get(key);
    if (cached && known && known.version >= version) return known.n;
    for (;;) {
      const c = await count(key, options);
      if (cached) counts.set(key, c);
      if (c.version >= version || !cached) return c.n;
    }
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const parsed = vendorListQuerySchema.safeParse(vendorListInput(url.searchParams));
    if (!parsed.success) return void res.writeHead(400).end();
    const { cursor: token, limit, ...filters } = parsed.data;
    const cursor = token === undefined ? undefined : browse.decodeCursor(filters.sort, token);
    const options = { filters };
    run(browse.pageQuery({ ...options, cursor, limit: limit + 1 }))
      .then(async (rows) => {
        const shown = rows.slice(0, limit) as unknown as browse.BrowseRow[];
        const full = rows.length > limit;
        let n: number | null = null;
        if (!cursor) {
          n = full ? await total(url.search, options, BigInt(shown[0]!.browse_version)) : rows.length;
        }
        const last = shown.at(-1);
        const body = JSON.stringify({
          vendors: shown.map(card),
          total: n,
          nextCursor: full && last ? browse.encodeCursor(filters.sort, last) : null,
        });
        return send(req, res, body);
      })
      .catch((err: unknown) => res.writeHead(500).end(String(err)));
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON, compressed as src/server/http/compression.ts does it when the client asks (same codings, levels, threshold). */
async function send(req: IncomingMessage, res: ServerResponse, body: string) {
  const accept = req.headers['accept-encoding'] ?? '';
  const coding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
  const bytes = Buffer.from(body);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  if (!coding || bytes.byteLength < 1024) return void res.writeHead(200, headers).end(bytes);
  const compressed =
    coding === 'gzip'
      ? await gzipAsync(bytes, { level: 6 })
      : await brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        });
  res.writeHead(200, { ...headers, 'Content-Encoding': coding }).end(compressed);
}

const card = (r: browse.BrowseRow) => ({
  id: r.id,
  name: r.business_name,
  specialty: r.specialty,
  specialtyLabel: specialtyLabel(r.specialty),
  location: r.location,
  locationLabel: locationLabel(r.location),
  rating: Number(r.rating),
  reviewCount: r.review_count,
  orders: r.total_orders,
  image: r.image_url,
  verified: r.verified,
  responseTimeHours:
    r.response_time_minutes === null ? null : Math.round((r.response_time_minutes / 60) * 10) / 10,
  priceTier: r.price_tier,
  description: r.description,
  specialties: r.specialties.length ? r.specialties : [r.specialty],
  dietaryOptions: r.dietary_options,
  offersDelivery: r.offers_delivery,
  portfolio: { thumbs: r.thumb_keys.map((k) => `/api/files/portfolio/${k}`), total: r.portfolio_total },
});

// ---------------------------------------------------------------- parent: seed, load, report
/** Seeds n vendors (and their owners and portfolio rows) with INSERT ... SELECT generate_series. */
export async function seed(database: Database, n: number) {
  const db = database.db;
  await db.execute(sql`TRUNCATE vendors, users CASCADE`);
  await db.execute(sql`INSERT INTO users (id, name, email, email_verified, user_type)
    SELECT 'bench-u-' || g, 'Bench Owner ' || g, 'bench-' || g || '@bench.test', true, 'vendor'
    FROM generate_series(1, ${n}::int) g`);
  // Attributes spread by cheap hashes of g: 1 in 20 pending and 1 in 37 rejected; every location,
  // specialty, tier (independent of the specialty); each dietary option on about a quarter of
  // vendors; ratings 3.00-4.99.
  await db.execute(sql`INSERT INTO vendors (id, user_id, business_name, specialty, specialties, description,
      location, status, verified, rating, review_count, total_orders, price_tier, dietary_options,
      offers_delivery, image_url)
    SELECT 'bench-v-' || lpad(g::text, 7, '0'), 'bench-u-' || g,
      (ARRAY['Sweet','Golden','Maple','Velvet','Sugar','Cocoa','Island','Artisan','Rose','Honey','Lemon','Berry'])[1 + g % 12]
        || ' ' || (ARRAY['Dreams','Crumb','Whisk','Bloom','Atelier','Bakehouse','Studio','Patisserie','Kitchen','Cake Co.'])[1 + (g / 12) % 10]
        || ' ' || g,
      sp[1 + g % 4],
      CASE WHEN g % 3 = 0 THEN ARRAY[sp[1 + g % 4], sp[1 + (g + 1) % 4]] ELSE ARRAY[sp[1 + g % 4]] END,
      (ARRAY['Tiered wedding cakes with sugar flowers.', 'Birthday cakes and cupcake towers.',
        'Chocolate entremets and mirror glazes.', 'Vegan and gluten-free cakes baked daily.',
        'Custom sculpted cakes for any theme.'])[1 + (g / 3) % 5],
      loc[1 + (g / 7) % 8],
      CASE WHEN g % 20 = 0 THEN 'pending' WHEN g % 37 = 0 THEN 'rejected' ELSE 'approved' END,
      NOT (g % 20 = 0 OR g % 37 = 0),
      round(3 + ((g::bigint * 7919) % 200) / 100.0, 2), (g * 31) % 300, (g * 17) % 500,
      1 + ((g::bigint * 48271) % 2147483647 / 7) % 4,
      ARRAY(SELECT d FROM unnest(ARRAY['gluten-free','vegan','nut-free','dairy-free','egg-free','sugar-free','halal','kosher'])
        WITH ORDINALITY AS t(d, i) WHERE ((g::bigint * 2654435761) >> (2 * i::int)) & 3 = 0),
      g % 2 = 0, '/demo/vendors/vendor-sweet-dreams.webp'
    FROM generate_series(1, ${n}::int) g,
      (SELECT ARRAY['wedding','birthday','custom','gourmet'] AS sp,
        ARRAY['vancouver','burnaby','north-vancouver','richmond','vancouver-island','new-westminster','surrey','delta'] AS loc) c`);
  await db.execute(sql`INSERT INTO portfolio_items (id, vendor_id, title, category, image_key, thumb_key, width, height, position)
    SELECT 'bench-p-' || g || '-' || p, 'bench-v-' || lpad(g::text, 7, '0'), 'Cake ' || p, 'Wedding',
      'bench/' || g || '/' || p || '.webp', 'bench/' || g || '/' || p || '-t.webp', 800, 600, p
    FROM generate_series(1, ${n}::int) g, generate_series(0, 6) p WHERE g % 3 = 0 AND p < g % 7`);
  // As autovacuum would soon: statistics for the planner, and the visibility map for index-only counts.
  await db.execute(sql`VACUUM ANALYZE users, vendors, portfolio_items, vendor_search_words`);
}

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time per request of the server process and of the PostgreSQL backends (ms): less noisy than req/s. */
  cpu: number;
  dbCpu: number;
}

/** CPU ms so far of the server process and of the bench database's backends (read from /proc, same host). */
type CpuMeter = () => Promise<{ server: number; db: number }>;

interface Load {
  connections: number;
  duration: number;
  headers: Record<string, string>;
  meter: CpuMeter;
}

async function load(
  base: string,
  paths: string[],
  { connections, duration, headers, meter }: Load,
): Promise<Result> {
  const before = await meter();
  const r = await autocannon({
    url: base,
    connections,
    duration,
    headers,
    pipelining: 1,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const after = await meter();
  const n = Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx + r.timeouts,
    cpu: (after.server - before.server) / n,
    dbCpu: (after.db - before.db) / n,
  };
}

/**
 * CPU ms so far of the bench database's backends (read from /proc: same host only), added up per
 * backend between calls, so a backend that closes or opens between two readings does not skew them.
 */
function backendCpu(dbUrl: string | undefined): () => Promise<number> {
  if (!dbUrl) return async () => 0;
  const name = new URL(dbUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: dbUrl.replace(`/${name}`, '/postgres') });
  const connected = client.connect();
  const ticks = 100; // USER_HZ on Linux
  let last = new Map<number, number>();
  let total = 0;
  return async () => {
    await connected;
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    const now = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        now.set(pid, ((Number(f[11]) + Number(f[12])) * 1000) / ticks);
      } catch {
        // A backend that has just ended, or a server on another host: not counted.
      }
    }
    for (const [pid, ms] of now) total += ms - (last.get(pid) ?? 0);
    last = now;
    return total;
  };
}

/** The mix's paths on one server: page 2 follows the nextCursor its own page 1 answered. */
async function mixPaths(base: string, prefix: string): Promise<string[]> {
  const paths: string[] = [];
  for (const m of MIX) {
    const first = `${prefix}?${new URLSearchParams(m.query)}`;
    if (!m.page2) {
      paths.push(first);
      continue;
    }
    const page1 = (await (await fetch(base + first)).json()) as { nextCursor: string | null };
    if (!page1.nextCursor) throw new Error(`no page 2 for ${first}`);
    paths.push(`${first}&cursor=${page1.nextCursor}`);
  }
  return paths;
}

/** Both servers must answer every request of the mix with the same JSON, or the comparison is void. */
async function checkSameJson(app: string, appPaths: string[], bare: string, barePaths: string[]) {
  for (const [i, p] of appPaths.entries()) {
    const [a, b] = await Promise.all([fetch(app + p), fetch(bare + barePaths[i])]);
    const [ja, jb] = [await a.json(), await b.json()];
    if (a.status !== 200 || !isDeepStrictEqual(ja, jb)) {
      throw new Error(
        `app and bare handler differ on ${p}: ${JSON.stringify(ja).slice(0, 300)} vs ${JSON.stringify(jb).slice(0, 300)}`,
      );
    }
  }
}

async function startChild(target: Target, cpuProf: string | undefined) {
  const execArgv = ['--import', 'tsx', ...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : [])];
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(target)], {
    execArgv,
    stdio: 'inherit',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ports = await new Promise<{ appPort: number; barePort: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { appPort: number; barePort: number }));
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  const cpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => {
        const { user, system } = (m as { cpu: NodeJS.CpuUsage }).cpu;
        resolve((user + system) / 1000);
      });
      child.send('cpu');
    });
  return { ...ports, cpu, stop: () => (child.kill('SIGTERM'), exited) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(6)} ${r.p50.toFixed(1).padStart(6)} ${r.p99.toFixed(1).padStart(6)}` +
  ` ${r.cpu.toFixed(2).padStart(6)} ${r.dbCpu.toFixed(2).padStart(6)}` +
  (r.errors ? ` err ${r.errors}` : '');
const med = (rs: Result[]): Result => ({
  rps: median(rs.map((r) => r.rps)),
  p50: median(rs.map((r) => r.p50)),
  p99: median(rs.map((r) => r.p99)),
  cpu: median(rs.map((r) => r.cpu)),
  dbCpu: median(rs.map((r) => r.dbCpu)),
  errors: rs.reduce((s, r) => s + r.errors, 0),
});

async function main() {
  const { values: o } = parseArgs({
    args: process.argv.slice(2),
    options: {
      sizes: { type: 'string', default: '1000,10000,100000' },
      duration: { type: 'string', default: '15' },
      reps: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '5' },
      connections: { type: 'string', default: '50' },
      modes: { type: 'string', default: 'cached,uncached' },
      variants: { type: 'string', default: 'app,bare' },
      'log-file': { type: 'string', default: '/dev/null' },
      // What a phone's browser sends; "none" for uncompressed answers.
      'accept-encoding': { type: 'string', default: 'gzip, deflate, br, zstd' },
      'cpu-prof': { type: 'string' },
    },
  });
  const list = (s: string) => s.split(',').filter(Boolean);
  const sizes = list(o.sizes).map(Number);
  const [duration, reps, warmup, connections] = [o.duration, o.reps, o.warmup, o.connections].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const variants = list(o.variants) as ('app' | 'bare')[];
  const encoding = o['accept-encoding'];
  const headers: Record<string, string> = encoding === 'none' ? {} : { 'accept-encoding': encoding };
  const baseUrl = process.env.DATABASE_URL;
  const target = { logFile: o['log-file'] } as Omit<Target, 'cached'>;
  let dropDatabase = async () => {};
  if (baseUrl) {
    const name = `frosted_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    target.dbUrl = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    };
    console.log(`PostgreSQL server ${url.host}, throw-away database ${name}, pool ${POOL_SIZE} per server`);
  } else {
    target.pgliteDir = mkdtempSync(path.join(tmpdir(), 'frosted-bench-'));
    dropDatabase = async () => rmSync(target.pgliteDir!, { recursive: true, force: true });
    console.log('DATABASE_URL is not set: embedded PGlite, shared by the app and the bare handler.');
  }
  console.log(
    `${connections} connections; per size and mode: ${warmup} s warm-up per variant, then ${reps} x ${duration} s` +
      ` per variant interleaved (${variants.join(', ')}); app logs to ${target.logFile};` +
      ` Accept-Encoding: ${encoding}`,
  );
  console.log(
    'figures: req/s, p50 ms, p99 ms, then CPU ms per request of the server process and of the' +
      ' PostgreSQL backends (PGlite runs inside the server process); the summary shows medians\n',
  );

  const dbCpu = backendCpu(target.dbUrl);
  const summary: { size: number; mode: string; res: Partial<Record<'app' | 'bare', Result>> }[] = [];
  try {
    for (const size of sizes) {
      const database = await openDatabase({ url: target.dbUrl, dataDir: target.pgliteDir, poolSize: 2 });
      await database.migrate();
      const started = performance.now();
      await seed(database, size);
      await database.close();
      console.log(
        `seeded ${size.toLocaleString('en-CA')} vendors in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      for (const mode of list(o.modes)) {
        const server = await startChild({ ...target, cached: mode === 'cached' }, o['cpu-prof']);
        try {
          const meter = async () => ({ server: await server.cpu(), db: await dbCpu() });
          const run: Load = { connections, duration, headers, meter };
          const base = {
            app: `http://127.0.0.1:${server.appPort}`,
            bare: `http://127.0.0.1:${server.barePort}`,
          };
          const paths = {
            app: await mixPaths(base.app, '/api/vendors'),
            bare: await mixPaths(base.bare, '/'),
          };
          if (variants.length === 2) await checkSameJson(base.app, paths.app, base.bare, paths.bare);
          for (const v of variants) await load(base[v], paths[v], { ...run, duration: warmup });
          const runs: Record<string, Result[]> = { app: [], bare: [] };
          for (let i = 0; i < reps; i++) {
            for (const v of variants) {
              const r = await load(base[v], paths[v], run);
              runs[v]!.push(r);
              console.log(
                `  ${String(size).padEnd(7)} ${mode.padEnd(8)} ${v.padEnd(4)} run ${i + 1}: ${fmt(r)}`,
              );
            }
          }
          summary.push({ size, mode, res: Object.fromEntries(variants.map((v) => [v, med(runs[v]!)])) });
        } finally {
          await server.stop();
        }
      }
    }
  } finally {
    await dropDatabase();
  }

  console.log(
    `\nmedians of ${reps}  app: req/s   p50    p99    cpu db-cpu |  bare: req/s   p50    p99    cpu db-cpu | app/bare req/s`,
  );
  for (const { size, mode, res } of summary) {
    const ratio = res.app && res.bare ? (res.app.rps / res.bare.rps).toFixed(2) : '-';
    const cell = (r?: Result) => (r ? fmt(r) : '-'.padStart(34));
    console.log(
      `${String(size).padEnd(8)} ${mode.padEnd(9)} | ${cell(res.app)} | ${cell(res.bare)} | ${ratio}`,
    );
  }
  console.log('\nGoal: app >= 0.8x bare in req/s, both databases, every size and mode.');
}

if (process.argv[2] === '--serve') {
  await serveBoth(JSON.parse(process.argv[3]!) as Target);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
  process.exit(0);
}
