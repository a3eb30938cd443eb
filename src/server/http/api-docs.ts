import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { AppError } from '../errors.ts';
import { SESSION_SECURITY } from './openapi.ts';
import type { AppEnv } from './types.ts';

/** The version of the API contract: bump the major on a change that breaks a client. */
export const API_VERSION = '1.0.0';

const BETTER_AUTH_REFERENCE = 'https://www.better-auth.com/docs/concepts/api';

/**
 * An operation's id for client generators, from its method and path: `GET /api/vendors/{id}/reviews` is
 * `getVendorsByIdReviews`. Unique because method and path are; stable while the route is.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      return param ? ['by', param] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

type Operations = Record<string, Record<string, { operationId?: string }>>;

/** The OpenAPI 3.1 document of every route declared with `createRoute` under `app`. */
export function apiDocument(app: OpenAPIHono<AppEnv>, publicUrl: string) {
  // Better Auth's session cookie; over HTTPS it carries the __Secure- prefix.
  const cookie = `${publicUrl.startsWith('https://') ? '__Secure-' : ''}better-auth.session_token`;
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SECURITY, {
    type: 'apiKey',
    in: 'cookie',
    name: cookie,
    description:
      'The session cookie that signing in (`POST /api/auth/sign-in/email`, or Google) sets. Operations that need it answer 401 without it.',
  });
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Frosted API',
      version: API_VERSION,
      license: { name: 'Proprietary: Frosted Terms of Service', url: `${publicUrl}/terms` },
      description: [
        'Design a custom cake with the AI designer and order it from verified local cake makers.',
        'JSON under `/api`; every error is `{ "error": { "code", "message", "fields"? } }`.',
        'State-changing requests send JSON (multipart for uploads) and, from a browser, come from Frosted’s own origin.',
        'Signed-in requests carry the session cookie.',
        `Accounts and sessions (sign-up, sign-in, e-mail verification, password reset, Google) are Better Auth’s endpoints under \`/api/auth/*\`, described in [Better Auth’s own reference](${BETTER_AUTH_REFERENCE}), not here.`,
      ].join('\n\n'),
    },
    servers: [{ url: publicUrl }],
    tags: [
      { name: 'vendors', description: 'Browse and vendor pages; applying as a vendor' },
      { name: 'reviews', description: 'Published reviews; reviewing an order' },
      { name: 'designs', description: 'The AI cake designer' },
      { name: 'messages', description: 'Conversations between customers and vendors' },
      { name: 'favorites', description: "A customer's favorite vendors" },
      { name: 'privacy', description: 'Downloading my data, confirming my age, closing my account' },
      { name: 'notifications', description: 'What each user is told happened, and the live event stream' },
      { name: 'e-mail', description: 'E-mail preferences, and the unsubscribe link of every e-mail' },
      { name: 'plans', description: 'Event plans: one event, several vendors booked for it' },
      { name: 'quotes', description: 'Quote requests to vendors, quotes, and accepting one' },
      { name: 'orders', description: 'Orders: their timeline and status changes' },
      { name: 'payments', description: 'Paying for orders (payment protection) and vendors’ payouts' },
      { name: 'dashboard', description: 'The signed-in customer’s and vendor’s dashboards' },
      { name: 'vendor profile', description: 'A vendor’s own profile and portfolio' },
      { name: 'support', description: 'Contacting the support team' },
      {
        name: 'admin',
        description: 'Vendor applications, the mailbox, the demo-data seeder and the yearly seller reports',
      },
      { name: 'files', description: 'Stored images' },
      { name: 'platform', description: 'Health and public configuration' },
    ],
  });
  for (const [path, item] of Object.entries(document.paths as Operations)) {
    for (const [method, operation] of Object.entries(item))
      operation.operationId ??= operationIdOf(method, path);
  }
  return document;
}

/** Where npm puts Scalar's single-file browser bundle, or null when @scalar/api-reference is not installed. */
function scalarBundlePath(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
    return path.join(path.dirname(entry), 'browser', 'standalone.js');
  } catch {
    return null;
  }
}

// The page loads only scripts of our own origin (the CSP allows no inline or outside script), so the
// viewer's settings are a script of their own rather than the inline one Scalar's Hono helper writes.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Frosted API reference</title>
  </head>
  <body>
    <div id="app"><noscript>The reference needs JavaScript; the document itself is <a href="/api/openapi.json">/api/openapi.json</a>.</noscript></div>
    <script src="/api/docs/scalar.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>`;

const MISSING = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Frosted API reference</title></head>
  <body>
    <p>The reference viewer is not installed (<code>npm install @scalar/api-reference</code>).
    The API document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
  </body>
</html>`;

const SETTINGS = {
  url: '/api/openapi.json',
  // Nothing from outside: no font CDN, no telemetry, no AI agent or MCP link, no developer toolbar.
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: false,
};
const INIT = `Scalar.createApiReference('#app', ${JSON.stringify(SETTINGS)});\n`;

/**
 * `GET /openapi.json` (the document, built once) and `GET /docs` (Scalar's reference viewer, served
 * from our own origin), mounted under /api.
 */
export function apiDocsRoutes(document: () => object) {
  let cached: object | undefined;
  let bundle: Promise<Buffer | null> | undefined;
  const bundlePath = scalarBundlePath();
  const readBundle = () =>
    (bundle ??= bundlePath ? readFile(bundlePath).catch(() => null) : Promise.resolve(null));

  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json((cached ??= document())))
    .get('/docs', async (c) => c.html((await readBundle()) ? PAGE : MISSING))
    .get('/docs/init.js', (c) => {
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      return c.body(INIT);
    })
    .get('/docs/scalar.js', async (c) => {
      const js = await readBundle();
      if (!js) throw AppError.notFound();
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', 'public, max-age=86400');
      return c.body(new Uint8Array(js));
    });
}
