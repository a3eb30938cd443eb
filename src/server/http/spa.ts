import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { isClientRoute } from '../../shared/routes.ts';
import { ENCODINGS, type Encoding, negotiateEncoding, varyOnAcceptEncoding } from './compression.ts';
import { SESSION_REQUEST } from '../../shared/page-start.ts';
import {
  firstAnswersScript,
  hasSessionCookie,
  pageCode,
  pageStarts,
  readManifest,
  SIGNED_OUT_SCRIPT,
} from './page-start.ts';
import { type InProcessFetch, pageRenderer, withRenderedPage } from './ssr.ts';
import type { ServerRendered } from '../../shared/ssr.ts';
import type { AppEnv } from './types.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What a page with its own link preview puts in the head (meta tags already escaped), or its status. */
export interface PageHead {
  status: 200 | 404;
  title?: string;
  meta?: string[];
}

export type PageHeadResolver = (c: Context<AppEnv>) => Promise<PageHead | undefined>;

/** Text and attribute values for the HTML we write into index.html. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * index.html with a page's own title and meta tags (the description tag replaced, not doubled). The
 * replacements are functions: in a replacement string, "$$" or "$&" in a design's title would be patterns.
 */
export function withHead(html: string, { title, meta = [] }: PageHead): string {
  let out = html;
  if (title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (meta.length) {
    if (meta.some((m) => m.startsWith('<meta name="description"'))) {
      out = out.replace(/<meta\s+name="description"[^>]*>/, '');
    }
    out = out.replace('</head>', () => `${meta.join('\n')}\n</head>`);
  }
  return out;
}

/** The build writes these siblings next to each text asset (vite.config.ts, `precompress`). */
const VARIANTS: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

interface Negotiated {
  /** The requested file, whose type the response keeps. */
  file: string;
  variants: Encoding[];
  encoding: Encoding | undefined;
}

/**
 * Files of the built app, each sent as its smallest variant the client accepts (precompressed at build
 * time, so nothing is compressed per request), with the original Content-Type and `cacheControl`.
 */
function staticFiles(root: string, cacheControl: string): MiddlewareHandler<AppEnv> {
  const negotiated = new WeakMap<Context, Negotiated>();
  const serve = serveStatic<AppEnv>({
    root,
    // Called with the decoded path that serveStatic has already checked for traversal.
    rewriteRequestPath: (file, c) => {
      const variants = ENCODINGS.filter((e) => isFile(path.join(root, file + VARIANTS[e])));
      const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), variants);
      negotiated.set(c, { file, variants, encoding });
      return encoding ? file + VARIANTS[encoding] : file;
    },
  });
  return async (c, next) => {
    const res = await serve(c, next);
    // No such file: serveStatic called next() and the index.html fallback answered.
    if (!res) return;
    const { file, variants, encoding } = negotiated.get(c) ?? { file: '', variants: [], encoding: undefined };
    if (variants.length) varyOnAcceptEncoding(res.headers);
    if (encoding) {
      res.headers.set('Content-Encoding', encoding);
      res.headers.set('Content-Type', getMimeType(file) ?? 'application/octet-stream');
    }
    if (res.status === 200) res.headers.set('Cache-Control', cacheControl);
    return res;
  };
}

/**
 * Serves the built web app: hashed assets cached forever, index.html never cached, and client routes
 * answered with index.html (404 status for paths that are no route, so crawlers see the truth).
 * index.html is written per request (link previews, and public pages rendered with their data when
 * `api` is given: ssr.ts), so the compression middleware compresses it.
 */
export function spaRoutes(
  distDir: string,
  { heads = [], api }: { heads?: PageHeadResolver[]; api?: InProcessFetch } = {},
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    return app.get('*', (c) =>
      c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503),
    );
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const root = path.relative(process.cwd(), distDir) || '.';

  // Build internals are not the app's: the manifest (.vite/) and source maps name our source files.
  app.use('*', async (c, next) => {
    if (/\/\./.test(c.req.path) || c.req.path.endsWith('.map')) return c.text('Not found', 404);
    await next();
  });
  app.use('/assets/*', staticFiles(root, IMMUTABLE));
  const otherFiles = staticFiles(root, 'public, max-age=3600');
  app.use('*', async (c, next) => {
    if (c.req.path === '/' || c.req.path === '/index.html') return next();
    return otherFiles(c, next);
  });
  const render = api && pageRenderer(distDir, api);
  const manifest = readManifest(distDir);
  const pageStart = api && pageStarts(manifest, api);
  const codeOf = pageCode(manifest);
  /** A rendered page, with the list of its code's files (boot.ts runs them one per task). */
  const rendered = (html: string, page: ServerRendered, path: string) => {
    const code = codeOf(path);
    const out = withRenderedPage(html, page);
    return code ? out.replace('</body>', () => `${code}\n</body>`) : out;
  };
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache');
    let html = indexHtml;
    let status: 200 | 404 = isClientRoute(c.req.path) ? 200 : 404;
    for (const resolve of heads) {
      const head = await resolve(c);
      if (!head) continue;
      html = withHead(html, head);
      status = head.status;
      break;
    }
    // The page differs by whether the request could be signed in: a cache must keep them apart.
    c.header('Vary', 'Cookie', { append: true });
    const signedOut = !hasSessionCookie(c.req.header('cookie'));
    const page = render && (await render(c.req.url, c.var.log, { signedOut }));
    if (page) {
      const out = rendered(html, page, c.req.path);
      // Rendered signed out: the browser starts signed out too, its first session read answered from
      // the page (no request, and the navigation never shows a placeholder).
      if (!signedOut) return c.html(out, status);
      return c.html(
        out.replace('</body>', () => `${SIGNED_OUT_SCRIPT}\n</body>`),
        status,
      );
    }
    // A signed-in page (page-start.ts): rendered as its user, or at least with its session and first
    // answers inside; the user's own data, so never stored by a cache.
    const start = pageStart && (await pageStart(c.req.path, c.req.header('cookie'), c.var.log));
    if (!start) return c.html(html, status);
    c.header('Cache-Control', 'private, no-store');
    for (const cookie of start.setCookies) c.header('Set-Cookie', cookie, { append: true });
    const signedIn = render && (await render(c.req.url, c.var.log, { answers: start.answers }));
    // Rendered: its data is in the page's own, and it paints before any code arrives (which then
    // loads as on public pages); the browser still takes the session from the answers. Else the
    // page's code is fetched at once, all of it, and renders from the answers.
    const answers = signedIn ? { [SESSION_REQUEST]: start.answers[SESSION_REQUEST] } : start.answers;
    if (signedIn) html = rendered(html, signedIn, c.req.path);
    else html = html.replace('</head>', () => `${start.head}\n</head>`);
    html = html.replace('</body>', () => `${firstAnswersScript(answers)}\n</body>`);
    return c.html(html, status);
  });
  return app;
}
