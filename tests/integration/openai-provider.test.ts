import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OpenAIImageConfig } from '../../src/server/config.ts';
import { createImageProvider } from '../../src/server/modules/designs/providers/index.ts';
import {
  createOpenAIProvider,
  IMAGE_MESSAGES,
  MAX_DOWNLOAD_BYTES,
} from '../../src/server/modules/designs/providers/openai.ts';
import { type ImageRequest, ImageProviderError } from '../../src/server/modules/designs/providers/types.ts';
import { startFakeOpenAI, TINY_PNG } from '../support/fake-openai.ts';

const KEY = 'sk-test-frosted-0123456789abcdef';
const form = { occasion: 'Wedding', flavor: 'Lemon', size: '3-Tier', colors: 'ivory' };
const request: ImageRequest = {
  form,
  style: 'elegant',
  dims: { width: 1024, height: 1792 },
  prompt: 'A cake.',
};

let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
const provider = (overrides: Partial<OpenAIImageConfig> = {}) =>
  createOpenAIProvider({
    apiKey: KEY,
    baseUrl: fake.baseUrl,
    model: 'gpt-image-2',
    timeoutMs: 5_000,
    costCents: 4,
    ...overrides,
  });

/** The ImageProviderError a failing generation rejects with. */
async function failure(promise: Promise<unknown>): Promise<ImageProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImageProviderError);
  expect((err as Error).message).not.toContain(KEY);
  return err as ImageProviderError;
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('OpenAI image provider', () => {
  it('returns the PNG bytes of a base64 answer, sending the mapped GPT image request and the key', async () => {
    const image = await provider().generate(request);
    expect(Buffer.from(image.bytes).equals(TINY_PNG)).toBe(true);
    expect(image).toMatchObject({
      contentType: 'image/png',
      provider: 'openai',
      model: 'gpt-image-2',
      costCents: 4,
    });
    const [sent] = fake.generations();
    expect(fake.generations()).toHaveLength(1);
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body).toEqual({
      model: 'gpt-image-2',
      prompt: 'A cake.',
      n: 1,
      size: '1024x1792',
      quality: 'medium',
      output_format: 'png',
    });
  });

  it('maps the size and quality for the configured model', async () => {
    await provider({ model: 'gpt-image-1.5' }).generate(request);
    await provider({ model: 'dall-e-3' }).generate({ ...request, dims: { width: 1792, height: 1024 } });
    const [older, dallE] = fake.generations().map((r) => r.body);
    expect(older).toMatchObject({ model: 'gpt-image-1.5', size: '1024x1536', quality: 'medium' });
    expect(dallE).toEqual({
      model: 'dall-e-3',
      prompt: 'A cake.',
      n: 1,
      size: '1792x1024',
      quality: 'standard',
      response_format: 'b64_json',
    });
  });

  it('downloads an image answered as a URL at once, without sending the key there', async () => {
    fake.answerWith({ kind: 'url' });
    const image = await provider({ model: 'dall-e-3', costCents: 8 }).generate(request);
    expect(Buffer.from(image.bytes).equals(TINY_PNG)).toBe(true);
    expect(image).toMatchObject({ contentType: 'image/png', model: 'dall-e-3', costCents: 8 });
    const download = fake.requests.find((r) => r.method === 'GET');
    expect(download?.path).toMatch(/^\/files\//);
    expect(download?.headers.authorization).toBeUndefined();
  });

  it('refuses a downloaded image above the size cap', async () => {
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(MAX_DOWNLOAD_BYTES)]);
    fake.answerWith({ kind: 'url', bytes: huge });
    const err = await failure(provider({ model: 'dall-e-3' }).generate(request));
    expect(err.kind).toBe('provider');
    expect(err.message).toBe('dall-e-3 API error: the image is too large');
  });

  it('explains a content-policy refusal helpfully', async () => {
    fake.answerWith({
      kind: 'error',
      status: 400,
      error: {
        message: 'Your request was rejected as a result of our safety system.',
        type: 'image_generation_user_error',
        code: 'content_policy_violation',
      },
    });
    const err = await failure(provider().generate(request));
    expect(err.kind).toBe('content_policy');
    expect(err.message).toBe(IMAGE_MESSAGES.contentPolicy);
  });

  it('asks the user to wait on a rate limit, with the retry-after seconds, and does not retry', async () => {
    fake.answerWith({
      kind: 'error',
      status: 429,
      error: {
        message: 'Rate limit reached for images per minute.',
        type: 'requests',
        code: 'rate_limit_exceeded',
      },
      headers: { 'retry-after': '17' },
    });
    const err = await failure(provider().generate(request));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAfterSeconds).toBe(17);
    expect(err.message).toBe('The image service is busy right now. Please wait 17 seconds and try again.');
    expect(fake.generations()).toHaveLength(1);
  });

  it('treats an exhausted quota as a provider error, not a wait', async () => {
    fake.answerWith({
      kind: 'error',
      status: 429,
      error: {
        message: 'You exceeded your current quota.',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      },
    });
    const err = await failure(provider().generate(request));
    expect(err.kind).toBe('provider');
    expect(err.message).toBe('gpt-image-2 API error: You exceeded your current quota.');
  });

  it('gives up with a clear message when the service does not answer in time', async () => {
    fake.answerWith({ kind: 'hang' });
    const started = Date.now();
    const err = await failure(provider({ timeoutMs: 300 }).generate(request));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe(IMAGE_MESSAGES.timeout(1));
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("passes a server error on in section 8's words, with the configured model's name", async () => {
    fake.answerWith({
      kind: 'error',
      status: 500,
      error: { message: 'The server had an error processing your request.', type: 'server_error' },
    });
    const err = await failure(provider().generate(request));
    expect(err.kind).toBe('provider');
    expect(err.message).toBe('gpt-image-2 API error: The server had an error processing your request.');

    fake.answerWith({ kind: 'error', status: 503 });
    const bare = await failure(provider({ model: 'dall-e-3' }).generate(request));
    expect(bare.message).toBe('dall-e-3 API error: Service Unavailable');
  });

  it('refuses to call out without a key', async () => {
    const err = await failure(provider({ apiKey: undefined }).generate(request));
    expect(err.kind).toBe('config');
    expect(err.message).toBe('OpenAI API key is not configured. Please check your .env.local file.');
    expect(fake.requests).toHaveLength(0);
  });

  it('never repeats the key, even when the server echoes it', async () => {
    fake.answerWith({
      kind: 'error',
      status: 401,
      error: {
        message: `Incorrect API key provided: ${KEY}.`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    });
    const err = await failure(provider().generate(request));
    expect(err.kind).toBe('config');
    expect(err.message).toBe('gpt-image-2 API error: Incorrect API key provided: [redacted].');
  });

  it('rejects an answer that is not an image', async () => {
    fake.answerWith({ kind: 'b64', bytes: Buffer.from('<html>not an image</html>') });
    const err = await failure(provider().generate(request));
    expect(err.kind).toBe('provider');
    expect(err.message).toBe('gpt-image-2 API error: the answer was not a PNG, JPEG or WebP image');
  });

  it("stops when the caller's signal aborts, with the caller's reason", async () => {
    fake.answerWith({ kind: 'hang' });
    const controller = new AbortController();
    const pending = provider().generate(request, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await expect(pending).rejects.toThrow('client went away');
  });
});

describe('createImageProvider', () => {
  const openai = { apiKey: KEY, baseUrl: undefined, model: 'gpt-image-2', timeoutMs: 5_000, costCents: 4 };

  it('draws with the free procedural renderer by default', async () => {
    const procedural = createImageProvider({ provider: 'procedural', openai });
    expect(procedural).toMatchObject({ name: 'procedural', model: 'frosted-procedural-1' });
    const image = await procedural.generate({ ...request, dims: { width: 256, height: 448 } });
    expect(image).toMatchObject({ contentType: 'image/png', provider: 'procedural', costCents: 0 });
    expect(Buffer.from(image.bytes.subarray(1, 4)).toString('ascii')).toBe('PNG');
  });

  it('uses the OpenAI-compatible service when IMAGE_PROVIDER is openai', async () => {
    const chosen = createImageProvider({ provider: 'openai', openai: { ...openai, baseUrl: fake.baseUrl } });
    expect(chosen).toMatchObject({ name: 'openai', model: 'gpt-image-2' });
    await chosen.generate(request);
    expect(fake.generations()).toHaveLength(1);
  });
});
