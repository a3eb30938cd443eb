/**
 * Issue 24: signed-in pages load like the public ones. A dashboard, Messages and an order page loaded
 * 53 to 77 scripts (a file per icon, per helper, per tab), then read the session, then asked for the
 * page's data; now each loads about half as many files (decision 024), comes from the server rendered
 * as its user with the session and its data inside (decision 025), so the browser asks for neither,
 * takes the page over without a mismatch, and asks the API for each thing once. The vendor dashboard
 * loads a tab's code when the tab opens. Counts and order of requests only, never timings.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createDesign,
  createReleasedOrder,
  createUser,
  createVendor,
} from '../support/factories.ts';
import { launchBrowser, newPage, shownNames } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * At most this many scripts on a signed-in page's first load: 23 to 34 with decision 024's files, 53
 * to 77 before (each page's count shares the app's start, the bell and what visitors' pages share).
 */
const MAX_SCRIPTS = { dashboard: 26, page: 36 };

let server: TestServer;
let browser: Browser;
let customer: { email: string; firstName: string | null };
let vendorOwner: { email: string };
let orderId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const db = server.services.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id, businessName: 'Larkspur Cake House' });
  const buyer = await createUser(db, { firstName: 'Wren' });
  const design = await createDesign(db, buyer.id, { imageUrl: '/demo/designs/cake-lemon-floral.webp' });
  const order = await createReleasedOrder(db, {
    customerId: buyer.id,
    vendorId: vendor.id,
    cakeDesignId: design.id,
    amount: 16_000,
  });
  customer = buyer;
  vendorOwner = owner;
  orderId = order.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Every request of the page from now on, in the order the browser sent them. */
function recordRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (r) => sent.push(r));
  return sent;
}

const pathOf = (r: Request) => new URL(r.url()).pathname;
const scripts = (sent: Request[]) => sent.filter((r) => r.resourceType() === 'script');
/** The API requests but the event stream (which the browser opens again after a drop). */
const apiCalls = (sent: Request[]) =>
  sent.map(pathOf).filter((p) => p.startsWith('/api/') && p !== '/api/me/events');

/** Signs in through the API (nothing loaded yet), then opens `path` and waits for `ready`. */
async function firstLoad(email: string, path: string, ready: (page: Page) => Promise<unknown>) {
  const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: TEST_PASSWORD },
    headers: { Origin: server.url },
  });
  expect(signIn.ok()).toBe(true);
  const sent = recordRequests(page);
  // A server render the browser disagrees with is a console error (React's hydration mismatch).
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(path);
  await ready(page);
  // The bell's count is the last thing a signed-in page asks for.
  await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  // Taken over: the page's own code runs (the Ready marker is set after hydration).
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  expect(errors).toEqual([]);
  return { context, page, sent };
}

/** Neither the session nor the page's data is asked for: both came with the page. */
function expectAnsweredInPage(api: string[], data: string) {
  expect(api).not.toContain('/api/auth/get-session');
  expect(api).not.toContain(data);
}

/** Each API path asked for once. */
function expectEachOnce(paths: string[]) {
  const repeated = paths.filter((p, i) => paths.indexOf(p) !== i);
  expect(repeated).toEqual([]);
}

describe('a signed-in page’s first load', () => {
  it('the customer dashboard: its scripts, its session and data in the page', async () => {
    const { context, page, sent } = await firstLoad(customer.email, '/customer-dashboard', (p) =>
      p.getByRole('heading', { level: 1, name: `Welcome back, ${customer.firstName}` }).waitFor(),
    );
    expect(scripts(sent).length).toBeLessThanOrEqual(MAX_SCRIPTS.dashboard);
    const api = apiCalls(sent);
    expectEachOnce(api);
    expectAnsweredInPage(api, '/api/me/dashboard/customer');
    expect(await shownNames(page, 'heading')).toContain('Recent Orders');
    await context.close();
  });

  it('the full dashboard, Messages and an order page: their scripts, each request once', async () => {
    const pages: [string, string, string][] = [
      ['/customer-dashboard-original', 'My Dashboard', '/api/me/dashboard/customer'],
      ['/messages', 'Messages', '/api/me/conversations'],
      [`/orders/${orderId}`, 'Order ', `/api/orders/${orderId}`],
    ];
    for (const [path, heading, data] of pages) {
      const { context, sent } = await firstLoad(customer.email, path, (p) =>
        p.getByRole('heading', { level: 1, name: heading }).waitFor(),
      );
      expect(scripts(sent).length, path).toBeLessThanOrEqual(MAX_SCRIPTS.page);
      expectEachOnce(apiCalls(sent));
      expectAnsweredInPage(apiCalls(sent), data);
      await context.close();
    }
  });

  it('account settings and tax information: no code of the admin’s pages', async () => {
    const pages: [{ email: string }, string, string][] = [
      [customer, '/account', 'Account settings'],
      [vendorOwner, '/vendor-dashboard/tax-information', 'Tax information'],
    ];
    for (const [user, path, heading] of pages) {
      const { context, sent } = await firstLoad(user.email, path, (p) =>
        p.getByRole('heading', { level: 1, name: heading }).waitFor(),
      );
      const files = scripts(sent).map(pathOf);
      // Each shares a little with the admin's pages (e-mail categories, the seller report's API).
      expect(
        files.filter((f) => /\/signed-in-admin-/.test(f)),
        path,
      ).toEqual([]);
      expect(files.length, path).toBeLessThanOrEqual(MAX_SCRIPTS.page);
      await context.close();
    }
  });

  it('the vendor dashboard: the Overview’s code only, each tab’s when it opens', async () => {
    const { context, page, sent } = await firstLoad(vendorOwner.email, '/vendor-dashboard', (p) =>
      p.getByRole('heading', { level: 1, name: 'Vendor Dashboard' }).waitFor(),
    );
    expect(scripts(sent).length).toBeLessThanOrEqual(MAX_SCRIPTS.dashboard);
    const api = apiCalls(sent);
    expectEachOnce(api);
    expectAnsweredInPage(api, '/api/me/dashboard/vendor');

    const before = scripts(sent).length;
    await page.getByRole('tab', { name: 'Payouts' }).click();
    await page.getByText('Held (payment protection)').waitFor();
    expect(scripts(sent).length).toBeGreaterThan(before);
    await context.close();
  });
});
