/**
 * npm run bench:browse: seeds 1k, 10k and 100k vendors into a throw-away database and measures the
 * Browse Vendors API (a filtered, sorted first page and a search) with autocannon on loopback at 10
 * and 50 connections, next to a bare node:http handler that sends the same SQL through the driver.
 * Uses the PostgreSQL server of DATABASE_URL (a new database, dropped afterwards), else PGlite.
 * Prints figures and asserts nothing. The servers run in a child process, the load generator here.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { vendorListInput, vendorListQuerySchema } from '../src/shared/schemas/vendors.ts';
import { createApp } from '../src/server/app.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { createLogger } from '../src/server/logger.ts';
import { countQuery, pageQuery } from '../src/server/modules/vendors/browse-query.ts';
import { setCountCacheEnabled } from '../src/server/modules/vendors/count-cache.ts';
import { createServices } from '../src/server/services.ts';
import { testConfig } from '../tests/support/app.ts';

const SIZES = [1_000, 10_000, 100_000];
const CONNECTIONS = [10, 50];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const POOL_SIZE = 10;
const SCENARIOS = [
  { name: 'filtered', query: 'location=vancouver&specialty=wedding&minRating=4&sort=reviews' },
  { name: 'search', query: 'q=maple' },
] as const;

interface Target {
  dbUrl?: string;
  pgliteDir?: string;
  /** Off: every first page counts, as the bare handler does (the framework-overhead comparison). */
  countCache?: boolean;
}

// ---------------------------------------------------------------- child: the two servers
async function serveBoth(target: Target) {
  setCountCacheEnabled(target.countCache !== false);
  const database = await openDatabase({ url: target.dbUrl, dataDir: target.pgliteDir, poolSize: POOL_SIZE });
  const config = testConfig({ logLevel: 'silent', databaseUrl: target.dbUrl });
  const app = createApp(createServices(config, database, createLogger('silent')));
  const appServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });

  // The bare handler: parse the same query, build the same SQL, send it, write the rows as JSON.
  const dialect = new PgDialect();
  const run = bareRunner(database, target);
  const bare = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const parsed = vendorListQuerySchema.parse(vendorListInput(url.searchParams));
    const { cursor: _c, limit, ...filters } = parsed;
    const page = dialect.sqlToQuery(pageQuery({ filters, limit: limit + 1 }));
    const count = dialect.sqlToQuery(countQuery({ filters }));
    Promise.all([run(page.sql, page.params), run(count.sql, count.params)]).then(
      ([rows, total]) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ vendors: rows.slice(0, limit), total: total[0] }));
      },
      (err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      },
    );
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) =>
    appServer.listening ? resolve() : appServer.once('listening', () => resolve()),
  );
  const port = (s: { address(): unknown }) => (s.address() as { port: number }).port;
  process.send?.({ appPort: port(appServer), barePort: port(bare) });
}

function bareRunner(database: Database, target: Target) {
  if (target.dbUrl) {
    const pool = new pg.Pool({ connectionString: target.dbUrl, max: POOL_SIZE });
    return async (text: string, params: unknown[]) => (await pool.query(text, params)).rows as unknown[];
  }
  // PGlite is one embedded client: the bare handler shares it with the app.
  const client = (database.db as unknown as { $client: { query: typeof pg.Pool.prototype.query } }).$client;
  return async (text: string, params: unknown[]) => (await client.query(text, params)).rows as unknown[];
}

// ---------------------------------------------------------------- parent: seed, load, report
/** Seeds n vendors (and their owners and portfolio rows) with INSERT ... SELECT generate_series. */
export async function seed(database: Database, n: number) {
  const db = database.db;
  await db.execute(sql`TRUNCATE vendors, users CASCADE`);
  await db.execute(sql`INSERT INTO users (id, name, email, email_verified, user_type)
    SELECT 'bench-u-' || g, 'Bench Owner ' || g, 'bench-' || g || '@bench.test', true, 'vendor'
    FROM generate_series(1, ${n}::int) g`);
  // Attributes spread by cheap hashes of g: 1 in 20 pending and 1 in 37 rejected; every location,
  // specialty, tier; each dietary option on about a quarter of vendors; ratings 3.00-4.99.
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
      round(3 + ((g::bigint * 7919) % 200) / 100.0, 2), (g * 31) % 300, (g * 17) % 500, 1 + (g * 13) % 4,
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
}

async function load(url: string, connections: number, duration: number): Promise<Result> {
  const r = await autocannon({ url, connections, duration, pipelining: 1 });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx + r.timeouts,
  };
}

async function startChild(
  target: Target,
): Promise<{ child: ChildProcess; appPort: number; barePort: number }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(target)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const ports = await new Promise<{ appPort: number; barePort: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { appPort: number; barePort: number }));
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  return { child, ...ports };
}

