import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserServer,
  type Locator,
  type Page,
} from 'playwright-core';

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
  // Headless Chromium still builds each window's address-bar popups as hidden web pages: a renderer
  // process apiece, a second one for each context, which took about as much CPU as the app's own page
  // (Chromium 156). Chromium adds these to Playwright's own --disable-features list.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup',
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
  baseUrls.set(context, baseURL);
  context.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(BROWSER_TIMEOUT_MS);
  context.on('page', waitForAppOnLoad);
  const page = await context.newPage();
  waitForAppOnLoad(page);
  return { context, page };
}

const patched = new WeakSet<Page>();
const baseUrls = new WeakMap<BrowserContext, string>();

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

/**
 * Signs in through the real /auth form (it leads to the account's dashboard after a second). For tests
 * of signing in; where signing in only sets a test up, `signedIn` is quicker.
 */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').first().fill(email);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in through the auth API with the page's cookies, as the /auth form does, then opens `path`:
 * by default the account's dashboard, where the form leads.
 */
export async function signedIn(page: Page, email: string, password: string, path?: string) {
  const origin = baseUrls.get(page.context());
  if (!origin) throw new Error('signedIn needs a page made by newPage');
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { Origin: origin },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  const { user } = (await res.json()) as { user: { role?: string | null; userType?: string | null } };
  const dashboard =
    user.role === 'admin'
      ? '/admin'
      : user.userType === 'vendor'
        ? '/vendor-dashboard'
        : '/customer-dashboard';
  await page.goto(path ?? dashboard);
}

/** The toast that says `text`, in sonner's region. */
export const toastSaying = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Notifications alt\+T/ })
    .getByRole('listitem')
    .filter({ hasText: text });

/**
 * Closes the toast that says `text`, as a person does when it covers what they tap next: on a wide
 * screen it opens at the bottom right, often under the pointer, and stays while hovered.
 */
export async function closeToast(page: Page, text: string) {
  const toast = toastSaying(page, text);
  await toast.getByRole('button', { name: 'Close toast' }).click();
  await toast.waitFor({ state: 'detached' });
}

/**
 * Readable checks. A check written as a wait (`locator.waitFor()`, or polling `isVisible()` to be
 * true) fails as a timeout or as "expected false to be true"; these read what the page shows, so the
 * same check, polled, fails with what was there instead:
 *
 *     await expect.poll(() => shownText(page)).toContain('Your password has been changed.');
 *     await expect.poll(() => shownNames(page, 'heading')).toContain('Account settings');
 */

/**
 * The text a person reads in `scope` (the whole page when given a page): the rendered text of every
 * match that is visible, '' when there is none, with runs of spaces of any kind as one space. Does
 * not wait.
 */
export async function shownText(scope: Page | Locator): Promise<string> {
  const target = 'goto' in scope ? scope.locator('body') : scope;
  const texts = await target.evaluateAll((elements) =>
    elements.map((el) => (el instanceof HTMLElement && el.checkVisibility() ? el.innerText : '')),
  );
  // Spaces as a person reads them (and as getByText matches): no-break and thin spaces are spaces.
  return texts
    .join('\n')
    .replace(/[^\S\n]+/g, ' ')
    .trim();
}

type AriaNode = { role?: string; name?: string; children?: AriaNode[] };

/**
 * The accessible names of the visible elements of `role` in `scope` (the whole page when given a
 * page), in document order, as Playwright's role locators see them; [] when `scope` is not there.
 */
export async function shownNames(scope: Page | Locator, role: string): Promise<string[]> {
  const target = 'goto' in scope ? scope.locator('body') : scope;
  if ((await target.count()) === 0) return [];
  const names: string[] = [];
  const walk = (nodes: unknown) => {
    if (!Array.isArray(nodes)) return;
    for (const node of nodes as AriaNode[]) {
      if (typeof node !== 'object' || node === null) continue;
      if (node.role === role) names.push(node.name ?? '');
      walk(node.children);
    }
  };
  walk(await target.ariaSnapshotJSON({ timeout: 5_000 }));
  return names;
}

/** Records every layout shift of the page from its first paint (the page's own code runs later). */
const RECORD_SHIFTS = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.push({
        value: entry.value,
        nodes: (entry.sources || []).map((s) => s.node ? s.node.nodeName + '.' + (s.node.className || '') : '?'),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Records the page's layout shifts from its first paint on: call before it loads. */
export const recordLayoutShifts = (page: Page) => page.addInitScript(RECORD_SHIFTS);

export interface LayoutShift {
  value: number;
  /** What moved: `NODENAME.class names`. */
  nodes: string[];
}

/**
 * The layout shifts recorded (recordLayoutShifts) once everything that could still move the page has
 * arrived (the fonts, and every picture that is not lazy), and their sum as CLS counts it.
 */
export async function settledLayoutShift(page: Page): Promise<{ total: number; shifts: LayoutShift[] }> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      [...document.images].every((img) => img.loading === 'lazy' || img.complete),
  );
  const shifts = (await page.evaluate('window.__shifts')) as LayoutShift[];
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}
