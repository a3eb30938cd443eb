import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/actor.ts';
import { transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { startCheckout } from '../../src/server/modules/payments/checkout.ts';
import { confirmSandboxPayment } from '../../src/server/modules/payments/sandbox-checkout.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import { TEST_PASSWORD, createPendingOrder, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const clock = manualClock('2026-12-01T17:00:00Z');
const SHOTS = process.env.DISPUTE_SCREENSHOTS;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a card dispute', () => {
  it('the vendor adds a note, an admin reviews the evidence in the queue and submits it, the sandbox bank decides', async () => {
    const db = server.services.db;
    const customer = await createUser(db);
    const admin = await createUser(db, { role: 'admin' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Juniper Cakes' });
    const order = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-D-1',
      amount: 18_000,
      deliveryDate: clock.now(),
      createdAt: clock.now(),
    });
    // Paid with the sandbox's dispute card (4000 0000 0000 0259): its holder disputes it at once.
    const asCustomer: Actor = {
      id: customer.id,
      email: customer.email,
      name: 'C',
      userType: 'customer',
      role: 'user',
    };
    const asVendor: Actor = { id: owner.id, email: owner.email, name: 'V', userType: 'vendor', role: 'user' };
    const common = {
      db,
      processor: server.services.payments,
      actor: asCustomer,
      now: clock.now(),
      log: server.services.log,
    };
    const { paymentId } = await startCheckout({ ...common, orderId: order.id });
    await confirmSandboxPayment({ ...common, paymentId, cardNumber: '4000000000000259' });
    for (const action of ['confirm', 'start', 'markReady', 'deliver'])
      await transitionOrder(db, {
        orderId: order.id,
        action,
        by: { kind: 'user', actor: asVendor },
        now: clock.now(),
      });

    // The vendor, on a phone, adds a note on the order's page.
    const v = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(v.page, owner.email, TEST_PASSWORD, `/orders/${order.id}`);
    await v.page.getByRole('heading', { name: 'Payment disputed' }).waitFor();
    await v.page.getByRole('button', { name: 'Save note' }).click();
    await v.page.getByText('Please write your note.').waitFor();
    await v.page
      .getByLabel('Your note for the evidence')
      .fill('The customer collected the cake and sent us a thank-you.');
    if (SHOTS) await v.page.screenshot({ path: `${SHOTS}/vendor-dispute-390.png`, fullPage: true });
    await v.page.getByRole('button', { name: 'Save note' }).click();
    await v.page.getByText('Your note will go with the evidence.').waitFor();
    if (SHOTS) {
      // The order page and the Payouts tab (with the dispute policy), at both widths.
      await v.page.setViewportSize({ width: 1280, height: 900 });
      await v.page.screenshot({ path: `${SHOTS}/vendor-dispute-1280.png`, fullPage: true });
      await v.page.goto('/vendor-dashboard?tab=payouts');
      await v.page.getByText(/Card disputes:/).waitFor();
      await v.page.screenshot({ path: `${SHOTS}/vendor-payouts-1280.png` });
      await v.page.setViewportSize({ width: 390, height: 844 });
      await v.page.screenshot({ path: `${SHOTS}/vendor-payouts-390.png`, fullPage: true });
    }

    // The admin opens the queue, reads the evidence and submits it.
    const a = await newPage(browser, server.url);
    await signedIn(a.page, admin.email, TEST_PASSWORD, '/admin?tab=disputes');
    const card = a.page.getByRole('listitem').filter({ hasText: 'FR-D-1 · Juniper Cakes' });
    await card.getByText('Response needed').waitFor();
    await card.getByRole('button', { name: 'Review evidence' }).click();
    const evidence = card.getByRole('region', { name: 'Evidence for FR-D-1 · Juniper Cakes' });
    await evidence.getByRole('heading', { name: 'Order FR-D-1: timeline' }).waitFor();
    await evidence.getByText('The customer collected the cake and sent us a thank-you.').waitFor();
    if (SHOTS) {
      await a.page.screenshot({ path: `${SHOTS}/admin-disputes-1280.png`, fullPage: true });
      await a.page.setViewportSize({ width: 390, height: 844 });
      await a.page.screenshot({ path: `${SHOTS}/admin-disputes-390.png`, fullPage: true });
      await a.page.setViewportSize({ width: 1280, height: 900 });
    }
    await card.getByRole('button', { name: 'Submit evidence' }).click();
    await a.page.getByText('Evidence submitted to the card issuer.').waitFor();
    await card.getByText('Under review').waitFor();
    expect(await card.getByRole('button', { name: 'Submit evidence' }).count()).toBe(0);

    // The sandbox's bank decides: won. It moves to the decided list.
    await card.getByRole('button', { name: 'Sandbox: bank decides won' }).click();
    await a.page.getByRole('heading', { name: 'Recently decided' }).waitFor();
    await a.page.getByText('No open disputes. No bank is waiting for evidence.').waitFor();
  });
});
