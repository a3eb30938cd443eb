import { chromium, type Browser, type BrowserContext, type BrowserServer, type Page } from 'playwright-core';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium that browser test files connect to (tests/global-setup-browser.ts). */
    browserEndpoint: string | undefined;
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * How long Playwright waits for an element, an action or a navigation: the one place browser tests
 * set it (expect.poll's own wait is in vitest.config.ts). Sized for a loaded 2-core machine; a
 * condition that already holds returns at once, so the length only matters when a test fails.
 */
export const BROWSER_TIMEOUT_MS = 20_000;

const LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
};

/**
 * Debian's Chromium; never a downloaded browser. Under Vitest's browser tests, a connection to the
 * run's one Chromium (tests/global-setup-browser.ts): closing it closes this file's contexts and
 * leaves the browser to the other files. Elsewhere (the scripts), a browser of its own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = await sharedBrowserEndpoint();
  if (endpoint) return chromium.connect(endpoint, { timeout: BROWSER_TIMEOUT_MS });
  return chromium.launch(LAUNCH_OPTIONS);
}

/** A Chromium that test files connect to with launchBrowser (through Vitest's `provide`). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}

async function sharedBrowserEndpoint(): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject('browserEndpoint');
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport });
  context.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(BROWSER_TIMEOUT_MS);
  context.on('page', waitForAppOnLoad);
  const page = await context.newPage();
  waitForAppOnLoad(page);
  return { context, page };
}

const patched = new WeakSet<Page>();

/**
 * Public pages arrive rendered by the server and become interactive once the app has taken them over
 * (`<html data-ready>`, src/web/lib/ready.tsx). A test that typed or clicked before that would lose
 * its input, so goto and reload also wait for the app.
 */
function waitForAppOnLoad(page: Page) {
  if (patched.has(page)) return;
  patched.add(page);
  const ready = () => page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const waiting =
    <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      const result = await navigate(...args);
      await ready();
      return result;
    };
  page.goto = waiting(page.goto.bind(page));
  page.reload = waiting(page.reload.bind(page));
  // Back and forward may load a page afresh (an entry of a document since reloaded).
  page.goBack = waiting(page.goBack.bind(page));
  page.goForward = waiting(page.goForward.bind(page));
}

/** Signs in through the real /auth form. */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').first().fill(email);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
