import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'frosted-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js.map'), '{"sources":["src/web/main.tsx"]}');
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"src/web/main.tsx":{}}');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist: dist });
});
afterAll(() => t.close());

describe('platform', () => {
  it('reports health including the database', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', database: { ok: true } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const res = await t.app.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('sets security headers: CSP without inline scripts, nosniff, no framing, referrer policy', async () => {
    const res = await t.app.request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('does not serve the build manifest or source maps', async () => {
    for (const p of ['/.vite/manifest.json', '/assets/main-abc123.js.map']) {
      expect((await t.app.request(p)).status, p).toBe(404);
    }
  });

  it('serves hashed assets immutably and index.html uncached', async () => {
    const asset = await t.app.request('/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const icon = await t.app.request('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    const index = await t.app.request('/');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('id="root"');
  });

  it('falls back to index.html for client routes and answers 404 for unknown paths', async () => {
    for (const route of ['/browse-vendors', '/vendor/vendor-x', '/support', '/customer-dashboard']) {
      const res = await t.app.request(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('id="root"');
    }
    const unknown = await t.app.request('/no/such/page');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('id="root"');
  });

  it('rejects malformed JSON with a 400 in the error shape, never a 500', async () => {
    const res = await t.app.request('/api/support/requests', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('VALIDATION_FAILED');
  });
});
