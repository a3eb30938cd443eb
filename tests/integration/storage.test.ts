import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrl, storeUploadedImage } from '../../src/server/modules/storage/images.ts';
import { assertSafeKey, isSafeKey, keyPrefix } from '../../src/server/modules/storage/keys.ts';
import { createLocalStore } from '../../src/server/modules/storage/local-store.ts';
import { createS3Store } from '../../src/server/modules/storage/s3-store.ts';
import { createObjectStore, type ObjectStore } from '../../src/server/modules/storage/store.ts';
import { createTestApp, testConfig, type TestApp } from '../support/app.ts';
import { startS3Server } from '../support/s3.ts';

/** The object stores, key rules and file route. Image checks: src/server/modules/storage/images.int.test.ts. */
let tmp: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let local: ObjectStore;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'frosted-storage-'));
  s3 = await startS3Server();
  local = createLocalStore(path.join(tmp, 'uploads'));
});
afterAll(async () => {
  await s3.close();
  await rm(tmp, { recursive: true, force: true });
});

const TRAVERSALS = [
  '../x.webp',
  '../../package.json',
  'a/../../x.webp',
  '/etc/passwd.png',
  'a//b.webp',
  'a/./b.webp',
  'a\\..\\b.webp',
  '..%2f..%2fetc%2fpasswd',
  'Vendor/x.webp',
  'x.webp.tmp',
  'x.svg',
  'x',
  '',
];

describe('storage keys', () => {
  it('accepts only lowercase segments with one of our extensions', () => {
    expect(isSafeKey('vendor/4f1c-9a/2b7e-thumb.webp')).toBe(true);
    expect(isSafeKey('a.png') && isSafeKey('a.jpg')).toBe(true);
    for (const key of TRAVERSALS) {
      expect(isSafeKey(key), key).toBe(false);
      expect(() => assertSafeKey(key), key).toThrow(/unsafe storage key/);
    }
  });

  it('turns arbitrary ids into safe, distinct segments', () => {
    expect(keyPrefix('vendor', '3f2a-77')).toBe('vendor/3f2a-77');
    const hostile = ['../../etc', 'AbC', 'abc', 'a b/c', '', '%2e%2e', 'Ünïcode'];
    const prefixes = hostile.map((id) => keyPrefix('vendor', id));
    for (const prefix of prefixes) expect(isSafeKey(`${prefix}/x.webp`), prefix).toBe(true);
    expect(new Set(prefixes).size).toBe(hostile.length);
  });
});

describe.each([
  ['local', () => local],
  ['s3', () => createS3Store(s3.config)],
])('%s object store', (kind, makeStore) => {
  const body = new TextEncoder().encode('not really an image, the store does not care');

  it('puts, gets and deletes an object', async () => {
    const store = makeStore();
    expect(store.kind).toBe(kind);
    const key = `${keyPrefix('round-trip', crypto.randomUUID())}/photo.webp`;
    expect(await store.get('portfolio', key)).toBeNull();
    await store.put('portfolio', key, body, 'image/webp');
    const got = await store.get('portfolio', key);
    expect(got).toMatchObject({ contentType: 'image/webp', size: body.byteLength });
    expect(Buffer.from(got!.body).equals(Buffer.from(body))).toBe(true);
    expect(got!.etag).toMatch(/^"[^"]+"$/);
    expect((await store.get('portfolio', key))!.etag).toBe(got!.etag);
    // Buckets are separate namespaces.
    expect(await store.get('vendors', key)).toBeNull();
    await store.delete('portfolio', key);
    expect(await store.get('portfolio', key)).toBeNull();
    await expect(store.delete('portfolio', key)).resolves.toBeUndefined();
  });

  it('refuses unsafe keys and a content type the key does not name', async () => {
    const store = makeStore();
    for (const key of TRAVERSALS) {
      await expect(store.put('portfolio', key, body, 'image/webp'), key).rejects.toThrow(/unsafe/);
      await expect(store.get('portfolio', key), key).rejects.toThrow(/unsafe/);
      await expect(store.delete('portfolio', key), key).rejects.toThrow(/unsafe/);
    }
    await expect(store.put('portfolio', 'a.png', body, 'text/html')).rejects.toThrow(/content type/);
  });
});

it('keeps s3 objects under <bucket>/<key> in the one real bucket', async () => {
  const store = createS3Store(s3.config);
  await store.put('designs', 'layout/check.png', new Uint8Array([1, 2, 3]), 'image/png');
  const listed = await s3.admin.send(
    new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: 'designs/' }),
  );
  expect(listed.Contents?.map((o) => o.Key)).toEqual(['designs/layout/check.png']);
});

it('chooses the driver from the configuration', () => {
  expect(createObjectStore(testConfig({ dataDir: tmp })).kind).toBe('local');
  expect(createObjectStore(testConfig({ s3: s3.config })).kind).toBe('s3');
});

// ---- serving -------------------------------------------------------------------------------

describe.each([
  ['local', () => ({ dataDir: tmp })],
  ['s3', () => ({ s3: s3.config })],
])('GET /api/files from %s storage', (_kind, overrides) => {
  let t: TestApp;
  let url: string;
  let webp: Uint8Array;
  beforeAll(async () => {
    t = await createTestApp(overrides());
    const image = await storeUploadedImage({
      store: t.services.storage,
      bucket: 'portfolio',
      bytes: await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c06' } })
        .jpeg()
        .toBuffer(),
      prefix: keyPrefix('vendor', crypto.randomUUID()),
    });
    url = fileUrl('portfolio', image.imageKey);
    webp = (await t.services.storage.get('portfolio', image.imageKey))!.body;
  });
  afterAll(() => t.close());

  it('serves the file with its type and cache headers', async () => {
    const res = await t.app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/webp');
    expect(res.headers.get('Content-Length')).toBe(String(webp.byteLength));
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(res.headers.get('ETag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Disposition')).toBe('inline');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(webp))).toBe(true);

    const head = await t.app.request(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Type')).toBe('image/webp');
    expect(await head.text()).toBe('');
  });

  it('answers 304 when the client already has this version', async () => {
    const etag = (await t.app.request(url)).headers.get('ETag')!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await t.app.request(url, { headers: { 'If-None-Match': ifNoneMatch } });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.headers.get('ETag')).toBe(etag);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600');
      expect(await res.text()).toBe('');
    }
    expect((await t.app.request(url, { headers: { 'If-None-Match': '"stale"' } })).status).toBe(200);
  });

  it('answers a JSON 404 for a missing file, an unknown bucket or an unsafe key', async () => {
    const key = url.slice('/api/files/portfolio/'.length);
    for (const path of [
      '/api/files/portfolio/vendor/missing.webp',
      `/api/files/vendors/${key}`,
      `/api/files/secrets/${key}`,
      '/api/files/__proto__/x.webp',
      '/api/files/portfolio/..%2F..%2Fpackage.json',
      '/api/files/portfolio/..%2f..%2fetc%2fpasswd',
      '/api/files/portfolio/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/files/portfolio/..%5C..%5Cpackage.json',
      `/api/files/portfolio/${key.toUpperCase()}`,
      `/api/files/portfolio/${key}.tmp`,
      '/api/files/portfolio',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code, path).toBe('NOT_FOUND');
    }
  });

  it('never reaches outside the uploads directory through dot segments', async () => {
    for (const path of [
      '/api/files/portfolio/../../package.json',
      '/api/files/portfolio/%2e%2e/%2e%2e/package.json',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('"name": "frosted"');
    }
  });
});
