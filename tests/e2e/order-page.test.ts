import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM, transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { launchBrowser, newPage, shownNames, shownText, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import { TEST_PASSWORD, createPendingOrder, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const clock = manualClock('2026-12-01T17:00:00Z');
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function anOrder(number: string) {
  const db = server.services.db;
  const customer = await createUser(db, { firstName: 'Iris', lastName: 'Okafor' });
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id, businessName: `Juniper ${number}` });
  const order = await createPendingOrder(db, {
    customerId: customer.id,
    vendorId: vendor.id,
    orderNumber: number,
    deliveryAddress: null, // picked up
    deliveryDate: new Date('2026-12-12T20:00:00Z'),
    createdAt: clock.now(),
  });
  return { customer, owner, vendor, order };
}

describe('an order’s own page (/orders/{id})', () => {
  it('shows the customer where the order stands, the way to pay and to the vendor, on a phone too', async () => {
    const { customer, order } = await anOrder('FR-P-1');
    const { page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, `/orders/${order.id}`);

    await expect.poll(() => shownNames(page, 'heading')).toContain('Order FR-P-1');
    // The page's subject takes the focus once it is there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Order FR-P-1');
    const text = await shownText(page);
    expect(text).toContain('Juniper FR-P-1');
    expect(text).toContain('Pickup: ');
    expect(text).toContain('Track Order');
    expect(await shownNames(page, 'link')).toContain('My orders');
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('link', { name: 'Pay $100.00' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/orders/${order.id}/pay`);
    await page.goBack();
    await page.getByRole('button', { name: 'Message Vendor' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/messages');
    expect(new URL(page.url()).searchParams.get('order')).toBe(order.id);
  });

  it('shows the vendor the same order with Message Customer and no Pay; anyone else reads Order not found', async () => {
    const { owner, order } = await anOrder('FR-P-2');
    await transitionOrder(server.services.db, {
      orderId: order.id,
      action: 'pay',
      by: SYSTEM,
      now: clock.now(),
    });

    const vendor = await newPage(browser, server.url);
    await signedIn(vendor.page, owner.email, TEST_PASSWORD, `/orders/${order.id}`);
    await expect.poll(() => shownNames(vendor.page, 'heading')).toContain('Order FR-P-2');
    const buttons = await shownNames(vendor.page, 'button');
    expect(buttons).toContain('Message Customer');
    expect(await shownText(vendor.page)).toContain('Iris Okafor');
    expect((await shownNames(vendor.page, 'link')).filter((name) => name.startsWith('Pay'))).toEqual([]);
    await vendor.context.close();

    const stranger = await createUser(server.services.db);
    const other = await newPage(browser, server.url);
    await signedIn(other.page, stranger.email, TEST_PASSWORD, `/orders/${order.id}`);
    await expect.poll(() => shownNames(other.page, 'heading')).toContain('Order not found');
    expect(await shownText(other.page)).not.toContain('FR-P-2');
    await other.context.close();

    // A visitor signs in first and comes back to the order.
    const visitor = await newPage(browser, server.url);
    await visitor.page.goto(`/orders/${order.id}`);
    await expect.poll(() => new URL(visitor.page.url()).pathname).toBe('/auth');
    expect(new URL(visitor.page.url()).searchParams.get('next')).toBe(`/orders/${order.id}`);
    await visitor.context.close();
  });

  it('is where the order’s notification leads', async () => {
    const { customer, owner, order } = await anOrder('FR-P-3');
    await transitionOrder(server.services.db, {
      orderId: order.id,
      action: 'pay',
      by: SYSTEM,
      now: clock.now(),
    });
    await transitionOrder(server.services.db, {
      orderId: order.id,
      action: 'confirm',
      by: { kind: 'user', actor: { ...owner, userType: 'vendor' } },
      now: clock.now(),
    });
    const { page } = await newPage(browser, server.url);
    await signedIn(page, customer.email, TEST_PASSWORD, '/customer-dashboard');
    await page.getByRole('button', { name: /Notifications/ }).click();
    await page.getByRole('link', { name: /Order FR-P-3 is now Confirmed/ }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/orders/${order.id}`);
    await expect.poll(() => shownNames(page, 'heading')).toContain('Order FR-P-3');
  });

  it('is one click from every order row: the customer’s dashboards and the vendor’s orders', async () => {
    const { customer, owner, order } = await anOrder('FR-P-4');
    await transitionOrder(server.services.db, {
      orderId: order.id,
      action: 'pay',
      by: SYSTEM,
      now: clock.now(),
    });
    const { page, context } = await newPage(browser, server.url);
    for (const dashboard of ['/customer-dashboard', '/customer-dashboard-original']) {
      await signedIn(page, customer.email, TEST_PASSWORD, dashboard);
      await page.getByRole('link', { name: 'View Order for order FR-P-4 (Juniper FR-P-4)' }).click();
      await expect.poll(() => page.url()).toBe(`${server.url}/orders/${order.id}`);
    }
    await context.close();

    const vendor = await newPage(browser, server.url);
    await signedIn(vendor.page, owner.email, TEST_PASSWORD, '/vendor-dashboard?tab=orders');
    await vendor.page.getByRole('link', { name: /^View Order for order FR-P-4 / }).click();
    await expect.poll(() => shownNames(vendor.page, 'heading')).toContain('Order FR-P-4');
  });
});