const num = (n: number) => n.toFixed(0).padStart(7);

async function main() {
  const baseUrl = process.env.DATABASE_URL;
  const target: Target = {};
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
    console.log(`PostgreSQL server ${url.host}, throw-away database ${name}`);
  } else {
    target.pgliteDir = mkdtempSync(path.join(tmpdir(), 'frosted-bench-'));
    dropDatabase = async () => rmSync(target.pgliteDir!, { recursive: true, force: true });
    console.log('DATABASE_URL is not set: embedded PGlite (one process, not a production database).');
    console.log('The bare handler shares the one PGlite client with the app.');
  }
  console.log(
    `${SECONDS} s per run, pool ${POOL_SIZE}, loopback, server and load generator in separate processes`,
  );
  console.log('each variant: req/s, p50 ms, p99 ms\n');
  console.log(HEADER);

  const rows: Row[] = [];
  try {
    for (const size of SIZES) {
      const database = await openDatabase({ url: target.dbUrl, dataDir: target.pgliteDir, poolSize: 2 });
      await database.migrate();
      const started = performance.now();
      await seed(database, size);
      await database.close();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`seeded ${size.toLocaleString('en-CA')} vendors in ${seconds} s`);
      const measured = new Map<string, Partial<Row>>();
      // The app as it runs (count cache on), then with every count run, as the bare handler does.
      for (const countCache of [true, false]) {
        const { child, appPort, barePort } = await startChild({ ...target, countCache });
        try {
          for (const s of SCENARIOS) {
            const appUrl = `http://127.0.0.1:${appPort}/api/vendors?${s.query}`;
            const bareUrl = `http://127.0.0.1:${barePort}/?${s.query}`;
            await load(appUrl, 10, 1); // warm-up: JIT, plans, buffers
            if (countCache) await load(bareUrl, 10, 1);
            for (const conns of CONNECTIONS) {
              const row = measured.get(`${s.name}${conns}`) ?? { size, scenario: s.name, conns };
              measured.set(`${s.name}${conns}`, row);
              if (countCache) {
                row.app = await load(appUrl, conns, SECONDS);
                row.bare = await load(bareUrl, conns, SECONDS);
              } else {
                row.uncached = await load(appUrl, conns, SECONDS);
                printRow(row as Row);
              }
            }
          }
        } finally {
          child.kill();
        }
      }
      rows.push(...([...measured.values()] as Row[]));
    }
  } finally {
    await dropDatabase();
  }

  console.log(`\n${HEADER}`);
  for (const r of rows) printRow(r);
  console.log(
    '\nGoals at 100k vendors: p99 <= 25 ms at 50 connections; throughput >= 0.8x bare (app with every count run, as bare);',
  );
  console.log('latency at 100k <= 1.5x that at 1k (app as it runs, count cache on).');
  for (const s of SCENARIOS) {
    const at = (size: number) =>
      rows.find((r) => r.size === size && r.scenario === s.name && r.conns === 50)!;
    const [big, small] = [at(100_000), at(1_000)];
    const ratio = big.uncached.rps / big.bare.rps;
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(
      `  ${s.name.padEnd(8)} p99 ${big.app.p99.toFixed(1)} ms ${verdict(big.app.p99 <= 25)}; ` +
        `throughput ${ratio.toFixed(2)}x bare ${verdict(ratio >= 0.8)}; ` +
        `100k/1k p99 ${(big.app.p99 / small.app.p99).toFixed(2)}x ${verdict(big.app.p99 <= 1.5 * small.app.p99)}` +
        ` (uncached ${(big.uncached.p99 / small.uncached.p99).toFixed(2)}x)`,
    );
  }
}

interface Row {
  size: number;
  scenario: string;
  conns: number;
  app: Result;
  uncached: Result;
  bare: Result;
}

const HEADER =
  'size     scenario  conns | app (as it runs)        | app, count every time   | bare handler            | uncached/bare';
const cell = (r: Result) =>
  `${num(r.rps)} ${r.p50.toFixed(1).padStart(6)} ${r.p99.toFixed(1).padStart(6)}` +
  (r.errors ? ` err ${r.errors}` : '      ');
function printRow(r: Row) {
  console.log(
    `${String(r.size).padEnd(8)} ${r.scenario.padEnd(9)} ${String(r.conns).padStart(5)} | ${cell(r.app)} | ${cell(r.uncached)} | ${cell(r.bare)} | ${(r.uncached.rps / r.bare.rps).toFixed(2)}`,
  );
}

if (process.argv[2] === '--serve') {
  await serveBoth(JSON.parse(process.argv[3]!) as Target);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
  process.exit(0);
}
