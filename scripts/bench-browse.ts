/**
 * npm run bench:browse [-- --sizes 1000,10000,100000 --duration 15 --reps 3 --warmup 5 --connections 50
 *   --modes cached,uncached --variants app,bare --accept-encoding none|"gzip, deflate, br, zstd"
 *   --log-file FILE --cpu-prof DIR]
 *
 * Browse Vendors under a realistic mix of requests (MIX below: no filter, location, search, specialty
 * with a sort, a category page, and page 2 through the cursor page 1 gave) against two servers, each in a process of
 * its own, that answer the same JSON from the same SQL:
 * - app: the app as it really runs (createApp: every middleware, zod validation, security headers,
 *   compression, pino request logging to a real file written as main.ts writes stdout), pool of 10;
 * - bare: a lean reference: Hono (@hono/node-server) + a `pg` Pool of 10 sending named prepared
 *   statements (`{ name, text, values }`) with exactly the SQL the app sends (browse-query.ts's
 *   builders), its parameters read by hand (no zod), the card JSON mapped by hand, no logging, no
 *   middleware, never compressed.
 * The load generator (autocannon, in this process) sends no Accept-Encoding by default, so neither
 * server compresses; `--accept-encoding "gzip, br"` makes the app compress (the reference still
 * does not: that measures what compression costs the app, not a like-for-like comparison).
 * Modes: "cached" (the app's real mode) = both keep "{N} vendors found" in a version-keyed,
 * single-flight count cache (the reference has a minimal one of its own); "uncached" = both count on
 * every first page that is full. Each size is seeded into a throw-away database on DATABASE_URL's
 * server, then per mode: JSON compared, warm-up, and `reps` runs of `duration` s per variant
 * interleaved app, bare, app, bare...; medians printed. Besides req/s and latency, each run reports
 * CPU ms per request of the loaded server's process and of the PostgreSQL backends (read from /proc:
 * same host), which a busy machine disturbs less. Without DATABASE_URL the app runs on PGlite alone:
 * PGlite is embedded in one process and has no pool to give a second process, so there is no lean
 * `pg` reference to compare with and the bare variant is skipped (said in the output).
 * --cpu-prof writes each server process's V8 profile into DIR (app-… and bare-… .cpuprofile).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import pg from 'pg';
import { categoryLabel, locationLabel, specialtyLabel } from '../src/shared/catalog.ts';
import { VENDOR_PAGE_SIZE, type VendorFilters, type VendorSort } from '../src/shared/schemas/vendors.ts';
import { createApp } from '../src/server/app.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { createLogger, logDestination } from '../src/server/logger.ts';
import * as browse from '../src/server/modules/vendors/browse-query.ts';
import { countCacheFor } from '../src/server/modules/vendors/count-cache.ts';
import { createServices } from '../src/server/services.ts';
import { testConfig } from '../tests/support/app.ts';

const POOL_SIZE = 10;
/**
 * One cycle of requests per connection (weights by repetition): 20% no filter, 20% location, 15%
 * search, 20% specialty + sort, 5% a category page, 20% page 2 (one of them a category's Load More).
 */
const MIX: { query: string; page2?: true }[] = [
  { query: 'category=photography' },
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
  { query: 'category=flowers', page2: true },
  { query: '' },
];

type Variant = 'app' | 'bare';

interface Target {
  variant: Variant;
  dbUrl?: string;
  pgliteDir?: string;
  cached: boolean;
  logFile: string;
}

// ---------------------------------------------------------------- children: one server each
async function serveOne(target: Target) {
  const { server, close } = target.variant === 'app' ? await serveApp(target) : serveBare(target);
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  process.once('SIGTERM', () => {
    // A clean exit writes --cpu-prof and releases the PGlite data directory for the next child. The
    // requests the load generator left behind finish first: the pool must not end under them.
    server.close();
    setTimeout(() => void close().finally(() => process.exit(0)), 1000);
  });
  process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
  process.send?.({ port: (server.address() as { port: number }).port });
}

