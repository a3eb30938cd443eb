import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageProvider } from '../../src/server/modules/designs/providers/index.ts';
import { IMAGE_MESSAGES } from '../../src/server/modules/designs/providers/openai.ts';
import { ImageProviderError, type ImageRequest } from '../../src/server/modules/designs/providers/types.ts';
import { createRenderPool, type RenderPool } from '../../src/server/modules/designs/renderer/pool.ts';
import type { DesignGeneration } from '../../src/shared/schemas/designs.ts';
import { createTestApp, type TestApp, testConfig } from '../support/app.ts';

const FORM = {
  occasion: 'Birthday',
  flavor: 'Chocolate',
  size: '8 inch (8-10)',
  description: 'Chocolate drip with gold stars',
  colors: 'Navy, gold',
  dietary: ['nut-free'],
};

const request = (width: number, height: number, description = 'pool'): ImageRequest => ({
  form: { ...FORM, description, dietary: 'nut-free' },
  style: 'elegant',
  dims: { width, height },
  prompt: 'a cake',
});

const openai = {
  apiKey: undefined,
  baseUrl: undefined,
  model: 'gpt-image-2',
  timeoutMs: 5_000,
  costCents: 4,
};

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

describe('the designer draws on worker threads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      authRateLimitMax: 1000,
      images: { ...testConfig().images, dailyLimit: { user: 100, visitor: 100 } },
    });
  });
  afterAll(() => t.close());

  const generate = async (body: unknown) => {
    const res = await t.app.request('/api/designs/generations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
    return ((await res.json()) as DesignGeneration).id;
  };
  const read = async (id: string) =>
    (await (await t.app.request(`/api/designs/generations/${id}`)).json()) as DesignGeneration;

  it('renders every variation of concurrent generations in the pool, never on the event loop', async () => {
    const pool = t.services.designs.renderPool;
    expect(pool).toBeDefined();
    const ids = await Promise.all([
      generate({ ...FORM, variations: 3 }),
      generate({ ...FORM, occasion: 'Wedding', variations: 3 }),
    ]);
    // Drain waits for both generations, then stops the render threads.
    await t.services.designs.drain();

    const stats = pool!.stats();
    expect(stats.completed).toBe(6);
    expect(stats.threadIds.length).toBeGreaterThan(0);
    expect(stats.threadIds.length).toBeLessThanOrEqual(pool!.maxThreads);
    expect(stats.threadIds).not.toContain(threadId);
    expect(stats.threads).toBe(0);

    for (const [id, dims] of [
      [ids[0]!, { width: 1024, height: 1024 }],
      [ids[1]!, { width: 1024, height: 1792 }],
    ] as const) {
      const generation = await read(id);
      expect(generation.status).toBe('succeeded');
      expect(generation.images).toHaveLength(3);
      for (const image of generation.images) {
        const file = await t.app.request(image.url);
        expect(file.headers.get('content-type')).toBe('image/png');
        expect(pngSize(new Uint8Array(await file.arrayBuffer()))).toEqual(dims);
      }
    }
  });

  it('starts the threads again for a generation after a drain', async () => {
    const pool = t.services.designs.renderPool!;
    const before = pool.stats().completed;
    const id = await generate({ ...FORM, variations: 1 });
    await t.services.designs.drain();
    expect((await read(id)).status).toBe('succeeded');
    expect(pool.stats().completed).toBe(before + 1);
  });
});

describe('the render pool', () => {
  let pool: RenderPool;
  beforeAll(() => {
    pool = createRenderPool({ threads: 1 });
  });
  afterAll(() => pool.close());

  it('fails a render at once with the busy message when the queue is full', async () => {
    const provider = createImageProvider({ provider: 'procedural', openai }, pool);
    const count = pool.maxThreads + pool.maxQueue + 1;
    const outcomes = await Promise.allSettled(
      Array.from({ length: count }, (_, i) => provider.generate(request(64, 64, `busy ${i}`))),
    );
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(refused).toHaveLength(1);
    expect(outcomes.at(-1)?.status).toBe('rejected');
    expect(refused[0]).toBeInstanceOf(ImageProviderError);
    expect(refused[0]).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 10,
      message: IMAGE_MESSAGES.rateLimited(10),
    });
  });

  it('drops a queued render when its generation is aborted, with the caller’s reason', async () => {
    const provider = createImageProvider({ provider: 'procedural', openai }, pool);
    const before = pool.stats().completed;
    // One thread: the first render occupies it, so the second waits in the queue.
    const running = provider.generate(request(1024, 1792, 'occupies the thread'));
    const controller = new AbortController();
    const queued = provider.generate(request(1024, 1024, 'waits'), { signal: controller.signal });
    expect(pool.stats().queued).toBeGreaterThan(0);
    controller.abort(new Error('generation timed out'));
    await expect(queued).rejects.toThrow('generation timed out');
    expect(pool.stats().queued).toBe(0);
    const made = await running;
    expect(pngSize(made.bytes)).toEqual({ width: 1024, height: 1792 });
    // Only the first render ever ran.
    expect(pool.stats().completed).toBe(before + 1);
  });

  it('lets the process exit once closed, even with renders still waiting', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'frosted-render-pool-'));
    const script = path.join(dir, 'close.mjs');
    const poolUrl = new URL('../../src/server/modules/designs/renderer/pool.ts', import.meta.url).href;
    await writeFile(
      script,
      `const { createRenderPool } = await import(${JSON.stringify(poolUrl)});
      const pool = createRenderPool({ threads: 1 });
      const input = { occasion: 'Birthday', flavor: 'Lemon', size: '8 inch (8-10)', style: 'rustic' };
      const first = await pool.render(input, { width: 128, height: 128 });
      const waiting = [1, 2, 3].map(() =>
        pool.render(input, { width: 1024, height: 1024 }).then(() => 'drawn', () => 'dropped'));
      await pool.close();
      console.log(JSON.stringify({
        png: first.subarray(1, 4).toString(),
        waiting: await Promise.all(waiting),
        threads: pool.stats().threads,
      }));`,
    );
    try {
      // A process that is kept alive by a thread would be killed by the timeout instead (signal set).
      const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(child.stderr).toBe('');
      expect(child.signal).toBeNull();
      expect(child.status).toBe(0);
      expect(JSON.parse(child.stdout)).toEqual({
        png: 'PNG',
        waiting: ['dropped', 'dropped', 'dropped'],
        threads: 0,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
