import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReview, createUser, createVendor, TEST_PASSWORD } from '../support/factories.ts';
import { BROWSER_TIMEOUT_MS, launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
let vendorId = '';

const NAME = 'Salt Spring Sugarcraft';

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const db = server.services.db;
  const vendor = await createVendor(db, {
    businessName: NAME,
    location: 'vancouver-island',
    priceTier: 3,
    description: 'Island flowers in sugar.',
  });
  vendorId = vendor.id;
  await createReview(db, { vendorId, rating: 5, comment: 'The roses looked real.' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Everything the browser reports as wrong while the page loads and the app takes it over. */
function problems(page: Page) {
  const seen: string[] = [];
  page.on('pageerror', (err) => seen.push(err.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) seen.push(m.text());
  });
  return seen;
}

describe('public pages rendered by the server', () => {
  it('show their content before any script runs', async () => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    context.setDefaultTimeout(BROWSER_TIMEOUT_MS);
    const page = await context.newPage();
    try {
      await page.goto('/browse-vendors?location=vancouver-island');
      await expect.poll(() => page.getByRole('heading', { name: NAME }).count()).toBe(1);
      await expect.poll(() => page.getByText('1 vendor found').count()).toBe(1);

      await page.goto(`/vendor/${vendorId}`);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: NAME }).count()).toBe(1);
      await expect.poll(() => page.getByText('The roses looked real.').count()).toBe(1);
      await expect.poll(() => page.getByText('Island flowers in sugar.').count()).toBe(1);

      await page.goto('/');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain('Design the cake.');
    } finally {
      await context.close();
    }
  });

  it('are taken over by the app without a mismatch, and then work as before', async () => {
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    const seen = problems(page);
    try {
      for (const url of ['/', '/browse-vendors', `/vendor/${vendorId}`, '/support', '/reviews', '/about']) {
        await page.goto(url);
      }
      expect(seen).toEqual([]);

      // Interactive after the takeover: a filter changes the list and the address at once.
      await page.goto('/browse-vendors');
      await page.getByLabel('Location').selectOption('vancouver-island');
      await expect.poll(() => page.getByText('1 vendor found').count()).toBe(1);
      expect(page.url()).toContain('location=vancouver-island');
      await page.getByRole('link', { name: NAME }).first().click();
      await expect.poll(() => page.getByRole('heading', { level: 1, name: NAME }).count()).toBe(1);
      expect(seen).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('start a visitor signed out with no session read, and a signed-in visitor with their account', async () => {
    const { context, page } = await newPage(browser, server.url, { width: 1280, height: 800 });
    const seen = problems(page);
    const sessionReads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/get-session') sessionReads.push(r.url());
    });
    try {
      for (const url of ['/', '/browse-vendors', `/vendor/${vendorId}`]) {
        await page.goto(url);
        await page.waitForSelector('html[data-ready]');
        // Sign In was in the server's HTML and stays: no placeholder first, no request to ask who this is.
        await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).count()).toBe(1);
        expect(await page.getByTestId('auth-placeholder').count()).toBe(0);
      }
      expect(sessionReads).toEqual([]);
      expect(seen).toEqual([]);

      // Signed in, the same public pages show the account once its session is read, without a mismatch.
      const user = await createUser(server.services.db, { firstName: 'Rosa' });
      await signedIn(page, user.email, TEST_PASSWORD, '/browse-vendors');
      await expect.poll(() => page.getByRole('link', { name: 'Dashboard' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      expect(seen).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('start without building a number or date formatter, and build one when it is needed', async () => {
    // The first Intl formatter a page builds makes ICU load its data: tens of milliseconds of a phone's
    // main thread in one piece while the page starts (Total Blocking Time). Money and counts are written
    // by hand (exactly as Intl writes them: money.test.ts); dates are formatted when shown.
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await page.addInitScript(() => {
      const built: string[] = [];
      (window as unknown as { intlBuilt: string[] }).intlBuilt = built;
      for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
        const Original = Intl[name];
        Intl[name] = new Proxy(Original, {
          construct(target, args: unknown[]) {
            built.push(name);
            return Reflect.construct(target, args) as object;
          },
          apply(target, self, args: unknown[]) {
            built.push(name);
            return Reflect.apply(target, self, args) as unknown;
          },
        }) as never;
      }
    });
    const built = () => page.evaluate(() => (window as unknown as { intlBuilt: string[] }).intlBuilt.length);
    try {
      for (const url of ['/', '/browse-vendors']) {
        await page.goto(url);
        expect(await built(), url).toBe(0);
      }
      // Today's date in Vancouver bounds the event date: worked out when More Filters opens.
      await page.getByRole('button', { name: /More Filters/ }).click();
      const today = await page.getByLabel('Available on').getAttribute('min');
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await built()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it("load no form code for a visitor's vendor page: the reply form's loads for the vendor alone", async () => {
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    const scripts = scriptsOf(page);
    try {
      await page.goto(`/vendor/${vendorId}`);
      await expect.poll(() => page.getByText('The roses looked real.').count()).toBe(1);
      const sources = sourcesOf(scripts);
      expect(sources.some((s) => s.includes('src/web/main.tsx'))).toBe(true);
      expect(sources.filter((s) => /react-hook-form|src\/shared\/schemas\//.test(s))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('load Browse Vendors in a dozen files at most, with no form library', async () => {
    // Each file fetched is work on a phone's main thread: Rolldown's own split made it 23.
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    const scripts = scriptsOf(page);
    try {
      await page.goto('/browse-vendors');
      await expect.poll(() => page.getByText(NAME).count()).toBeGreaterThan(0);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.length).toBeLessThanOrEqual(12);
      expect(sourcesOf(scripts).filter((s) => s.includes('react-hook-form'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The scripts of the app a page loads (their paths), as it requests them. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname);
  });
  return scripts;
}

/** The source files of those scripts, read back through the build's source maps. */
function sourcesOf(scripts: string[]): string[] {
  // Rolldown's small runtime has no map.
  const maps = scripts.map((file) => path.join('dist/web', `${file}.map`)).filter((map) => existsSync(map));
  return maps.flatMap((map) => (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources);
}
