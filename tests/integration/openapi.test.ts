import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema?: object }[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: object }> }>;
  tags?: string[];
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object>; securitySchemes?: Record<string, object> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * The API routes an app registers, as `METHOD /path/{param}`. Left out: middleware (`ALL`), the
 * `/api/*` not-found catch-all and the SPA's routes, Better Auth's `/api/auth/*` (its own reference
 * describes it; the document links there), and the document and reference viewer themselves.
 */
function apiRoutes(app: { routes: { method: string; path: string }[] }): Set<string> {
  const undocumented = ['/api/openapi.json', '/api/docs'];
  return new Set(
    app.routes
      .filter(
        (r) =>
          r.method !== 'ALL' &&
          r.path.startsWith('/api/') &&
          !r.path.startsWith('/api/auth/') &&
          !undocumented.some((p) => r.path === p || r.path.startsWith(`${p}/`)),
      )
      // Hono's `:key{.+}` (a parameter with its own pattern) is OpenAPI's `{key}`.
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)(\{[^/]*\})?/g, '{$1}')}`),
  );
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op, key: `${method.toUpperCase()} ${path}` })),
  );

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
});
afterAll(() => t.close());

describe('the API document', () => {
  it('is an OpenAPI 3.1 document named Frosted API, served at the public URL', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Frosted API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000' }]);
    // Better Auth's endpoints are not in the document; its description points to their reference.
    expect(doc.info.description).toContain('https://www.better-auth.com/');
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/auth/'))).toEqual([]);
  });

  it('declares every operation well: path parameters, a success answer, errors in the one shape', () => {
    const tagNames = new Set(doc.tags?.map((tag) => tag.name));
    for (const { path, op, key } of operations(doc)) {
      expect(path, key).toMatch(/^\/api\/[a-z0-9\-/{}A-Z]*$/);
      expect(path, `${key} uses {param}, not :param`).not.toContain(':');
      expect(op.summary, `${key} has a summary`).toEqual(expect.any(String));
      for (const tag of op.tags ?? []) expect(tagNames, `${key}'s tag ${tag} is listed`).toContain(tag);

      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), `${key} path parameters`).toEqual([...inPath].sort());
      for (const p of declared) expect(p.required, `${key} ${p.name} is required`).toBe(true);
      for (const p of op.parameters ?? []) {
        expect(['path', 'query', 'header', 'cookie'], key).toContain(p.in);
        expect(p.schema, `${key} ${p.name} has a schema`).toBeTypeOf('object');
      }

      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^2\d\d$/.test(s)),
        `${key} has a success response`,
      ).toBe(true);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(status, key).toMatch(/^[1-5]\d\d$/);
        expect(response.description, `${key} ${status}`).toEqual(expect.any(String));
        const json = response.content?.['application/json']?.schema;
        // Health answers 503 with its own body; every other error is an ApiError.
        if (Number(status) >= 400 && key !== 'GET /api/health')
          expect(json, `${key} ${status} is an ApiError`).toEqual({ $ref: '#/components/schemas/ApiError' });
      }
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        // Forms only where mail clients post one: the one-click unsubscribe (RFC 8058).
        const types = ['application/json', 'multipart/form-data'];
        if (key === 'POST /api/email/unsubscribe') types.push('application/x-www-form-urlencoded');
        expect(types, key).toContain(type);
        expect(media.schema, `${key} ${type} body schema`).toBeTypeOf('object');
      }
    }
  });

  it('names each operation for client generators, once', () => {
    const ids = operations(doc).map(({ op, key }) => {
      expect(op.operationId, `${key} has an operationId`).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    const ops = operations(doc);
    expect(ops.find((o) => o.key === 'GET /api/vendors/{id}')?.op.operationId).toBe('getVendorsById');
    expect(ops.find((o) => o.key === 'POST /api/reviews/{id}/reply')?.op.operationId).toBe(
      'postReviewsByIdReply',
    );
  });

  it('says which operations need the session cookie: exactly those that answer 401', () => {
    expect(doc.components?.securitySchemes?.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'better-auth.session_token',
    });
    const needing = new Set<string>();
    for (const { op, key } of operations(doc)) {
      expect(op.security, `${key} declares its security`).toBeDefined();
      const needs = op.security!.some((requirement) => 'session' in requirement);
      if (needs) needing.add(key);
      expect(needs, `${key}: needs the session iff it answers 401`).toBe('401' in op.responses);
    }
    // A guarded route, one whose guard is routed by hand (documented only), the event stream, and an open one.
    expect(needing).toContain('GET /api/me/favorites/vendors');
    expect(needing).toContain('POST /api/me/conversations/{id}/messages');
    expect(needing).toContain('GET /api/me/events');
    expect(needing).not.toContain('GET /api/vendors');
  });

  it('resolves every $ref', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
      expect(target, ref).toBeTypeOf('object');
    }
  });

  it('declares every route the app registers, with the same method and path', () => {
    const documented = new Set(operations(doc).map((o) => o.key));
    const registered = apiRoutes(t.app);
    expect(registered.size).toBeGreaterThan(30);
    expect(
      [...registered].filter((r) => !documented.has(r)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      [...documented].filter((d) => !registered.has(d)),
      'documented routes that do not exist',
    ).toEqual([]);
  });

  it('notices a route added without a declaration', () => {
    const app = createApp(t.services);
    app.get('/api/vendors/:id/undeclared', (c) => c.json({}));
    const documented = new Set(operations(doc).map((o) => o.key));
    expect([...apiRoutes(app)].filter((r) => !documented.has(r))).toEqual([
      'GET /api/vendors/{id}/undeclared',
    ]);
  });
});

describe('the reference at /api/docs', () => {
  it('is a page that loads only scripts of our own origin, under the strict CSP', async () => {
    const res = await t.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    const bundle = await t.app.request('/api/docs/scalar.js');
    if (bundle.status === 200) {
      expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(scripts).toHaveLength(2);
    } else {
      // Without @scalar/api-reference installed the page says so and links the document.
      expect(bundle.status).toBe(404);
      expect(html).toContain('npm install @scalar/api-reference');
      expect(scripts).toHaveLength(0);
    }
    await bundle.body?.cancel();
    for (const [, attributes, body] of scripts) {
      expect(attributes, 'no outside script').toMatch(/src="\/api\/docs\/[a-z]+\.js"/);
      expect(body!.trim(), 'no inline script').toBe('');
    }
  });

  it("hands Scalar the document's address and keeps it from reaching outside", async () => {
    const res = await t.app.request('/api/docs/init.js');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const js = await res.text();
    expect(js).toContain('"url":"/api/openapi.json"');
    expect(js).toContain('"withDefaultFonts":false');
    expect(js).toContain('"telemetry":false');
  });
});
