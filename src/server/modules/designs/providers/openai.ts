import { STATUS_CODES } from 'node:http';
import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import type { ImageDims } from '../../../../shared/designer.ts';
import type { OpenAIImageConfig } from '../../../config.ts';
import { type GeneratedImage, type ImageProvider, ImageProviderError, type ImageRequest } from './types.ts';

export const IMAGE_MESSAGES = {
  missingKey: 'OpenAI API key is not configured. Please check your .env.local file.',
  apiError: (model: string, detail: string) => `${model} API error: ${detail}`,
  contentPolicy:
    'The image service declined this description. Try describing the cake differently ' +
    '(for example without names, logos or characters).',
  rateLimited: (seconds: number | undefined) =>
    `The image service is busy right now. Please wait ${
      seconds === undefined ? 'a minute' : `${seconds} second${seconds === 1 ? '' : 's'}`
    } and try again.`,
  timeout: (seconds: number) =>
    `The image service did not answer within ${seconds} seconds. Please try again.`,
} as const;

/** A downloaded image larger than this is refused rather than held in memory. */
export const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;

/**
 * GPT image models (gpt-image-*, chatgpt-image-*) take their own sizes and qualities and always answer
 * in base64; every other model gets the spec's DALL-E 3 request, which OpenAI-compatible servers accept.
 */
export type ModelFamily = 'gpt-image' | 'dall-e';

export function modelFamily(model: string): ModelFamily {
  return /^(gpt-image|chatgpt-image)/i.test(model) ? 'gpt-image' : 'dall-e';
}

const DALL_E_SIZES = ['1024x1024', '1792x1024', '1024x1792'];
const GPT_IMAGE_SIZES = ['1024x1024', '1536x1024', '1024x1536'];

/** The size to ask `model` for: `dims` where the model supports it, else the nearest in aspect ratio. */
export function mapImageSize(model: string, dims: ImageDims): string {
  if (modelFamily(model) === 'dall-e') return nearestByAspect(DALL_E_SIZES, dims);
  // From gpt-image-2 on, any WxH with sides divisible by 16, aspect within 3:1, up to 3840x2160.
  const major = Number(/^gpt-image-(\d+)/i.exec(model)?.[1] ?? 0);
  const { width, height } = dims;
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const free = major >= 2 && width % 16 === 0 && height % 16 === 0 && long <= 3 * short;
  if (free && long <= 3840 && short <= 2160 && short > 0) return `${width}x${height}`;
  return nearestByAspect(GPT_IMAGE_SIZES, dims);
}

function nearestByAspect(sizes: string[], dims: ImageDims): string {
  const target = Math.log(dims.width / dims.height);
  const distance = (size: string) => {
    const [w, h] = size.split('x').map(Number) as [number, number];
    return Math.abs(Math.log(w / h) - target);
  };
  return sizes.reduce((best, size) => (distance(size) < distance(best) ? size : best));
}

/** The body of POST /images/generations for one image, mapped to what the model family accepts. */
export function imageRequestBody(
  model: string,
  dims: ImageDims,
  prompt: string,
): OpenAI.ImageGenerateParamsNonStreaming {
  const size = mapImageSize(model, dims);
  if (modelFamily(model) === 'gpt-image') {
    // 'medium' is the GPT image counterpart of DALL-E 3's 'standard'.
    return { model, prompt, n: 1, size, quality: 'medium', output_format: 'png' };
  }
  // Base64 rather than the spec's url: no second request, nothing that expires after an hour.
  return { model, prompt, n: 1, size, quality: 'standard', response_format: 'b64_json' };
}

/** An image provider speaking OpenAI's images API, at api.openai.com or any compatible server. */
export function createOpenAIProvider(config: OpenAIImageConfig): ImageProvider {
  const { apiKey, model, timeoutMs, costCents } = config;
  // Built only with a key: the SDK would otherwise fall back to process.env and throw its own message.
  const client = apiKey
    ? new OpenAI({
        apiKey,
        baseURL: config.baseUrl ?? 'https://api.openai.com/v1',
        timeout: timeoutMs,
        // Retries would hide our messages behind minutes of waiting; the designer decides about retrying.
        maxRetries: 0,
      })
    : undefined;

  return {
    name: 'openai',
    model,
    notReady: apiKey ? null : IMAGE_MESSAGES.missingKey,
    costCents,
    sizeFor: (dims) => mapImageSize(model, dims),
    async generate(req: ImageRequest, opts: { signal?: AbortSignal } = {}): Promise<GeneratedImage> {
      if (!client || !apiKey) throw new ImageProviderError(IMAGE_MESSAGES.missingKey, 'config');
      const fail = (detail: string) =>
        new ImageProviderError(IMAGE_MESSAGES.apiError(model, redact(detail, apiKey)), 'provider');
      let answer: OpenAI.ImagesResponse;
      try {
        answer = await client.images.generate(imageRequestBody(model, req.dims, req.prompt), {
          signal: opts.signal,
        });
      } catch (err) {
        if (opts.signal?.aborted) throw opts.signal.reason;
        throw toImageProviderError(err, { model, apiKey, timeoutMs });
      }
      const image = answer.data?.[0];
      let bytes: Uint8Array;
      if (image?.b64_json) bytes = Buffer.from(image.b64_json, 'base64');
      else if (image?.url) bytes = await download(image.url, { timeoutMs, signal: opts.signal, fail });
      else throw fail('the answer contained no image');
      const contentType = sniffImageType(bytes);
      if (!contentType) throw fail('the answer was not a PNG, JPEG or WebP image');
      return { bytes, contentType, provider: 'openai', model, costCents };
    },
  };
}

