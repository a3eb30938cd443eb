import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { isClientRoute } from '../../shared/routes.ts';
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

/** index.html with a page's own title and meta tags (the description tag replaced, not doubled). */
export function withHead(html: string, head: PageHead): string {
  let out = html;
  if (head.title) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
  if (head.meta?.length) {
    if (head.meta.some((m) => m.startsWith('<meta name="description"'))) {
      out = out.replace(/<meta\s+name="description"[^>]*>/, '');
    }
    out = out.replace('</head>', `${head.meta.join('\n')}\n</head>`);
  }
  return out;
}

/**
 * Serves the built web app: hashed assets cached forever, index.html never cached, and client routes
 * answered with index.html (404 status for paths that are no route, so crawlers see the truth).
 */
export function spaRoutes(distDir: string, heads: PageHeadResolver[] = []): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    return app.get('*', (c) =>
      c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503),
    );
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const root = path.relative(process.cwd(), distDir) || '.';

  const cacheHeaders: MiddlewareHandler = async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const longLived = c.req.path.startsWith('/assets/');
    c.header('Cache-Control', longLived ? IMMUTABLE : 'public, max-age=3600');
  };

  app.use('/assets/*', cacheHeaders, serveStatic({ root }));
  app.use('*', async (c, next) => {
    if (c.req.path === '/' || c.req.path === '/index.html') return next();
    return serveStatic({
      root,
      onFound: (_p, ctx) => void ctx.header('Cache-Control', 'public, max-age=3600'),
    })(c, next);
  });
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache');
    for (const resolve of heads) {
      const head = await resolve(c);
      if (head) return c.html(withHead(indexHtml, head), head.status);
    }
    return c.html(indexHtml, isClientRoute(c.req.path) ? 200 : 404);
  });
  return app;
}
