import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '../../src/server/db/schema/index.ts';
import { heldForOrder, recordPayment } from '../../src/server/modules/ledger/index.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import {
  TEST_PASSWORD,
  createOrder,
  createPendingOrder,
  createReleasedOrder,
  createUser,
  createVendor,
} from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('paying for an order, with payment protection', () => {
  it('a declined card, then a card that asks for confirmation; cancelling shows the refund before it happens', async () => {
    const db = server.services.db;
    const customer = await createUser(db);
    const vendor = await createVendor(db, { businessName: 'Birch Lane Bakery' });
    const order = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-P-1',
      amount: 10_001,
      refundPercent: 50,
      // 30 hours away: a cancellation now is in the vendor-policy window (50%).
      deliveryDate: new Date(clock.now().getTime() + 30 * HOUR),
      createdAt: clock.now(),
    });
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, `/orders/${order.id}/pay`);
    await page.getByRole('heading', { name: 'Pay for your cake' }).waitFor();
    await page.getByRole('heading', { name: 'Order FR-P-1' }).waitFor();

    // A mistyped number is caught at its field, and what was typed stays.
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $100.01' }).click();
    await page.getByText('Your card number is invalid.').waitFor();
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4241');

    // Declined: said plainly, and the order can still be paid.
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $100.01' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await heldForOrder(db, order.id)).toBe(0);

    // A card that asks for an extra confirmation step.
    await page.getByLabel('Card number').fill('4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Pay $100.01' }).click();
    const bank = page.getByRole('dialog', { name: 'Confirm this payment' });
    await bank.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('heading', { name: 'Payment protected' }).waitFor();
    expect(await heldForOrder(db, order.id)).toBe(10_001);

    // On the order: the money is held; cancelling shows the Terms' split before anything happens.
    await page.getByRole('link', { name: 'Track my order' }).click();
    await page.getByRole('button', { name: 'Track Order' }).click();
    await page
      .getByText('Payment protected: $100.01 held by Frosted until you confirm you are satisfied.')
      .waitFor();
    // The dialog computes with the browser's clock: the same moment as the server's.
    await page.clock.setFixedTime(clock.now());
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Order: FR-P-1' });
    await cancel.getByText('Within 48 hours of delivery: the vendor refunds 50%.').waitFor();
    expect(await cancel.getByRole('definition').allTextContents()).toEqual(['$50.01', '$46.00', '$4.00']);
    await cancel.getByLabel('Reason').fill('The party moved.');
    await cancel.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByText('Order FR-P-1 is now Cancelled.').waitFor();
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amount: 5_001, status: 'succeeded' });
    await context.close();
  });

  it('the vendor sees held, available and paid-out money, per order, and pays out what is available', async () => {
    const db = server.services.db;
    const customer = await createUser(db);
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Cedar Crumb' });
    await createReleasedOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-V-1',
      amount: 12_345,
    });
    const open = await createOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-V-2',
      amount: 5_000,
      status: 'paid',
    });
    await recordPayment(db, {
      orderId: open.id,
      vendorId: vendor.id,
      amountCents: 5_000,
      key: `payment:${open.id}`,
    });

    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, owner.email, TEST_PASSWORD);
    await page.getByRole('tab', { name: 'Payouts' }).click();
    const rows = page.getByRole('table', { name: 'Money per order' }).getByRole('row');
    await rows.filter({ hasText: 'FR-V-1' }).getByText('$113.57').waitFor();
    expect(await rows.filter({ hasText: 'FR-V-1' }).getByRole('cell').allTextContents()).toEqual([
      'Completed',
      '$123.45',
      '$0.00',
      '$9.88',
      // No tax on this order's fee: it was made with none.
      '$0.00',
      '$113.57',
      '$0.00',
    ]);
    await rows.filter({ hasText: 'FR-V-2' }).getByText('$50.00').first().waitFor();
    await page.getByRole('button', { name: 'Pay Out $113.57' }).click();
    await page.getByText('Payout of $113.57 is on its way.').waitFor();
    // Nothing left to pay out: said so, with no button that would pay nothing.
    await page.getByText('Nothing to pay out right now.').waitFor();
    expect(await page.getByRole('button', { name: /^Pay Out/ }).count()).toBe(0);
    await page.getByRole('list').filter({ hasText: 'Paid' }).getByText('$113.57').waitFor();
    await context.close();
  });
});