/** Section 8's texts for what the SDK throws; nothing of the key survives into a message. */
function toImageProviderError(
  err: unknown,
  { model, apiKey, timeoutMs }: { model: string; apiKey: string; timeoutMs: number },
): unknown {
  if (err instanceof APIConnectionTimeoutError) {
    return new ImageProviderError(
      IMAGE_MESSAGES.timeout(Math.max(1, Math.round(timeoutMs / 1000))),
      'timeout',
    );
  }
  if (!(err instanceof APIError)) return err;
  const status = err.status;
  const body = err.error as { message?: unknown } | undefined;
  const providerText = typeof body?.message === 'string' && body.message.trim() ? body.message : undefined;
  const detail = redact(
    providerText ?? (status ? (STATUS_CODES[status] ?? `status ${status}`) : err.message),
    apiKey,
  );
  if (status === 400 && isContentPolicy(err.code, providerText)) {
    return new ImageProviderError(IMAGE_MESSAGES.contentPolicy, 'content_policy');
  }
  // An exhausted quota does not come back by waiting, so it is not a rate limit for the caller.
  if (status === 429 && err.code !== 'insufficient_quota') {
    const seconds = retryAfterSeconds(err.headers);
    return new ImageProviderError(IMAGE_MESSAGES.rateLimited(seconds), 'rate_limited', seconds);
  }
  // A rejected key, a forbidden project or a retired model is for the operator to fix.
  const kind = status === 401 || status === 403 || status === 404 ? 'config' : 'provider';
  return new ImageProviderError(IMAGE_MESSAGES.apiError(model, detail), kind);
}

function isContentPolicy(code: string | null | undefined, message: string | undefined): boolean {
  if (code === 'content_policy_violation' || code === 'moderation_blocked') return true;
  return /content policy|safety system|moderation/i.test(message ?? '');
}

/** `retry-after-ms`, or `retry-after` as seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return Math.ceil(ms / 1000);
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : undefined;
}

/** Removes the key and anything shaped like an API key, in case a server echoes one back. */
function redact(text: string, apiKey: string): string {
  return text
    .split(apiKey)
    .join('[redacted]')
    .replace(/\bsk-[\w*.-]{4,}/g, '[redacted]');
}

/** Copies an image answered as a URL at once (those URLs expire), without our key, size-capped. */
async function download(
  url: string,
  opts: { timeoutMs: number; signal: AbortSignal | undefined; fail: (detail: string) => Error },
): Promise<Uint8Array> {
  const { fail } = opts;
  if (!/^https?:\/\//i.test(url)) throw fail('the image address is not an http(s) URL');
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, deadline]) : deadline;
  try {
    const res = await fetch(url, { signal });
    if (!res.ok || !res.body) throw fail(`downloading the image failed (${res.status} ${res.statusText})`);
    if (Number(res.headers.get('content-length') ?? 0) > MAX_DOWNLOAD_BYTES) {
      await res.body.cancel();
      throw fail('the image is too large');
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of res.body) {
      total += chunk.byteLength;
      if (total > MAX_DOWNLOAD_BYTES) throw fail('the image is too large');
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } catch (err) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    if (deadline.aborted) {
      const seconds = Math.max(1, Math.round(opts.timeoutMs / 1000));
      throw new ImageProviderError(IMAGE_MESSAGES.timeout(seconds), 'timeout');
    }
    if (err instanceof ImageProviderError) throw err;
    throw fail('downloading the image failed');
  }
}

/** The type from the bytes themselves: a compatible server's Content-Type is not to be trusted. */
function sniffImageType(bytes: Uint8Array): GeneratedImage['contentType'] | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}
