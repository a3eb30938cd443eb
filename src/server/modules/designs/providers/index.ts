import type { ImageConfig } from '../../../config.ts';
import { renderCakePngAsync } from '../renderer/index.ts';
import { createOpenAIProvider } from './openai.ts';
import type { ImageProvider } from './types.ts';

export const PROCEDURAL_MODEL = 'frosted-procedural-1';

/** The image provider IMAGE_PROVIDER names; the procedural renderer needs no network and no key. */
export function createImageProvider(config: Pick<ImageConfig, 'provider' | 'openai'>): ImageProvider {
  return config.provider === 'openai' ? createOpenAIProvider(config.openai) : createProceduralProvider();
}

function createProceduralProvider(): ImageProvider {
  return {
    name: 'procedural',
    model: PROCEDURAL_MODEL,
    notReady: null,
    costCents: 0,
    sizeFor: (dims) => `${dims.width}x${dims.height}`,
    async generate(req, opts = {}) {
      opts.signal?.throwIfAborted();
      const bytes = await renderCakePngAsync({ ...req.form, style: req.style }, req.dims, opts.signal);
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
