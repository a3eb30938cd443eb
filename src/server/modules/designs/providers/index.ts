import type { ImageConfig } from '../../../config.ts';
import type { Logger } from '../../../logger.ts';
import { createRenderPool, type RenderPool, RenderPoolBusyError } from '../renderer/pool.ts';
import { createOpenAIProvider, IMAGE_MESSAGES } from './openai.ts';
import { type ImageProvider, ImageProviderError } from './types.ts';

export const PROCEDURAL_MODEL = 'frosted-procedural-1';

/** A render that has not finished in this long (queued or drawing) is dropped. */
const RENDER_TIMEOUT_MS = 30_000;
/** What a full render queue asks the user to wait: the queue empties within seconds. */
const BUSY_RETRY_SECONDS = 10;

/**
 * The image provider IMAGE_PROVIDER names; the procedural renderer needs no network and no key. It
 * draws on `renderPool`'s worker threads when given one, else on the calling thread.
 */
export function createImageProvider(
  config: Pick<ImageConfig, 'provider' | 'openai'>,
  renderPool?: RenderPool,
): ImageProvider {
  return config.provider === 'openai'
    ? createOpenAIProvider(config.openai)
    : createProceduralProvider(renderPool);
}

/** The worker threads the procedural provider draws on: none for OpenAI, or when DESIGN_RENDER_THREADS is 0. */
export function renderPoolFor(
  config: Pick<ImageConfig, 'provider' | 'renderThreads'>,
  log: Logger,
): RenderPool | undefined {
  if (config.provider !== 'procedural' || config.renderThreads === 0) return undefined;
  return createRenderPool({
    threads: config.renderThreads,
    onError: (err) => log.error({ err }, 'design render thread failed'),
  });
}

function createProceduralProvider(renderPool: RenderPool | undefined): ImageProvider {
  return {
    name: 'procedural',
    model: PROCEDURAL_MODEL,
    notReady: null,
    costCents: 0,
    sizeFor: (dims) => `${dims.width}x${dims.height}`,
    async generate(req, opts = {}) {
      opts.signal?.throwIfAborted();
      const deadline = AbortSignal.timeout(RENDER_TIMEOUT_MS);
      const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
      const input = { ...req.form, style: req.style };
      let bytes: Uint8Array;
      try {
        // Loaded only to draw on this thread: with a pool, the server process never loads resvg.
        bytes = renderPool
          ? await renderPool.render(input, req.dims, signal)
          : await (await import('../renderer/index.ts')).renderCakePngAsync(input, req.dims, signal);
      } catch (err) {
        if (opts.signal?.aborted) throw opts.signal.reason;
        if (deadline.aborted)
          throw new ImageProviderError(IMAGE_MESSAGES.timeout(RENDER_TIMEOUT_MS / 1000), 'timeout');
        if (err instanceof RenderPoolBusyError)
          throw new ImageProviderError(
            IMAGE_MESSAGES.rateLimited(BUSY_RETRY_SECONDS),
            'rate_limited',
            BUSY_RETRY_SECONDS,
          );
        throw err;
      }
      return {
        bytes,
        contentType: 'image/png',
        provider: 'procedural',
        model: PROCEDURAL_MODEL,
        costCents: 0,
      };
    },
  };
}
