/**
 * Issue 24, items 11 and 16. Vendors and admins work in an app layout (a compact header with the bell
 * and Sign Out, no marketing links, no footer); customers keep the site's. On a phone the vendor
 * dashboard's first card is on the first screen, its tabs are one row and its Payouts tab has no
 * serious accessibility violation. Signed-in pages do not move while their data loads (CLS ≤ 0.05).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createDesign,
  createReleasedOrder,
  createUser,
  createVendor,
} from '../support/factories.ts';
import {
  launchBrowser,
  newPage,
  recordLayoutShifts,
  settledLayoutShift,
  shownNames,
  signedIn,
} from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

let server: TestServer;
let browser: Browser;
let vendorOwner: { email: string };
let customer: { email: string };
let admin: { email: string };

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const db = server.services.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id, businessName: 'Marigold & Rye Cake Studio' });
  const buyer = await createUser(db, { firstName: 'Odile' });
  // A picture of the built app: the dashboards show it in the order row and the design card.
  const design = await createDesign(db, buyer.id, { imageUrl: '/demo/designs/cake-lemon-floral.webp' });
  // A paid and released order: a row of the vendor's Payouts table and of the customer's recent orders.
  await createReleasedOrder(db, {
    customerId: buyer.id,
    vendorId: vendor.id,
    cakeDesignId: design.id,
    amount: 18_500,
  });
  vendorOwner = owner;
  customer = buyer;
  admin = await createUser(db, { role: 'admin' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const MARKETING_LINKS = ['Browse Vendors', 'How It Works'];

/** The app header's parts every work page has: the bell and Sign Out, and no marketing links. */
async function expectAppLayout(page: Page) {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: /^Notifications/ }).waitFor();
  await header.getByRole('button', { name: 'Sign Out' }).waitFor();
  await header.getByRole('link', { name: 'Frosted home' }).waitFor();
  const links = await shownNames(page, 'link');
  for (const name of MARKETING_LINKS) expect(links).not.toContain(name);
  expect(await page.getByRole('contentinfo').count()).toBe(0);
}

describe('the app layout', () => {
  it('a vendor’s dashboard has the app header and no footer or marketing links', async () => {
    const { context, page } = await newPage(browser, server.url, LAPTOP);
    await signedIn(page, vendorOwner.email, TEST_PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Vendor Dashboard' }).waitFor();
    await expectAppLayout(page);
    await context.close();
  });

  it('an admin page has the app header and no footer or marketing links', async () => {
    const { context, page } = await newPage(browser, server.url, LAPTOP);
    await signedIn(page, admin.email, TEST_PASSWORD, '/admin/mailbox');
    await page.getByRole('heading', { level: 1, name: 'Mailbox' }).waitFor();
    await expectAppLayout(page);
    await context.close();
  });

  it('a customer’s dashboard keeps the site’s navigation and footer', async () => {
    const { context, page } = await newPage(browser, server.url, LAPTOP);
    await signedIn(page, customer.email, TEST_PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Odile' }).waitFor();
    await page.getByRole('contentinfo').waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Browse Vendors' })
      .waitFor();
    await context.close();
  });
});

describe('the vendor dashboard on a phone', () => {
  it('starts its first card on the first screen, with the tabs in one row', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signedIn(page, vendorOwner.email, TEST_PASSWORD);
    const firstCard = page.getByText('Active Orders');
    await firstCard.waitFor();
    expect((await firstCard.boundingBox())!.y).toBeLessThan(300);
    const tabs = page.getByRole('tablist', { name: 'Vendor dashboard sections' }).getByRole('tab');
    expect(await tabs.count()).toBe(8);
    const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `tab tops ${tops.join(', ')}`).toBe(1);
    await context.close();
  });

  it('scrolls the open tab into view, and its Payouts tab has no serious accessibility violation', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signedIn(page, vendorOwner.email, TEST_PASSWORD, '/vendor-dashboard?tab=payouts');
    await page.getByRole('table', { name: 'Money per order' }).waitFor();
    const tab = page.getByRole('tab', { name: 'Payouts' });
    await expect
      .poll(async () => {
        const box = (await tab.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= PHONE.width;
      })
      .toBe(true);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
    expect(serious).toEqual([]);
    await context.close();
  });
});

describe('layout stability of the signed-in pages', () => {
  const PAGES = [
    {
      path: '/customer-dashboard',
      who: () => customer,
      loaded: (page: Page) => page.getByRole('heading', { name: 'Recent Orders' }).waitFor(),
    },
    {
      path: '/vendor-dashboard',
      who: () => vendorOwner,
      loaded: (page: Page) => page.getByRole('heading', { name: 'Today’s orders' }).waitFor(),
    },
  ];
  for (const target of PAGES) {
    for (const viewport of [PHONE, LAPTOP]) {
      it(`${target.path} at ${viewport.width} px shifts by at most 0.05 while its data loads`, async () => {
        const { context, page } = await newPage(browser, server.url, viewport);
        try {
          // The dashboard's data arrives late enough for its loading state to be on screen.
          await page.route('**/api/me/**', async (route) => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            await route.continue();
          });
          await recordLayoutShifts(page);
          await signedIn(page, target.who().email, TEST_PASSWORD, target.path);
          await target.loaded(page);
          await page.getByRole('button', { name: /^Notifications/ }).waitFor();
          const { total, shifts } = await settledLayoutShift(page);
          expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.05);
        } finally {
          await context.close();
        }
      });
    }
  }
});
