/**
 * npm run bench:designer: the designer end to end with the procedural renderer, as a browser does it:
 * POST /api/designs/generations over loopback HTTP, then follow the event stream until `done`.
 * Prints, for one design and for three variations: time to the first progress event and to the
 * results (median, p90, min, max over BENCH_RUNS runs, default 20), and the renderer alone for
 * reference. Uses a throw-away PGlite database (or DATABASE_URL's server) and a temporary data
 * directory. Asserts nothing; the goal for three variations is under 300 ms on a 2-core machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app.ts';
import { createLogger } from '../src/server/logger.ts';
import { renderCakePngAsync } from '../src/server/modules/designs/renderer/index.ts';
import { createServices } from '../src/server/services.ts';
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
      Origin: base,
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

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'frosted-bench-designer-'));
  const database = await createTestDatabase();
  const base = testConfig();
  const config = testConfig({
    dataDir,
    trustProxy: true,
    images: { ...base.images, dailyLimit: { user: 100_000, visitor: 100_000 } },
  });
  const services = createServices(config, database, createLogger('silent'));
  const server = serve({ fetch: createApp(services).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  try {
    console.log(
      `Designer, procedural renderer, ${RUNS} runs each (after ${WARMUP} warm-up runs), database: ${database.kind}`,
    );
    for (const variations of [1, 3] as const) {
      for (let i = 0; i < WARMUP; i++) await generateOnce(url, variations, 200 + i);
      const timings: Timing[] = [];
      for (let i = 0; i < RUNS; i++) timings.push(await generateOnce(url, variations, i));
      const label = variations === 1 ? 'one design      ' : 'three variations';
      console.log(`${label}  first progress event: ${summary(timings.map((t) => t.firstEvent))}`);
      console.log(`${label}  results:              ${summary(timings.map((t) => t.total))}`);
    }
    for (const dims of [
      { width: 1024, height: 1024 },
      { width: 1024, height: 1792 },
    ]) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await renderCakePngAsync({ ...FORMS[0]!, dietary: '', style: 'elegant', description: `r${i}` }, dims);
        times.push(performance.now() - started);
      }
      console.log(`renderer alone ${dims.width}x${dims.height}:    ${summary(times)}`);
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await services.designs.drain();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
