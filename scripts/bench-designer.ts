/**
 * npm run bench:designer: the designer end to end with the procedural renderer, as a browser does it:
 * POST /api/designs/generations over loopback HTTP, then follow the event stream until `done`.
 * Prints, for one design and for three variations: time to the first progress event and to the
 * results (median, p90, min, max over BENCH_RUNS runs, default 20), and the renderer alone for
 * reference; each with designs drawn on the main thread (DESIGN_RENDER_THREADS=0) and on the render
 * pool, runs interleaved. Uses throw-away PGlite databases (or DATABASE_URL's server) and a temporary
 * data directory. Asserts nothing; the goal for three variations is under 300 ms on a 2-core machine.
 * npm run bench:designer-load measures what the pool is for: the API's latency while designs render.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app.ts';
import { createLogger } from '../src/server/logger.ts';
import { renderCakePngAsync } from '../src/server/modules/designs/renderer/index.ts';
import { createRenderPool } from '../src/server/modules/designs/renderer/pool.ts';
import { createServices, type Services } from '../src/server/services.ts';
import { testConfig } from '../tests/support/app.ts';
import { createTestDatabase } from '../tests/support/db.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 3;
const FORMS = [
  {
    occasion: 'Birthday',
    flavor: 'Chocolate',
    size: '8 inch (8-10)',
    colors: 'Navy, gold',
    dietary: ['nut-free'],
  },
  { occasion: 'Wedding', flavor: 'Vanilla', size: '12 inch (20-25)', colors: 'Ivory, blush', dietary: [] },
  {
    occasion: 'Baby Shower',
    flavor: 'Lemon',
    size: '10 inch (12-15)',
    colors: 'Mint, yellow',
    dietary: ['vegan'],
  },
];

interface Timing {
  firstEvent: number;
  total: number;
}

async function generateOnce(base: string, variations: 1 | 3, run: number): Promise<Timing> {
  const form = FORMS[run % FORMS.length]!;
  const started = performance.now();
  const res = await fetch(`${base}/api/designs/generations`, {
    method: 'POST',
    // Each run from its own address, so the per-minute request limit does not throttle the benchmark.
    headers: {
      'Content-Type': 'application/json',
      // The app's own origin (PUBLIC_URL), as a browser on it sends.
      Origin: testConfig().publicUrl,
      'X-Forwarded-For': `10.9.${variations}.${run}`,
    },
    body: JSON.stringify({ ...form, description: `Benchmark run ${run}`, variations }),
  });
  if (res.status !== 202) throw new Error(`POST answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const stream = await fetch(`${base}/api/designs/generations/${id}/events`);
  if (!stream.body) throw new Error('no event stream');
  let firstEvent = 0;
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of stream.body) {
    buffer += decoder.decode(chunk, { stream: true });
    if (!firstEvent && buffer.includes('event: progress')) firstEvent = performance.now() - started;
    if (buffer.includes('event: done')) return { firstEvent, total: performance.now() - started };
    if (buffer.includes('event: failed')) throw new Error(`generation failed: ${buffer}`);
  }
  throw new Error('the stream ended without a result');
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const ms = (v: number) => `${v.toFixed(0).padStart(4)} ms`;
  return `median ${ms(at(0.5))}  p90 ${ms(at(0.9))}  min ${ms(sorted[0] ?? 0)}  max ${ms(sorted.at(-1) ?? 0)}`;
}

const MODES = [
  { name: 'main thread', renderThreads: 0 },
  { name: 'render pool', renderThreads: undefined },
] as const;

async function startServer(dataDir: string, renderThreads: number | undefined) {
  const database = await createTestDatabase();
  const base = testConfig();
  const config = testConfig({
    dataDir,
    trustProxy: true,
    images: { ...base.images, renderThreads, dailyLimit: { user: 100_000, visitor: 100_000 } },
  });
  const services: Services = createServices(config, database, createLogger('silent'));
  const server = serve({ fetch: createApp(services).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.designs.drain();
      await database.close();
    },
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frosted-bench-designer-'));
  const servers = await Promise.all(MODES.map((m) => startServer(dataDir, m.renderThreads)));
  const pool = createRenderPool();

  try {
    console.log(
      `Designer, procedural renderer, ${RUNS} runs each (after ${WARMUP} warm-up runs), main thread and ` +
        `render pool (${pool.maxThreads} threads) interleaved, database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );
    let run = 0;
    for (const variations of [1, 3] as const) {
      for (let i = 0; i < WARMUP; i++)
        for (const server of servers) await generateOnce(server.url, variations, 200 + run++);
      const timings: Timing[][] = servers.map(() => []);
      for (let i = 0; i < RUNS; i++) {
        // Alternate which goes first, so a drift in the machine's load favours neither.
        for (const m of i % 2 ? [1, 0] : [0, 1])
          timings[m]!.push(await generateOnce(servers[m]!.url, variations, run++));
      }
      const label = variations === 1 ? 'one design      ' : 'three variations';
      for (const [m, mode] of MODES.entries()) {
        const t = timings[m]!;
        console.log(`${label} ${mode.name}  first progress event: ${summary(t.map((x) => x.firstEvent))}`);
        console.log(`${label} ${mode.name}  results:              ${summary(t.map((x) => x.total))}`);
      }
    }
    for (const dims of [
      { width: 1024, height: 1024 },
      { width: 1024, height: 1792 },
    ]) {
      const input = (i: number) => ({
        ...FORMS[0]!,
        dietary: '',
        style: 'elegant' as const,
        description: `r${i}`,
      });
      await pool.render(input(-1), dims);
      const times: number[][] = [[], []];
      for (let i = 0; i < RUNS; i++) {
        for (const m of i % 2 ? [1, 0] : [0, 1]) {
          const started = performance.now();
          await (m === 0 ? renderCakePngAsync(input(i), dims) : pool.render(input(i), dims));
          times[m]!.push(performance.now() - started);
        }
      }
      for (const [m, mode] of MODES.entries())
        console.log(`renderer alone ${dims.width}x${dims.height} ${mode.name}:  ${summary(times[m]!)}`);
    }
  } finally {
    await pool.close();
    for (const server of servers) await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
