/*
 * Worker entry (for the server build, compiled next to the server as render-worker.js):
 * src/server/modules/designs/renderer/render-worker.ts
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ImageDims } from '../../../../shared/designer.ts';
import type { CakeRenderInput } from './index.ts';
import type { RenderResult, RenderTask } from './render-worker.ts';

/** Idle render threads exit after this long; the next design starts them again. */
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
  /** Stops the threads (after drain, at shutdown); a later render starts them again. */
  close(): Promise<void>;
}

/**
 * A worker-thread pool for the procedural renderer: one thread per core unless `threads` says otherwise.
 * `onError` hears of a thread that failed outside any render (one that cannot start, say).
 */
export function createRenderPool({
  threads,
  onError,
}: { threads?: number; onError?: (err: unknown) => void } = {}): RenderPool {
  const maxThreads = Math.max(1, threads ?? availableParallelism());
  const maxQueue = maxThreads * QUEUE_PER_THREAD;
  let pool: Piscina<RenderTask, RenderResult> | undefined;
  let completed = 0;
  const threadIds = new Set<number>();

  const open = () => {
    if (pool) return pool;
    const created = new Piscina<RenderTask, RenderResult>({
      filename: WORKER_URL.href,
      minThreads: 0,
      maxThreads,
      maxQueue,
      idleTimeout: IDLE_TIMEOUT_MS,
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
      let result: RenderResult;
      try {
        result = await piscina.run({ input, dims }, { signal });
      } catch (err) {
        // Piscina wraps the reason in its own AbortError; callers expect their own, as fetch gives it.
        if (signal?.aborted) throw signal.reason;
        throw err;
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
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}