/** The app as main.ts runs it: createApp on the services, level info, its log destination. */
async function serveApp(target: Target) {
  const database = await openDatabase({ url: target.dbUrl, dataDir: target.pgliteDir, poolSize: POOL_SIZE });
  countCacheFor(database.db).enabled = target.cached;
  // As main.ts, with a file of its own for stdout.
  const log = createLogger('info', logDestination(target.logFile));
  const config = testConfig({ env: 'production', logLevel: 'info', databaseUrl: target.dbUrl });
  const app = createApp(createServices(config, database, log));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  return { server, close: () => database.close() };
}

/**
 * The lean reference: Hono and a pg Pool sending named prepared statements, the same statements in
 * the same order as listPublicVendors (page; then, for a full first page, the count unless one
 * counted at the page's vendors version is remembered), the card JSON mapped by hand.
 */
function serveBare(target: Target) {
  const pool = new pg.Pool({ connectionString: target.dbUrl, max: POOL_SIZE });
  const dialect = new PgDialect();
  // One name per statement text, as a client library's statement cache keeps them.
  const names = new Map<string, string>();
  const run = async (query: ReturnType<typeof browse.pageQuery>) => {
    const { sql: text, params: values } = dialect.sqlToQuery(query);
    let name = names.get(text);
    if (!name) names.set(text, (name = `bare_${names.size}`));
    return (await pool.query({ name, text, values })).rows as Record<string, unknown>[];
  };
  const counts = new Map<string, { n: number; version: bigint }>();
  const flights = new Map<string, Promise<{ n: number; version: bigint }>>();
  const count = (key: string, options: browse.BrowseOptions) => {
    let flight = flights.get(key);
    if (!flight) {
      flight = run(browse.countQuery(options))
        .then(([r]) => ({ n: r!.n as number, version: BigInt(r!.version as string) }))
        .finally(() => flights.delete(key));
      if (target.cached) flights.set(key, flight);
    }
    return flight;
  };
  const total = async (key: string, options: browse.BrowseOptions, version: bigint) => {
    const known = counts.get(key);
    if (target.cached && known?.version === version) return known.n;
    for (;;) {
      const c = await count(key, options);
      if (target.cached) counts.set(key, c);
      if (c.version >= version || !target.cached) return c.n;
    }
  };
  const app = new Hono().get('/', async (c) => {
    const { filters, cursorToken, limit } = filtersOf(c.req.query());
    const cursor = cursorToken === undefined ? undefined : browse.decodeCursor(filters.sort, cursorToken);
    const options = { filters };
    const rows = (await run(browse.pageQuery({ ...options, cursor, limit: limit + 1 }))) as unknown[];
    const shown = rows.slice(0, limit) as browse.BrowseRow[];
    const full = rows.length > limit;
    let n: number | null = null;
    if (!cursor) {
      n = full
        ? await total(browse.countKey(options)!, options, BigInt(shown[0]!.browse_version))
        : rows.length;
    }
    const last = shown.at(-1);
    return c.json({
      vendors: shown.map(card),
      total: n,
      nextCursor: full && last ? browse.encodeCursor(filters.sort, last) : null,
    });
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  return { server, close: () => pool.end() };
}

/** The mix's parameters read by hand and trusted: the reference validates nothing. */
function filtersOf(p: Record<string, string>) {
  const list = (v: string | undefined) => (v ? v.split(',') : []);
  const filters: VendorFilters = {
    q: p.q?.trim().replace(/\s+/g, ' ') || undefined,
    location: (p.location || 'all') as VendorFilters['location'],
    category: (p.category || 'all') as VendorFilters['category'],
    specialty: (p.specialty || 'all') as VendorFilters['specialty'],
    sort: (p.sort || 'rating') as VendorSort,
    dietary: list(p.dietary) as VendorFilters['dietary'],
    tier: list(p.tier).map(Number),
  };
  return { filters, cursorToken: p.cursor, limit: p.limit ? Number(p.limit) : VENDOR_PAGE_SIZE };
}

const card = (r: browse.BrowseRow) => ({
  id: r.id,
  name: r.business_name,
  specialty: r.specialty,
  specialtyLabel: specialtyLabel(r.specialty),
  category: r.category,
  categoryLabel: categoryLabel(r.category),
  categories: r.categories.length ? r.categories : [r.category],
  fromPriceCents: r.from_price_cents,
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
  specialties: r.specialties.length || r.category !== 'cakes' ? r.specialties : [r.specialty],
  dietaryOptions: r.dietary_options,
  offersDelivery: r.offers_delivery,
  portfolio: { thumbs: r.thumb_keys.map((k) => `/api/files/portfolio/${k}`), total: r.portfolio_total },
});

// ---------------------------------------------------------------- parent: seed, load, report
/**
 * Seeds n vendors (and their owners and portfolio rows) with INSERT ... SELECT generate_series, into
 * a new database (the ledger refuses TRUNCATE's cascade, so each size gets a database of its own).
 */
export async function seed(database: Database, n: number) {
  const db = database.db;
  await db.execute(sql`INSERT INTO users (id, name, email, email_verified, user_type)
    SELECT 'bench-u-' || g, 'Bench Owner ' || g, 'bench-' || g || '@bench.test', true, 'vendor'
    FROM generate_series(1, ${n}::int) g`);
  // Attributes spread by cheap hashes of g: 1 in 20 pending and 1 in 37 rejected; every location,
  // specialty, tier (independent of the specialty); each dietary option on about a quarter of
  // vendors; ratings 3.00-4.99. Half are cake makers, the rest spread over the six other categories
  // (their specialty is their category and they have no cake specialties); 1 in 11 sells in a second
  // category; 1 in 4 has packages, its "from" price set as the package service would.
  await db.execute(sql`INSERT INTO vendors (id, user_id, business_name, specialty, specialties, category,
      categories, from_price_cents, description,
      location, status, verified, rating, review_count, total_orders, price_tier, dietary_options,
      offers_delivery, image_url)
    SELECT 'bench-v-' || lpad(g::text, 7, '0'), 'bench-u-' || g,
      (ARRAY['Sweet','Golden','Maple','Velvet','Sugar','Cocoa','Island','Artisan','Rose','Honey','Lemon','Berry'])[1 + g % 12]
        || ' ' || (ARRAY['Dreams','Crumb','Whisk','Bloom','Atelier','Bakehouse','Studio','Patisserie','Kitchen','Cake Co.'])[1 + (g / 12) % 10]
        || ' ' || g,
      CASE WHEN k.ci = 1 THEN sp[1 + g % 4] ELSE cat[k.ci] END,
      CASE WHEN k.ci > 1 THEN '{}'::text[]
        WHEN g % 3 = 0 THEN ARRAY[sp[1 + g % 4], sp[1 + (g + 1) % 4]] ELSE ARRAY[sp[1 + g % 4]] END,
      cat[k.ci],
      CASE WHEN g % 11 = 0 THEN ARRAY[cat[k.ci], cat[1 + k.ci % 7]] ELSE ARRAY[cat[k.ci]] END,
      CASE WHEN g % 4 = 0 THEN 15000 + (g % 40) * 2500 END,
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
      LATERAL (SELECT CASE WHEN (g / 5) % 12 < 6 THEN 1 ELSE (g / 5) % 12 - 4 END AS ci) k,
      (SELECT ARRAY['wedding','birthday','custom','gourmet'] AS sp,
        ARRAY['cakes','flowers','decor','catering','photography','entertainment','rentals'] AS cat,
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
function backendCpu(dbUrl: string | undefined): { read: () => Promise<number>; end: () => Promise<void> } {
  if (!dbUrl) return { read: async () => 0, end: async () => {} };
  const name = new URL(dbUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: dbUrl.replace(`/${name}`, '/postgres') });
  const connected = client.connect();
  const ticks = 100; // USER_HZ on Linux
  let last = new Map<number, number>();
  let total = 0;
  const read = async () => {
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
  return { read, end: () => client.end() };
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

async function startChild(target: Target, cpuProf: string | undefined, label: string) {
  const profile = cpuProf
    ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`, `--cpu-prof-name=${label}.cpuprofile`]
    : [];
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(target)], {
    execArgv: ['--import', 'tsx', ...profile],
    stdio: 'inherit',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number }));
    child.once('exit', (code) => reject(new Error(`${target.variant} server process exited with ${code}`)));
  });
  const cpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => {
        const { user, system } = (m as { cpu: NodeJS.CpuUsage }).cpu;
        resolve((user + system) / 1000);
      });
      child.send('cpu');
    });
  return { base: `http://127.0.0.1:${port}`, cpu, stop: () => (child.kill('SIGTERM'), exited) };
}

