import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { PROGRESS_STEPS } from '../../../shared/schemas/designs.ts';
import { safeError } from '../../http/log-safe-error.ts';
import type { AppEnv } from '../../http/types.ts';
import { generationImages, loadGeneration, readGenerationState } from './generation-service.ts';
import { effectiveStatus, presentGeneration, stageFor } from './presenter.ts';

/** How often the stream re-reads the row when no wake-up came (a generation run by another process). */
const POLL_MS = 1000;

/**
 * The event stream of one generation: every progress step in order (steps reached before the browser
 * connected are replayed, so it always sees the whole sequence), then `done` or `failed` with the
 * generation. The row is the truth; this process's runner only wakes the stream early.
 */
export function followGeneration(c: Context<AppEnv>, id: string): Response {
  const { db, designs } = c.var.services;
  c.header('Cache-Control', 'no-cache, no-transform');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(
    c,
    async (stream) => {
      let changed = true;
      let wake: (() => void) | undefined;
      const unsubscribe = designs.subscribe(id, () => {
        changed = true;
        wake?.();
      });
      stream.onAbort(() => wake?.());
      let sent = 0;
      try {
        while (!stream.aborted) {
          changed = false;
          const row = await readGenerationState(db, id);
          if (!row) return;
          const variations = row.variations === 3 ? 3 : 1;
          const steps = PROGRESS_STEPS[variations];
          const { status } = effectiveStatus(row);
          // 100 is announced with the results, never before the row says succeeded.
          for (; sent < steps.length && (steps[sent] ?? 0) <= row.progress; sent++) {
            const progress = steps[sent] ?? 0;
            if (progress === 100 && status !== 'succeeded') break;
            await stream.writeSSE({
              event: 'progress',
              data: JSON.stringify({ progress, stage: stageFor(variations, progress) }),
            });
          }
          if (status !== 'running') {
            const full = await loadGeneration(db, id);
            const generation = presentGeneration(
              full ?? { generation: row, vendorName: null },
              await generationImages(db, id),
            );
            await stream.writeSSE({
              event: status === 'succeeded' ? 'done' : 'failed',
              data: JSON.stringify(generation),
            });
            return;
          }
          if (changed) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, POLL_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
      } finally {
        unsubscribe();
      }
    },
    async (err) => {
      // The stream just ends; the browser falls back to polling the generation (which answers 503 while
      // the database is away). Logged here so the error goes through the logger's parameter scrubbing.
      c.var.log.warn({ err: safeError(err), generationId: id }, 'design event stream failed');
    },
  );
}
