/**
 * One checkout for several accepted orders (issue 25), in the browser: a customer with three accepted
 * orders from three vendors chooses two on the dashboard, pays them with one card (after a declined
 * one), and pays the third later on its own. Each order is paid, and the ledger holds each one's exact
 * amount. Pay together is offered on the order page and the simple dashboard too. The API side is
 * tests/integration/checkout-groups.test.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutGroups, payments } from '../../src/server/db/schema/index.ts';
import { heldForOrder } from '../../src/server/modules/ledger/index.ts';
import { launchBrowser, newPage, shownNames, shownText, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import { TEST_PASSWORD, createPendingOrder, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const clock = manualClock('2026-12-01T17:00:00Z');
const DAY = 86_400_000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Set SCREENSHOT_DIR to keep pictures of the pages (for a person to look at). */
async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Nothing wider than the window: no sideways scrolling on a phone. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** What `scope` shows, on one line. */
const flat = async (scope: Locator) => (await shownText(scope)).replace(/\s+/g, ' ');

/** The element with the focus, as a person would name it. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** A customer with one accepted (pending) order from each of three vendors: a baker, a florist, a photographer. */
async function customerWithThreeOrders(tag: string) {
  const db = server.services.db;
  const customer = await createUser(db, { firstName: 'Maya' });
  const vendors = [
    ['Birch Lane Bakery', 12_345],
    ['Fern & Fig Florals', 23_456],
    ['Lumen Photography', 34_567],
  ] as const;
  const made = [];
  for (const [i, [businessName, amount]] of vendors.entries()) {
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: `${businessName} ${tag}` });
    const order = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: `FR-${tag}-${i + 1}`,
      amount,
      deliveryDate: new Date(clock.now().getTime() + 21 * DAY),
      createdAt: clock.now(),
    });
    made.push({ id: order.id, orderNumber: order.orderNumber, businessName: vendor.businessName, amount });
  }
  return { customer, cake: made[0]!, flowers: made[1]!, photos: made[2]! };
}

