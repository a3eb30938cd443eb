import type { ImageConfig } from '../../../config.ts';
import { renderCakePng } from '../renderer/index.ts';
import { createOpenAIProvider } from './openai.ts';
import type { ImageProvider } from './types.ts';

export const PROCEDURAL_MODEL = 'frosted-procedural-1';

/** The image provider IMAGE_PROVIDER names; the procedural renderer needs no network and no key. */
export function createImageProvider(config: ImageConfig): ImageProvider {
  return config.provider === 'openai' ? createOpenAIProvider(config.openai) : createProceduralProvider();
}

function createProceduralProvider(): ImageProvider {
  return {
    name: 'procedural',
    model: PROCEDURAL_MODEL,
    async generate(req, opts = {}) {
      opts.signal?.throwIfAborted();
      const bytes = renderCakePng({ ...req.form, style: req.style }, req.dims);
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
