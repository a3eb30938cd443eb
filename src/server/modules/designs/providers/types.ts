import type { StylePreset } from '../../../../shared/catalog.ts';
import type { ImageDims } from '../../../../shared/designer.ts';

/** The designer form as the image providers read it. */
export interface DesignForm {
  occasion: string;
  flavor: string;
  size: string;
  description?: string | null;
  colors?: string | null;
  dietary?: string | null;
}

export interface ImageRequest {
  form: DesignForm;
  style: StylePreset;
  dims: ImageDims;
  prompt: string;
}

export interface GeneratedImage {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/webp' | 'image/jpeg';
  provider: 'procedural' | 'openai';
  model: string;
  costCents: number;
}

export interface ImageProvider {
  readonly name: 'procedural' | 'openai';
  readonly model: string;
  /** Null when the provider can generate; else the message that blocks the designer (spec section 5). */
  readonly notReady: string | null;
  /** What one image costs, in integer cents (CAD). */
  readonly costCents: number;
  /** The WxH this provider is asked for, for an image of `dims`. */
  sizeFor(dims: ImageDims): string;
  generate(req: ImageRequest, opts?: { signal?: AbortSignal }): Promise<GeneratedImage>;
}

/** A failure the user may read: section 8's texts. `retryAfterSeconds` for rate limits. */
export class ImageProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'config' | 'content_policy' | 'rate_limited' | 'timeout' | 'provider',
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ImageProviderError';
  }
}
