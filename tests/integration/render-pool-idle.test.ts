import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createRenderPool,
  type IdleTimer,
  type RenderPool,
} from '../../src/server/modules/designs/renderer/pool.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const INPUT = { occasion: 'Birthday', flavor: 'Lemon', size: '8 inch (8-10)', style: 'rustic' } as const;
const SMALL = { width: 64, height: 64 };
const IDLE_MS = 30_000;

/** An idle timer that fires only when the test says the time has passed: no sleeping. */
function manualTimer() {
  const pending = new Set<{ fn: () => void; ms: number }>();
  const timer: IdleTimer = {
    start(fn, ms) {
      const entry = { fn, ms };
      pending.add(entry);
      return () => pending.delete(entry);
    },
  };
  return {
    timer,
    /** The delays of the timers waiting now. */
    waiting: () => [...pending].map((entry) => entry.ms),
    /** Lets the time pass: every waiting timer fires. */
    elapse() {
      for (const entry of [...pending]) {
        pending.delete(entry);
        entry.fn();
      }
    },
  };
}

describe('the render pool holds threads only while designs are drawn', () => {
  let pool: RenderPool;
  let time: ReturnType<typeof manualTimer>;
  afterEach(() => pool.close());

  const create = () => {
    time = manualTimer();
    pool = createRenderPool({ threads: 1, idleMs: IDLE_MS, idleTimer: time.timer });
    return pool;
  };

  it('starts no thread until the first render', async () => {
    create();
    expect(pool.stats().threads).toBe(0);
    expect(time.waiting()).toEqual([]);
    const png = await pool.render(INPUT, SMALL);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(pool.stats().threads).toBe(1);
  });

  it('ends its threads once no render has come for the idle time, and starts them for the next', async () => {
    create();
    await pool.render(INPUT, SMALL);
    expect(time.waiting()).toEqual([IDLE_MS]);
    time.elapse();
    // close() resolves once the stopped threads have exited.
    await pool.close();
    expect(pool.stats().threads).toBe(0);

    await pool.render(INPUT, SMALL);
    expect(pool.stats()).toMatchObject({ threads: 1, completed: 2 });
  });

  it('waits for the idle time again after each render, and never while one is waiting or drawing', async () => {
    create();
    await pool.render(INPUT, SMALL);
    const drawing = pool.render(INPUT, { width: 512, height: 512 });
    const waiting = pool.render(INPUT, SMALL);
    // The idle stop of the first render is cancelled: two renders are in the pool.
    expect(time.waiting()).toEqual([]);
    await drawing;
    expect(time.waiting()).toEqual([]);
    await waiting;
    expect(time.waiting()).toEqual([IDLE_MS]);
    expect(pool.stats().threads).toBe(1);
  });

  it('waits for no idle time once closed', async () => {
    create();
    await pool.render(INPUT, SMALL);
    await pool.close();
    expect(time.waiting()).toEqual([]);
    expect(pool.stats().threads).toBe(0);
  });
});

describe('a server that has drawn no design', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs no render thread', async () => {
    expect((await t.app.request('/api/health')).status).toBe(200);
    expect(t.services.designs.renderPool?.stats().threads).toBe(0);
  });
});
