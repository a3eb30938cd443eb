/**
 * Realtime (issue 14): a customer and a vendor, each in their own browser, see each other's changes
 * without reloading: messages in the open thread, and the order's status on the customer's timeline,
 * in the bell's count and in its list, whose entry leads to the order.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM, transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { closeToast, launchBrowser, newPage, shownNames, signedIn } from '../support/browser.ts';
import { TEST_PASSWORD, createPendingOrder, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Resolves once the page's event stream has answered (the tab is live from then on). */
const streamOpened = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/events' && r.status() === 200);

/** Loads a page and waits until its event stream is open, so nothing said after this is missed. */
async function goLive(page: Page, path: string) {
  const live = streamOpened(page);
  await page.goto(path);
  await live;
}

/** The bell in the navigation bar; its name carries the unread count. */
const bellOf = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ });

describe('realtime', () => {
  it('messages reach the other side’s open thread, and a status change reaches the customer’s timeline and bell', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Nora', lastName: 'Lindqvist' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Quince & Crumb' });
    const order = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-RT-1',
      createdAt: new Date(),
    });
    await transitionOrder(db, { orderId: order.id, action: 'pay', by: SYSTEM, now: new Date() });

    // The customer writes first, from the order.
    const nora = await newPage(browser, server.url);
    const noraLive = streamOpened(nora.page);
    await signedIn(nora.page, customer.email, TEST_PASSWORD);
    await noraLive;
    await goLive(nora.page, '/customer-dashboard-original');
    await nora.page.getByRole('link', { name: 'Message Vendor' }).click();
    const noraThread = nora.page.getByRole('region', { name: 'Conversation with Quince & Crumb' });
    await noraThread.getByText('No messages yet. Say hello!').waitFor();
    await nora.page.getByLabel('Message', { exact: true }).fill('Could the cake be lemon?');
    await nora.page.getByLabel('Message', { exact: true }).press('Enter');
    await noraThread.getByText('Could the cake be lemon?').waitFor();

    // The vendor, on a phone, opens the conversation.
    const quince = await newPage(browser, server.url, { width: 390, height: 844 });
    const quinceLive = streamOpened(quince.page);
    await signedIn(quince.page, owner.email, TEST_PASSWORD);
    await quinceLive;
    await goLive(quince.page, '/messages');
    await quince.page.getByRole('link', { name: /Nora L\./ }).click();
    const quinceThread = quince.page.getByRole('region', { name: /^Conversation with Nora/ });
    await quinceThread.getByText('Could the cake be lemon?').waitFor();

    // Each answer appears in the other's open thread, without a reload.
    await quince.page.getByLabel('Message', { exact: true }).fill('Lemon with elderflower, yes!');
    await quince.page.getByLabel('Message', { exact: true }).press('Enter');
    await noraThread.getByText('Lemon with elderflower, yes!').waitFor();
    await nora.page.getByLabel('Message', { exact: true }).fill('Perfect, thank you.');
    await nora.page.getByLabel('Message', { exact: true }).press('Enter');
    await quinceThread.getByText('Perfect, thank you.').waitFor();
    // Read where it was shown: no toast about the open conversation.
    expect(await nora.page.getByRole('button', { name: /^View / }).count()).toBe(0);

    // The customer follows the order on the dashboard. The messages were read where they appeared, so
    // nothing is unread.
    await goLive(nora.page, '/customer-dashboard-original');
    await nora.page.getByRole('button', { name: 'Track Order' }).click();
    const history = nora.page.getByRole('list', { name: 'Order history' });
    await history.getByText('Payment received').waitFor();
    const bell = bellOf(nora.page);
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    // Alt+T: with no toast on screen it brings focus to the bell.
    const toasts = nora.page.getByRole('region', { name: /^Notifications alt\+T/ });
    await expect.poll(() => toasts.getByRole('listitem').count()).toBe(0);
    await nora.page.getByRole('heading', { name: 'My Dashboard' }).click();
    await nora.page.keyboard.press('Alt+KeyT');
    await expect.poll(() => bell.evaluate((el) => el === document.activeElement)).toBe(true);

    // The vendor confirms the order from the dashboard's Orders tab.
    await quince.page.goto('/vendor-dashboard');
    await quince.page.getByRole('tab', { name: 'Orders' }).click();
    await quince.page.getByRole('button', { name: 'Update Status' }).click();
    await quince.page
      .getByRole('group', { name: 'Update status' })
      .getByRole('button', { name: 'Confirm Order for order FR-RT-1 (Nora Lindqvist)' })
      .click();
    await closeToast(quince.page, 'Order FR-RT-1 is now Confirmed.');

    // The customer's open timeline moves on by itself, a toast says so, and the bell counts it.
    await history.getByText('Order confirmed by the vendor').waitFor();
    await toasts.getByRole('button', { name: 'View Order FR-RT-1 is now Confirmed.' }).waitFor();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    // With a toast on screen, Alt+T is sonner's: focus goes to the toasts.
    await nora.page.keyboard.press('Alt+KeyT');
    await expect.poll(() => toasts.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await nora.page.keyboard.press('Escape');

    // Elsewhere in the app, the bell's list has it, unread, and leads to the order; opening it reads it.
    await nora.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
    await nora.page.waitForURL('**/messages');
    await bell.click();
    const panel = nora.page.getByRole('dialog', { name: 'Notifications' });
    const entry = panel.getByRole('link', { name: /^Unread: Order FR-RT-1 is now Confirmed\./ });
    await entry.click();
    await nora.page.waitForURL(/\/orders\/[^/]+$/);
    await expect.poll(() => shownNames(nora.page, 'heading')).toContain('Order FR-RT-1');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    // The next step, read with Mark all read.
    await quince.page
      .getByRole('group', { name: 'Update status' })
      .getByRole('button', { name: 'Start Production for order FR-RT-1 (Nora Lindqvist)' })
      .click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await bell.click();
    await panel.getByRole('link', { name: /^Unread: Order FR-RT-1 is now In Progress\./ }).waitFor();
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    expect(await panel.getByRole('link', { name: /^Unread: / }).count()).toBe(0);

    await nora.context.close();
    await quince.context.close();
  });
});
