/**
 * The render pool's worker entry: one whole procedural render (SVG build, resvg rasterise, PNG encode)
 * on a worker thread. It imports the renderer only, so a compiled build bundles nothing else into it.
 */
import { threadId } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { ImageDims } from '../../../../shared/designer.ts';
import { type CakeRenderInput, renderCakePng } from './index.ts';

export interface RenderTask {
  input: CakeRenderInput;
  dims: ImageDims;
}

export interface RenderResult {
  png: ArrayBuffer;
  /** The worker thread that drew it (the main thread is 0). */
  threadId: number;
}

export default function render(task: RenderTask): ReturnType<typeof move> {
  // The worker has its own core, so resvg runs synchronously here rather than on libuv's pool.
  const drawn = renderCakePng(task.input, task.dims);
  // resvg's Buffer is external memory, which cannot be transferred: copied here, off the event loop,
  // into an ArrayBuffer that moves to the main thread without a second copy.
  const png = new ArrayBuffer(drawn.byteLength);
  new Uint8Array(png).set(drawn);
  const result: RenderResult = { png, threadId };
  return move({ [transferableSymbol]: png, [valueSymbol]: result });
}
