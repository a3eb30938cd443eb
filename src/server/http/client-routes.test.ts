import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '../../shared/routes.ts';

describe('client routes', () => {
  it('lists every page of the web app (the server answers 404 for the rest)', () => {
    const router = readFileSync(new URL('../../web/router.tsx', import.meta.url), 'utf8');
    // An optional last segment ('browse-vendors/:category?') is two routes: without it and with it.
    const pages = [...router.matchAll(/page\('([^']+)'/g)].flatMap((m) => {
      const path = `/${m[1]}`;
      return path.endsWith('?') ? [path.replace(/\/:[a-z]+\?$/i, ''), path.slice(0, -1)] : [path];
    });
    expect(pages.length).toBeGreaterThan(20);
    for (const p of pages) expect(CLIENT_ROUTES as readonly string[], p).toContain(p);
  });
});
