/**
 * npm run bench:designer-load: does the API stay responsive while designs render? Browse Vendors
 * (GET /api/vendors) under autocannon (10 connections, BENCH_SECONDS s, default 10) with no designs
 * rendering, then while 4 clients keep three-variation generations running (each starts a new one as
 * soon as its last is done); once with designs drawn on the main thread (DESIGN_RENDER_THREADS=0),
 * once on the render pool. Runs are interleaved, BENCH_REPS times (default 3), and medians printed:
 * browse p50/p99 and req/s, the server's event-loop delay p99, and generations finished and their
 * median time. The servers (demo seed, throw-away PGlite or DATABASE_URL's server) run in child
 * processes, the load here. Asserts nothing; on a busy machine compare the columns, not the numbers.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { testConfig } from '../tests/support/app.ts';
import { startTestServer } from '../tests/support/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const CONNECTIONS = 10;
const GENERATORS = 4;
const MODES = [
  { name: 'main thread', renderThreads: 0 },
  { name: 'render pool', renderThreads: undefined },
] as const;
type ModeName = (typeof MODES)[number]['name'];

const FORMS = [
  { occasion: 'Birthday', flavor: 'Chocolate', size: '8 inch (8-10)', colors: 'Navy, gold', dietary: [] },
  { occasion: 'Wedding', flavor: 'Vanilla', size: '12 inch (20-25)', colors: 'Ivory, blush', dietary: [] },
  { occasion: 'Baby Shower', flavor: 'Lemon', size: '10 inch (12-15)', colors: 'Mint', dietary: ['vegan'] },
];

// ---------------------------------------------------------------- child: one server
type ToChild = 'reset' | 'read' | 'stop';
interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

async function serve(renderThreads: number | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frosted-bench-load-'));
  const base = testConfig();
  const server = await startTestServer({
    seed: true,
    configure: async () => ({
      dataDir,
      trustProxy: true,
      images: { ...base.images, renderThreads, dailyLimit: { user: 1_000_000, visitor: 1_000_000 } },
    }),
  });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  process.on('message', (message: ToChild) => {
    if (message === 'reset' || message === 'read') {
      const ms = (ns: number) => ns / 1e6;
      const read: LoopDelay = {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
      };
      if (message === 'reset') delay.reset();
      process.send?.({ delay: read });
    } else if (message === 'stop') {
      void server.close().finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
    }
  });
  process.send?.({ url: server.url });
}

// ---------------------------------------------------------------- parent: the load
interface Server {
  mode: ModeName;
  url: string;
  child: ChildProcess;
}

async function startServer(mode: (typeof MODES)[number]): Promise<Server> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', String(mode.renderThreads ?? '')], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  return { mode: mode.name, url, child };
}

function ask(server: Server, message: ToChild): Promise<LoopDelay> {
  return new Promise((resolve) => {
    server.child.once('message', (m) => resolve((m as { delay: LoopDelay }).delay));
    server.child.send(message);
  });
}

let address = 0;

/** One three-variation generation as the browser makes it: POST, then the event stream to `done`. */
async function generateOnce(base: string): Promise<number> {
  const n = ++address;
  const started = performance.now();
  const res = await fetch(`${base}/api/designs/generations`, {
    method: 'POST',
    // Each from its own address, so the per-minute generation limit does not throttle the benchmark.
    headers: {
      'Content-Type': 'application/json',
      Origin: base,
      'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify({ ...FORMS[n % FORMS.length], description: `Load run ${n}`, variations: 3 }),
  });
  if (res.status !== 202) throw new Error(`POST answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const stream = await fetch(`${base}/api/designs/generations/${id}/events`);
  if (!stream.body) throw new Error('no event stream');
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of stream.body) {
    buffer += decoder.decode(chunk, { stream: true });
    if (buffer.includes('event: done')) return performance.now() - started;
    if (buffer.includes('event: failed')) throw new Error(`generation failed: ${buffer}`);
  }
  throw new Error('the stream ended without a result');
}

interface Measure {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  loopP99: number;
  generations: number;
  generationMs: number;
}

async function measure(server: Server, generating: boolean, seconds = SECONDS): Promise<Measure> {
  let stop = false;
  const times: number[] = [];
  const loops = generating
    ? Array.from({ length: GENERATORS }, async () => {
        while (!stop) times.push(await generateOnce(server.url));
      })
    : [];
  await ask(server, 'reset');
  const r = await autocannon({
    url: `${server.url}/api/vendors`,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const delay = await ask(server, 'read');
  stop = true;
  await Promise.all(loops);
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors + r.non2xx + r.timeouts,
    loopP99: delay.p99,
    generations: times.length,
    generationMs: median(times),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const cell = (v: number, width = 8) => (Number.isFinite(v) ? v.toFixed(0) : '-').padStart(width);
function row(label: string, m: Measure): string {
  return `${label.padEnd(32)}${cell(m.p50)}${cell(m.p99)}${cell(m.rps)}${cell(m.loopP99, 12)}${cell(m.generations, 8)}${cell(m.generationMs, 10)}${m.errors ? `  (${m.errors} errors)` : ''}`;
}
const HEADER = `${''.padEnd(32)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'req/s'.padStart(8)}${'loop p99 ms'.padStart(12)}${'gens'.padStart(8)}${'gen ms'.padStart(10)}`;

async function main() {
  console.log(
    `Browse (GET /api/vendors, ${CONNECTIONS} connections, ${SECONDS} s) alone and while ${GENERATORS} clients keep ` +
      `three-variation generations running; ${REPS} interleaved repetitions; database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  const servers: Server[] = [];
  try {
    for (const mode of MODES) servers.push(await startServer(mode));
    // Warm-up: JIT, the database's plans, the render threads.
    for (const server of servers) {
      await generateOnce(server.url);
      await measure(server, true, 2);
    }
    const results = new Map<string, Measure[]>();
    console.log(`\n${HEADER}`);
    for (let rep = 0; rep < REPS; rep++) {
      // Alternate which mode goes first, so a drift in the machine's load does not favour one.
      const order = rep % 2 ? [...servers].reverse() : servers;
      for (const server of order) {
        for (const generating of [false, true]) {
          const label = `${server.mode}, ${generating ? 'generating' : 'idle'}`;
          const m = await measure(server, generating);
          results.set(label, [...(results.get(label) ?? []), m]);
          console.log(row(`#${rep + 1} ${label}`, m));
        }
      }
    }
    console.log(`\nmedians of ${REPS}\n${HEADER}`);
    for (const [label, ms] of results) {
      const med = (pick: (m: Measure) => number) => median(ms.map(pick));
      console.log(
        row(label, {
          p50: med((m) => m.p50),
          p99: med((m) => m.p99),
          rps: med((m) => m.rps),
          errors: ms.reduce((sum, m) => sum + m.errors, 0),
          loopP99: med((m) => m.loopP99),
          generations: med((m) => m.generations),
          generationMs: med((m) => m.generationMs),
        }),
      );
    }
  } finally {
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.child.once('exit', () => resolve());
            s.child.send('stop');
          }),
      ),
    );
  }
}

if (process.argv[2] === '--serve') {
  const threads = process.argv[3];
  await serve(threads === '' || threads === undefined ? undefined : Number(threads));
} else {
  await main();
}