describe('pay together', () => {
  it('pays two orders in one checkout and the third later on its own; each order holds its own amount', async () => {
    const db = server.services.db;
    const { customer, cake, flowers, photos } = await customerWithThreeOrders('PT');

    // On a phone: the dashboard's list and the checkout fit 390 pixels.
    const phone = await newPage(browser, server.url, PHONE);
    await signedIn(phone.page, customer.email, TEST_PASSWORD, '/customer-dashboard-original');
    const phoneList = phone.page.getByRole('region', { name: 'Pay together' });
    await phoneList.getByRole('link', { name: 'Pay 3 orders together' }).waitFor();
    expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'pay-together-dashboard-390');
    await phoneList.getByRole('link', { name: 'Pay 3 orders together' }).click();
    await phone.page.getByRole('heading', { name: 'Pay for your orders' }).waitFor();
    expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'pay-together-checkout-390');
    await phone.context.close();

    const { context, page } = await newPage(browser, server.url, DESKTOP);
    await signedIn(page, customer.email, TEST_PASSWORD, '/customer-dashboard-original');
    const together = page.getByRole('region', { name: 'Pay together' });
    await together.getByRole('link', { name: 'Pay 3 orders together' }).waitFor();
    await screenshot(page, 'pay-together-dashboard-1280');
    // All are chosen at first; the photographer is paid later.
    await together.getByRole('checkbox', { name: new RegExp(photos.businessName) }).uncheck();
    await together.getByRole('link', { name: 'Pay 2 orders together' }).click();
    await page.getByRole('heading', { name: 'Pay for your orders' }).waitFor();
    const lines = page.getByRole('complementary');
    await expect
      .poll(() => flat(lines))
      .toContain(`${cake.businessName} Order ${cake.orderNumber} · Due now $123.45`);
    expect(await flat(lines)).toContain(
      `${flowers.businessName} Order ${flowers.orderNumber} · Due now $234.56`,
    );
    expect(await flat(lines)).not.toContain(photos.businessName);
    expect(await flat(lines)).toContain('Total $358.01');
    await screenshot(page, 'pay-together-checkout-1280');

    // By keyboard alone. A declined card first: said plainly, with the focus on it.
    await page.getByLabel('Card number').focus();
    await page.keyboard.type('4000 0000 0000 0002');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1230');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await alert.waitFor();
    await expect.poll(() => focused(page)).toContain('Your card was declined.');
    expect(await shownText(alert)).toContain('Your orders are still waiting for payment: try another card.');
    expect(await heldForOrder(db, cake.id)).toBe(0);

    // Then a good card: one payment of the total; the outcome replaces the form and takes the focus.
    await page.getByLabel('Card number').fill('');
    await page.getByLabel('Card number').focus();
    await page.keyboard.type('4242 4242 4242 4242');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Payment protected' }).waitFor();
    await expect.poll(() => focused(page)).toBe('Payment protected');
    expect(await shownText(page.getByRole('status').filter({ hasText: 'Payment protected' }))).toContain(
      '$358.01 is held by Frosted for 2 orders.',
    );
    expect(await flat(lines)).toContain(`Order ${cake.orderNumber} · Paid`);
    await screenshot(page, 'pay-together-paid-1280');

    // The books: each order's own amount, held; one group paid the total; the photographer's order waits.
    expect(await heldForOrder(db, cake.id)).toBe(cake.amount);
    expect(await heldForOrder(db, flowers.id)).toBe(flowers.amount);
    expect(await heldForOrder(db, photos.id)).toBe(0);
    const shares = await db
      .select()
      .from(payments)
      .where(and(inArray(payments.orderId, [cake.id, flowers.id]), eq(payments.status, 'succeeded')));
    expect(shares.map((s) => s.amount).sort()).toEqual([cake.amount, flowers.amount].sort());
    expect(new Set(shares.map((s) => s.checkoutGroupId)).size).toBe(1);
    const [group] = await db
      .select()
      .from(checkoutGroups)
      .where(eq(checkoutGroups.id, shares[0]!.checkoutGroupId!));
    expect(group).toMatchObject({ status: 'succeeded', amount: cake.amount + flowers.amount });

    // The two orders show paid, each with its own money held.
    for (const o of [cake, flowers]) {
      await page.goto(`/orders/${o.id}`);
      await page.getByRole('heading', { name: `Order ${o.orderNumber}` }).waitFor();
      await expect
        .poll(() => shownText(page))
        .toContain(
          `Payment protected: $${(o.amount / 100).toFixed(2)} held by Frosted until you confirm you are satisfied.`,
        );
      const res = await page.request.get(`/api/orders/${o.id}`);
      expect(((await res.json()) as { status: string }).status).toBe('paid');
    }

    // The third, later and on its own: one order left to pay, so nothing to pay together.
    await page.goto(`/orders/${photos.id}`);
    await page.getByRole('heading', { name: `Order ${photos.orderNumber}` }).waitFor();
    expect(await shownNames(page, 'heading')).not.toContain('Pay together');
    await page.getByRole('link', { name: 'Pay $345.67' }).click();
    await page.getByRole('heading', { name: 'Pay for your cake' }).waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $345.67' }).click();
    await page.getByRole('heading', { name: 'Payment protected' }).waitFor();
    expect(await heldForOrder(db, photos.id)).toBe(photos.amount);
    expect(await heldForOrder(db, cake.id)).toBe(cake.amount);
    expect(await heldForOrder(db, flowers.id)).toBe(flowers.amount);

    await page.goto('/customer-dashboard-original');
    await page.getByRole('heading', { name: 'Order History' }).waitFor();
    expect(await shownNames(page, 'heading')).not.toContain('Pay together');
    await context.close();
  });

  it('is offered on an order’s page (that order first) and on the simple dashboard', async () => {
    const { customer, cake, flowers, photos } = await customerWithThreeOrders('PO');
    const { context, page } = await newPage(browser, server.url, PHONE);
    await signedIn(page, customer.email, TEST_PASSWORD, `/orders/${flowers.id}`);
    const together = page.getByRole('region', { name: 'Pay together' });
    await together.getByRole('link', { name: 'Pay 3 orders together' }).waitFor();
    // This order first, then the others as the dashboard lists them (the newest first).
    expect(await shownNames(together, 'checkbox')).toEqual([
      `${flowers.businessName} · Order ${flowers.orderNumber} $234.56`,
      `${photos.businessName} · Order ${photos.orderNumber} $345.67`,
      `${cake.businessName} · Order ${cake.orderNumber} $123.45`,
    ]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'pay-together-order-page-390');

    // Fewer than two chosen: said, with no way to a checkout of one.
    await together.getByRole('checkbox', { name: new RegExp(cake.businessName) }).uncheck();
    await together.getByRole('checkbox', { name: new RegExp(photos.businessName) }).uncheck();
    await together.getByText('Choose at least two orders to pay together.').waitFor();
    expect(await shownNames(together, 'link')).toEqual([]);
    await together.getByRole('checkbox', { name: new RegExp(photos.businessName) }).check();
    await together.getByRole('link', { name: 'Pay 2 orders together' }).click();
    await page.getByRole('heading', { name: 'Pay for your orders' }).waitFor();
    await expect.poll(() => flat(page.getByRole('complementary'))).toContain('Total $580.23');

    // The simple dashboard (the nav's Dashboard) lists every order waiting for payment.
    await page.goto('/customer-dashboard');
    await page
      .getByRole('region', { name: 'Pay together' })
      .getByRole('link', { name: 'Pay 3 orders together' })
      .waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'pay-together-simple-dashboard-390');
    await context.close();
  });
});