/** A new, empty database for one size: on DATABASE_URL's server, else a PGlite directory in `scratch`. */
async function freshDatabase(baseUrl: string | undefined, scratch: string, size: number) {
  if (!baseUrl) {
    const pgliteDir = path.join(scratch, `db-${size}`);
    return {
      pgliteDir,
      dbUrl: undefined,
      drop: async () => rmSync(pgliteDir, { recursive: true, force: true }),
    };
  }
  const name = `frosted_bench_${process.pid}_${size}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    dbUrl: url.toString(),
    pgliteDir: undefined,
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
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
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

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
      // Default: a file of its own in the temporary directory, removed at the end.
      'log-file': { type: 'string' },
      // "none": neither server compresses. A phone's browser sends "gzip, deflate, br, zstd".
      'accept-encoding': { type: 'string', default: 'none' },
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
  let variants = list(o.variants) as Variant[];
  const encoding = o['accept-encoding'];
  const headers: Record<string, string> = encoding === 'none' ? {} : { 'accept-encoding': encoding };
  const baseUrl = process.env.DATABASE_URL;
  const scratch = mkdtempSync(path.join(tmpdir(), 'frosted-bench-'));
  const logFile = o['log-file'] ?? path.join(scratch, 'app.log');
  if (baseUrl) {
    console.log(
      `PostgreSQL server ${new URL(baseUrl).host}, a throw-away database per size, pool of ${POOL_SIZE} per server process`,
    );
  } else if (variants.includes('bare')) {
    console.log(
      "DATABASE_URL is not set: embedded PGlite. It lives in the app's process and has no pool a second" +
        ' process could use, so there is no lean `pg` reference here: the bare variant is skipped' +
        ' (set DATABASE_URL to compare).',
    );
    variants = variants.filter((v) => v !== 'bare');
  }
  console.log(
    `${connections} connections; per size and mode: ${warmup} s warm-up per variant, then ${reps} x ${duration} s` +
      ` per variant interleaved (${variants.join(', ')}); app logs to ${logFile};` +
      ` Accept-Encoding: ${encoding}` +
      (encoding !== 'none' && variants.includes('bare')
        ? ' (the app compresses, the reference never does)'
        : ''),
  );
  console.log(
    'figures: req/s, p50 ms, p99 ms, then CPU ms per request of the server process and of the' +
      ' PostgreSQL backends (PGlite runs inside the server process); the summary shows medians\n',
  );

  const summary: { size: number; mode: string; res: Partial<Record<Variant, Result>>; load: string }[] = [];
  const drops: (() => Promise<void>)[] = [];
  try {
    for (const size of sizes) {
      const fresh = await freshDatabase(baseUrl, scratch, size);
      drops.push(fresh.drop);
      const target = { logFile, dbUrl: fresh.dbUrl, pgliteDir: fresh.pgliteDir };
      const dbCpu = backendCpu(target.dbUrl);
      drops.unshift(dbCpu.end);
      const database = await openDatabase({ url: target.dbUrl, dataDir: target.pgliteDir, poolSize: 2 });
      await database.migrate();
      const started = performance.now();
      await seed(database, size);
      await database.close();
      console.log(
        `seeded ${size.toLocaleString('en-CA')} vendors in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      for (const mode of list(o.modes)) {
        const cached = mode === 'cached';
        const servers = Object.fromEntries(
          await Promise.all(
            variants.map(async (variant) => [
              variant,
              await startChild({ ...target, variant, cached }, o['cpu-prof'], `${variant}-${size}-${mode}`),
            ]),
          ),
        ) as Partial<Record<Variant, Awaited<ReturnType<typeof startChild>>>>;
        try {
          const paths: Partial<Record<Variant, string[]>> = {};
          for (const v of variants)
            paths[v] = await mixPaths(servers[v]!.base, v === 'app' ? '/api/vendors' : '/');
          if (servers.app && servers.bare) {
            await checkSameJson(servers.app.base, paths.app!, servers.bare.base, paths.bare!);
          }
          const runOn = (v: Variant, seconds: number) => {
            const server = servers[v]!;
            const meter = async () => ({ server: await server.cpu(), db: await dbCpu.read() });
            return load(server.base, paths[v]!, { connections, duration: seconds, headers, meter });
          };
          for (const v of variants) await runOn(v, warmup);
          const runs: Record<string, Result[]> = { app: [], bare: [] };
          for (let i = 0; i < reps; i++) {
            for (const v of variants) {
              const r = await runOn(v, duration);
              runs[v]!.push(r);
              console.log(
                `  ${String(size).padEnd(7)} ${mode.padEnd(8)} ${v.padEnd(4)} run ${i + 1}: ${fmt(r)}` +
                  `   load ${loadAverage()}`,
              );
            }
          }
          summary.push({
            size,
            mode,
            res: Object.fromEntries(variants.map((v) => [v, med(runs[v]!)])),
            load: loadAverage(),
          });
        } finally {
          await Promise.all(Object.values(servers).map((s) => s.stop()));
        }
      }
    }
  } finally {
    for (const drop of drops) await drop();
    if (variants.includes('app')) {
      try {
        const lines = readFileSync(logFile, 'utf8')
          .split('\n')
          .filter((l) => l.includes('"msg":"request"'));
        console.log(
          `\napp request log: ${lines.length.toLocaleString('en-CA')} request lines, ${statSync(logFile).size.toLocaleString('en-CA')} bytes`,
        );
      } catch {
        // A log file elsewhere (a device such as /dev/null) is not read back.
      }
    }
    rmSync(scratch, { recursive: true, force: true });
  }

  console.log(
    `\nmedians of ${reps}  app: req/s   p50    p99    cpu db-cpu |  bare: req/s   p50    p99    cpu db-cpu | app/bare req/s | load average`,
  );
  for (const { size, mode, res, load } of summary) {
    const ratio = res.app && res.bare ? (res.app.rps / res.bare.rps).toFixed(2) : '-';
    const cell = (r?: Result) => (r ? fmt(r) : '-'.padStart(34));
    console.log(
      `${String(size).padEnd(8)} ${mode.padEnd(9)} | ${cell(res.app)} | ${cell(res.bare)} | ${ratio.padStart(14)} | ${load}`,
    );
  }
  console.log(
    '\nGoal (PostgreSQL, 100k vendors, cached): app >= 0.8x bare in req/s at 10 and 50 connections, app p99 <= 50 ms at 50.',
  );
}

if (process.argv[2] === '--serve') {
  await serveOne(JSON.parse(process.argv[3]!) as Target);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
  process.exit(0);
}
