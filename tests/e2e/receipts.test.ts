import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/actor.ts';
import { transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { requestPayout } from '../../src/server/modules/payments/payouts.ts';
import { launchBrowser, newPage, shownText, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import {
  TEST_PASSWORD,
  createPendingOrder,
  createUser,
  createVendor,
  payAndDeliver,
} from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Decision 029 in the browser: a customer's receipt from the order page, a vendor's fee invoice from Payouts. */
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

const actor = (u: { id: string; email: string }, userType: Actor['userType']): Actor => ({
  id: u.id,
  email: u.email,
  name: 'T',
  userType,
  role: 'user',
});

describe('receipts and fee invoices', () => {
  it('a customer opens a receipt from an order page; the vendor opens the payout’s invoice from Payouts', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { name: 'Maya Lee' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, {
      userId: owner.id,
      businessName: 'Alder Cakes',
      businessAddress: '12 Alder St, Vancouver',
      gstNumber: '123456782RT0001',
    });
    const order = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-R-1',
      amount: 12_345,
      gstBps: 500,
      deliveryDate: clock.now(),
      createdAt: clock.now(),
    });
    await payAndDeliver({
      db,
      processor: server.services.payments,
      log: server.services.log,
      orderId: order.id,
      customer,
      vendorOwner: owner,
      now: clock.now(),
    });

    // The customer, on a phone: the order page lists the receipt, which opens on its own page.
    const c = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(c.page, customer.email, TEST_PASSWORD, `/orders/${order.id}`);
    await c.page.getByRole('heading', { name: 'Receipts' }).waitFor();
    await c.page.screenshot({ path: '/tmp/h32-order-customer-390.png', fullPage: true });
    await c.page.getByRole('link', { name: /Payment receipt/ }).click();
    await c.page.getByRole('heading', { name: 'Payment receipt' }).waitFor();
    const receipt = await shownText(c.page.locator('main'));
    for (const text of ['FR-R-1', 'Alder Cakes', '123456782RT0001', '$123.45', 'Payment protection'])
      expect(receipt).toContain(text);
    await c.page.screenshot({ path: '/tmp/h32-receipt-390.png', fullPage: true });

    // Completed and paid out: the vendor's payout comes with its invoice.
    await transitionOrder(db, {
      orderId: order.id,
      action: 'confirmSatisfied',
      by: { kind: 'user', actor: actor(customer, 'customer') },
      now: clock.now(),
    });
    await requestPayout({
      db,
      processor: server.services.payments,
      actor: actor(owner, 'vendor'),
      now: clock.now(),
      log: server.services.log,
      platformGstNumber: '123456789RT0001',
    });
    const v = await newPage(browser, server.url);
    // The vendor's order page shows what they keep: the fee, the tax on it, the rest.
    await signedIn(v.page, owner.email, TEST_PASSWORD, `/orders/${order.id}`);
    await v.page.getByRole('heading', { name: 'Your earnings' }).waitFor();
    expect(await shownText(v.page.locator('main'))).toContain('GST on the fee (5%)');
    await v.page.screenshot({ path: '/tmp/h32-order-vendor-1280.png', fullPage: true });
    await v.page.goto('/vendor-dashboard/profile');
    await v.page.getByLabel(/GST\/HST number/).waitFor();
    await v.page.screenshot({ path: '/tmp/h32-profile-1280.png', fullPage: true });
    await signedIn(v.page, owner.email, TEST_PASSWORD, '/vendor-dashboard?tab=payouts');
    await v.page.getByRole('tab', { name: 'Payouts' }).click();
    // The order's row shows the fee and the tax on it: 9.88 and 0.49, leaving 113.08.
    await v.page.getByRole('columnheader', { name: 'Tax on fee' }).waitFor();
    const row = await shownText(v.page.getByRole('row', { name: /FR-R-1/ }));
    for (const text of ['$9.88', '$0.49', '$113.08']) expect(row).toContain(text);
    await v.page.screenshot({ path: '/tmp/h32-payouts-1280.png', fullPage: true });
    await v.page.getByRole('link', { name: /^Invoice FRI-2026-/ }).click();
    await v.page.getByRole('heading', { name: /^Invoice FRI-2026-\d{6}$/ }).waitFor();
    const invoice = await shownText(v.page.locator('main'));
    for (const text of [
      'Alder Cakes',
      '123456782RT0001',
      '123456789RT0001',
      'FR-R-1',
      '$9.88',
      '$0.49',
      '$10.37',
    ])
      expect(invoice).toContain(text);
    await v.page.screenshot({ path: '/tmp/h32-invoice-1280.png', fullPage: true });
    await v.page.setViewportSize({ width: 390, height: 844 });
    await v.page.screenshot({ path: '/tmp/h32-invoice-390.png', fullPage: true });
    await c.page.setViewportSize({ width: 1280, height: 900 });
    await c.page.screenshot({ path: '/tmp/h32-receipt-1280.png', fullPage: true });

    // Another customer finds no receipt.
    const stranger = await createUser(db);
    const s = await newPage(browser, server.url);
    await signedIn(s.page, stranger.email, TEST_PASSWORD, c.page.url().replace(server.url, ''));
    await s.page.getByRole('heading', { name: 'This receipt was not found' }).waitFor();
    await Promise.all([c.context.close(), v.context.close(), s.context.close()]);
  });
});
