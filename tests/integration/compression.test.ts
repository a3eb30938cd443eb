import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compression, negotiateEncoding } from '../../src/server/http/compression.ts';
import type { DesignGeneration } from '../../src/shared/schemas/designs.ts';
import { createTestApp, type TestApp, testConfig } from '../support/app.ts';
import { createVendor } from '../support/factories.ts';

/** Brotli, gzip or nothing, as a browser would undo it. */
function decode(res: Response, bytes: Buffer): Buffer {
  const encoding = res.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes);
  if (encoding === 'gzip') return gunzipSync(bytes);
  expect(encoding).toBeNull();
  return bytes;
}
const raw = async (res: Response) => Buffer.from(await res.arrayBuffer());
const get = (t: TestApp, url: string, acceptEncoding?: string, method = 'GET') =>
  t.app.request(url, {
    method,
    headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
  });

// A build in miniature: a hashed script and an icon with the .br/.gz siblings `npm run build` writes,
// and an index.html past the compression threshold.
const script = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const cake${i} = () => "frosting layer ${i}";\n`).join(''),
);
const icon = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`);
const indexHtml = `<!doctype html><html><head><title>Frosted</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(30)}</head><body><div id="root"></div></body></html>`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'frosted-compressed-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  for (const [file, bytes] of [
    ['assets/main-abc123.js', script],
    ['favicon.svg', icon],
  ] as const) {
    writeFileSync(path.join(dist, file), bytes);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(bytes));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(bytes, { level: 9 }));
  }
  t = await createTestApp({
    webDist: dist,
    authRateLimitMax: 1000,
    images: { ...testConfig().images, dailyLimit: { user: 100, visitor: 100 } },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('precompressed build assets', () => {
  it('sends the brotli file to a client that takes brotli, with the type and cache of the original', async () => {
    const res = await get(t, '/assets/main-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await raw(res);
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    expect(body.byteLength).toBeLessThan(script.byteLength / 3);
    expect(brotliDecompressSync(body).equals(script)).toBe(true);
  });

  it('sends gzip to a gzip-only client and the plain file to one that takes neither', async () => {
    const gz = await get(t, '/assets/main-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(gunzipSync(await raw(gz)).equals(script)).toBe(true);

    for (const acceptEncoding of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get(t, '/assets/main-abc123.js', acceptEncoding);
      expect(res.headers.get('content-encoding'), acceptEncoding).toBeNull();
      expect(res.headers.get('content-length'), acceptEncoding).toBe(String(script.byteLength));
      // Caches must still keep the variants apart.
      expect(res.headers.get('vary'), acceptEncoding).toMatch(/accept-encoding/i);
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect((await raw(res)).equals(script), acceptEncoding).toBe(true);
    }
  });

  it('follows q-values and wildcards', async () => {
    for (const [acceptEncoding, expected] of [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1.0, br;q=0.5', 'gzip'],
      ['gzip;q=0.5, br;q=0.8', 'br'],
      ['BR', 'br'],
      ['*', 'br'],
      ['*;q=0.1, br;q=0', 'gzip'],
    ] as const) {
      const res = await get(t, '/assets/main-abc123.js', acceptEncoding);
      expect(res.headers.get('content-encoding'), acceptEncoding).toBe(expected);
      expect(decode(res, await raw(res)).equals(script), acceptEncoding).toBe(true);
    }
  });

  it('answers HEAD with the headers GET would send and no body', async () => {
    const br = await raw(await get(t, '/assets/main-abc123.js', 'br'));
    const head = await get(t, '/assets/main-abc123.js', 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('content-length')).toBe(String(br.byteLength));
    expect(await head.text()).toBe('');
  });

  it('precompresses other build files too, cached for an hour', async () => {
    const res = await get(t, '/favicon.svg', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(brotliDecompressSync(await raw(res)).equals(icon)).toBe(true);
  });

  it('compresses the index.html written per request, still uncached', async () => {
    for (const route of ['/', '/browse-vendors', '/no/such/page']) {
      const res = await get(t, route, 'br, gzip');
      expect(res.headers.get('content-encoding'), route).toBe('br');
      expect(res.headers.get('content-type'), route).toBe('text/html; charset=UTF-8');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      expect(res.headers.get('vary'), route).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(await raw(res)).toString(), route).toBe(indexHtml);
    }
    const plain = await get(t, '/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(indexHtml);
  });
});

describe('API responses', () => {
  it('compresses JSON above the threshold and leaves small JSON alone', async () => {
    for (let i = 0; i < 6; i++) await createVendor(t.database.db);
    const big = await get(t, '/api/vendors', 'gzip, deflate, br');
    expect(big.status).toBe(200);
    expect(big.headers.get('content-encoding')).toBe('br');
    expect(big.headers.get('content-type')).toMatch(/^application\/json/);
    expect(big.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(big.headers.get('cache-control')).toBe('no-store');
    const body = await raw(big);
    expect(big.headers.get('content-length')).toBe(String(body.byteLength));
    const json = brotliDecompressSync(body).toString();
    expect(json.length).toBeGreaterThan(1024);
    expect(JSON.parse(json).vendors).toHaveLength(6);

    const gz = await get(t, '/api/vendors', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await raw(gz)).toString())).toEqual(JSON.parse(json));

    const small = await get(t, '/api/health', 'br, gzip');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await small.json()).status).toBe('ok');
  });

  it('never compresses the designer event stream, and serves images as they are', async () => {
    const started = await t.app.request('/api/designs/generations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
      body: JSON.stringify({
        occasion: 'Birthday',
        flavor: 'Chocolate',
        size: '8 inch (8-10)',
        description: 'Chocolate drip with gold stars',
        variations: 1,
      }),
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as DesignGeneration;

    const events = await get(t, `/api/designs/generations/${id}/events`, 'br, gzip');
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events.headers.get('content-encoding')).toBeNull();
    const stream = await events.text();
    // Long enough that it would have been compressed if it were JSON.
    expect(stream.length).toBeGreaterThan(1024);
    const done = stream.split('\n\n').find((block) => block.startsWith('event: done'));
    const generation = JSON.parse(done!.split('\n')[1]!.slice('data:'.length)) as DesignGeneration;

    const url = generation.images[0]!.url;
    const image = await get(t, url, 'br, gzip');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.headers.get('etag')).toMatch(/^"[^"]+"$/);
    const bytes = await raw(image);
    expect(image.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('the compression middleware', () => {
  const big = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Cake number ${i}` })) };
  const app = new Hono()
    .use(compression())
    .get('/tagged', (c) => {
      c.header('ETag', '"v1"');
      if (c.req.header('If-None-Match') === '"v1"') return c.body(null, 304);
      return c.json(big);
    })
    .get('/weak', (c) => {
      c.header('ETag', 'W/"v1"');
      return c.json(big);
    })
    .get('/no-transform', (c) => {
      c.header('Cache-Control', 'no-transform');
      return c.json(big);
    })
    .get('/empty', (c) => c.body(null, 204));
  const send = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    app.request(url, { method, headers: { 'Accept-Encoding': 'br', ...headers } });

  it('weakens a strong ETag on a compressed body and keeps a weak one', async () => {
    const res = await send('/tagged');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(JSON.parse(brotliDecompressSync(await raw(res)).toString())).toEqual(big);
    expect((await send('/weak')).headers.get('etag')).toBe('W/"v1"');
  });

  it('leaves HEAD, 204, 304 and no-transform responses alone', async () => {
    const head = await send('/tagged', {}, 'HEAD');
    expect(head.headers.get('content-encoding')).toBeNull();
    expect(head.headers.get('etag')).toBe('"v1"');
    const notModified = await send('/tagged', { 'If-None-Match': '"v1"' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-encoding')).toBeNull();
    expect(notModified.headers.get('etag')).toBe('"v1"');
    const empty = await send('/empty');
    expect(empty.status).toBe(204);
    expect(empty.headers.get('content-encoding')).toBeNull();
    const noTransform = await send('/no-transform');
    expect(noTransform.headers.get('content-encoding')).toBeNull();
    expect(await noTransform.json()).toEqual(big);
  });

  it('negotiates by q-value, preferring brotli on a tie', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=0.9, br;q=0.1')).toBe('gzip');
    expect(negotiateEncoding('br;q=0')).toBeUndefined();
    expect(negotiateEncoding('br', ['gzip'])).toBeUndefined();
    expect(negotiateEncoding('*;q=0.5', ['gzip'])).toBe('gzip');
  });
});
