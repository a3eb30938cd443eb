/*
 * Worker entry (for the server build, compiled next to the server as render-worker.js):
 * src/server/modules/designs/renderer/render-worker.ts
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ImageDims } from '../../../../shared/designer.ts';
import type { CakeRenderInput } from './index.ts';
import type { RenderResult, RenderTask } from './render-worker.ts';

/**
 * Render threads start with the first design and exit after this long without one; the next design
 * starts them again. Each costs about 30 MB (its own V8 heap and resvg), idle or not (decision 021).
 */
const IDLE_TIMEOUT_MS = 30_000;
/** Renders that may wait per thread (about 100 ms each): beyond that a design fails fast as busy. */
const QUEUE_PER_THREAD = 16;
/** Render threads give way to the event loop's thread when both want the same core. */
const NICE_INCREMENT = 5;

// From source (tsx, Vitest) the worker is TypeScript and its thread needs tsx too (Vitest's transform
// does not reach worker threads); built, it is plain JS next to the server and inherits the flags.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './render-worker.ts' : './render-worker.js', import.meta.url);
const hasTsx = (argv: string[]) =>
  argv.some((a, i) => a === '--import=tsx' || (a === 'tsx' && argv[i - 1] === '--import'));
const WORKER_EXEC_ARGV =
  FROM_SOURCE && !hasTsx(process.execArgv) ? [...process.execArgv, '--import', 'tsx'] : undefined;

/** Too many renders are waiting already. */
export class RenderPoolBusyError extends Error {
  constructor() {
    super('the render queue is full');
    this.name = 'RenderPoolBusyError';
  }
}

/** Schedules the idle stop: `start` calls `fn` once after `ms` unless the function it returns cancels it. */
export interface IdleTimer {
  start(fn: () => void, ms: number): () => void;
}

/** The system's timer, which never keeps the process alive by itself. */
const systemTimer: IdleTimer = {
  start(fn, ms) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface RenderPoolOptions {
  /** At most this many threads; one per core when absent. */
  threads?: number;
  /** Hears of a thread that failed outside any render (one that cannot start, say). */
  onError?: (err: unknown) => void;
  /** How long the threads stay after the last render ends. */
  idleMs?: number;
  /** The system's timer unless a test moves time itself. */
  idleTimer?: IdleTimer;
}

export interface RenderPool {
  readonly maxThreads: number;
  readonly maxQueue: number;
  /**
   * The PNG drawn on a worker thread. Rejects with RenderPoolBusyError when the queue is full, and
   * with the signal's reason when it aborts (a queued render is dropped, a running one stopped).
   */
  render(input: CakeRenderInput, dims: ImageDims, signal?: AbortSignal): Promise<Buffer>;
  /** Renders finished on the pool, those waiting, threads running now and every thread that drew one. */
  stats(): { completed: number; queued: number; threads: number; threadIds: number[] };
  /**
   * Stops the threads (after drain, at shutdown, or after `idleMs` without a render) and resolves when
   * they have exited; a later render starts them again.
   */
  close(): Promise<void>;
}

/**
 * A worker-thread pool for the procedural renderer. No thread runs until the first render; once no
 * render has been waiting or drawing for `idleMs`, the threads exit until the next one.
 */
export function createRenderPool({
  threads,
  onError,
  idleMs = IDLE_TIMEOUT_MS,
  idleTimer = systemTimer,
}: RenderPoolOptions = {}): RenderPool {
  const maxThreads = Math.max(1, threads ?? availableParallelism());
  const maxQueue = maxThreads * QUEUE_PER_THREAD;
  let pool: Piscina<RenderTask, RenderResult> | undefined;
  let completed = 0;
  const threadIds = new Set<number>();
  /** Renders handed to the pool and not yet settled: waiting or drawing. */
  let inFlight = 0;
  let cancelIdleStop: (() => void) | undefined;
  /** Stopped pools whose threads are still exiting: close() waits for them too. */
  const exiting = new Set<Promise<void>>();

  const close = async () => {
    cancelIdleStop?.();
    cancelIdleStop = undefined;
    const closing = pool;
    pool = undefined;
    if (closing) {
      const destroyed = closing.destroy();
      exiting.add(destroyed);
      destroyed.then(
        () => exiting.delete(destroyed),
        () => exiting.delete(destroyed),
      );
    }
    await Promise.all(exiting);
  };

  const open = () => {
    if (pool) return pool;
    const created = new Piscina<RenderTask, RenderResult>({
      filename: WORKER_URL.href,
      minThreads: 0,
      maxThreads,
      maxQueue,
      // Piscina also ends a thread idle this long, so a pool used now and then keeps only the threads
      // it needs; the idle stop below is the one that ends them all.
      idleTimeout: idleMs,
      niceIncrement: NICE_INCREMENT,
      ...(WORKER_EXEC_ARGV && { execArgv: WORKER_EXEC_ARGV }),
    });
    // Unheard, this event would end the process; and piscina starts no more threads after one fails to
    // start, so the waiting renders are failed now and the next render tries with a fresh pool.
    created.on('error', (err: unknown) => {
      onError?.(err);
      if (pool === created) pool = undefined;
      void created.destroy();
    });
    return (pool = created);
  };

  return {
    maxThreads,
    maxQueue,
    async render(input, dims, signal) {
      signal?.throwIfAborted();
      const piscina = open();
      // Checked here: piscina's own maxQueue misses tasks that carry a signal (its skip queue holds them).
      if (piscina.queueSize >= maxQueue) throw new RenderPoolBusyError();
      cancelIdleStop?.();
      cancelIdleStop = undefined;
      inFlight++;
      let result: RenderResult;
      try {
        result = await piscina.run({ input, dims }, { signal });
      } catch (err) {
        // Piscina wraps the reason in its own AbortError; callers expect their own, as fetch gives it.
        if (signal?.aborted) throw signal.reason;
        throw err;
      } finally {
        if (--inFlight === 0 && pool) {
          cancelIdleStop = idleTimer.start(() => {
            cancelIdleStop = undefined;
            close().catch((err: unknown) => onError?.(err));
          }, idleMs);
        }
      }
      completed++;
      threadIds.add(result.threadId);
      return Buffer.from(result.png);
    },
    stats: () => ({
      completed,
      queued: pool?.queueSize ?? 0,
      threads: pool?.threads.length ?? 0,
      threadIds: [...threadIds],
    }),
    close,
  };
}
