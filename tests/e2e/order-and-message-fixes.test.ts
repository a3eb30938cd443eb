import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../src/shared/contact-masking.ts';
import { recordPayment } from '../../src/server/modules/ledger/index.ts';
import { sendMessage } from '../../src/server/modules/messages/service.ts';
import { openConversation } from '../../src/server/modules/messages/index.ts';
import type { Actor } from '../../src/server/actor.ts';
import { launchBrowser, newPage, shownNames, shownText, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import {
  TEST_PASSWORD,
  createOrder,
  createPendingOrder,
  createReleasedOrder,
  createUser,
  createVendor,
  quoteBriefFor,
} from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/* Issue 24, items 5, 6, 7a, 15 and 17, as a customer and a vendor meet them. */

const clock = manualClock('2026-12-01T17:00:00Z');
const DAY = 24 * 3_600_000;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const actorOf = (user: { id: string; email: string }, userType: 'customer' | 'vendor'): Actor => ({
  id: user.id,
  email: user.email,
  name: 'T',
  userType,
  role: 'user',
});

/** The conversation list's entry for a counterpart, as the list shows it. */
const entryText = (page: Page, name: string) => shownText(page.getByRole('link', { name: new RegExp(name) }));

describe('after paying', () => {
  it('the card’s expiry takes 1229 as 12/29, and the message preview shows the number as the thread does', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Nadia', lastName: 'Park' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Birch Lane Bakery' });
    await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-X-1',
      amount: 12_000,
      deliveryDate: new Date(clock.now().getTime() + 14 * DAY),
      createdAt: clock.now(),
    });
    const id = await openConversation(db, { customerId: customer.id, vendorId: vendor.id });
    await sendMessage({
      db,
      actor: actorOf(owner, 'vendor'),
      id,
      input: { body: 'Call me at 604-555-0142 to talk it over.' },
      now: clock.now(),
    });

    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, customer.email, TEST_PASSWORD, '/customer-dashboard-original');
    // Before payment the list masks the number, as the thread does.
    await page.getByRole('link', { name: 'Messages' }).click();
    await expect.poll(() => entryText(page, 'Birch Lane Bakery')).toContain(`Call me at ${MASK}`);

    // Back to the order (in the app, the list stays cached), paid with an expiry typed without a slash.
    await page.goBack();
    await page.getByRole('link', { name: 'Pay Now' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    const expiry = page.getByLabel('Expiry (MM/YY)');
    await expiry.pressSequentially('1229');
    expect(await expiry.inputValue()).toBe('12/29');
    // Backspace over the slash, then typed again.
    await expiry.press('Backspace');
    await expiry.press('Backspace');
    expect(await expiry.inputValue()).toBe('12/');
    await expiry.press('Backspace');
    expect(await expiry.inputValue()).toBe('1');
    await expiry.pressSequentially('229');
    expect(await expiry.inputValue()).toBe('12/29');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $120.00' }).click();
    await page.getByRole('heading', { name: 'Payment protected' }).waitFor();

    await page.getByRole('link', { name: 'Messages' }).click();
    await expect
      .poll(() => entryText(page, 'Birch Lane Bakery'))
      .toContain('Call me at 604-555-0142 to talk it over.');
    await page.getByRole('link', { name: /Birch Lane Bakery/ }).click();
    const thread = page.getByRole('region', { name: 'Conversation with Birch Lane Bakery' });
    await expect.poll(() => shownText(thread)).toContain('Call me at 604-555-0142 to talk it over.');
    await context.close();

    // The vendor's list, on a phone, shows it too.
    const birch = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(birch.page, owner.email, TEST_PASSWORD, '/messages');
    await expect
      .poll(() => entryText(birch.page, 'Nadia P\\.'))
      .toContain('You: Call me at 604-555-0142 to talk it over.');
    await birch.context.close();
  });
});

describe('the vendor’s Payouts tab', () => {
  it('after a full payout says there is nothing to pay out, with no button that pays nothing', async () => {
    const db = server.services.db;
    const customer = await createUser(db);
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Cedar Crumb' });
    await createReleasedOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      amount: 12_345,
    });
    const open = await createOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      amount: 5_000,
      status: 'paid',
    });
    await recordPayment(db, {
      orderId: open.id,
      vendorId: vendor.id,
      amountCents: 5_000,
      key: `payment:${open.id}`,
    });

    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, owner.email, TEST_PASSWORD, '/vendor-dashboard?tab=payouts');
    // By keyboard: the button, then Enter.
    const payOut = page.getByRole('button', { name: 'Pay Out $113.57' });
    await payOut.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Payout of $113.57 is on its way.').waitFor();
    await expect
      .poll(() => shownText(page))
      .toContain(
        'Nothing to pay out right now. $50.00 held for your open orders becomes available as those orders are completed.',
      );
    expect((await shownNames(page, 'button')).filter((name) => name.startsWith('Pay Out'))).toEqual([]);
    // Focus went to the note that took the button's place, not to the top of the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Nothing to pay out right now.');
    await context.close();
  });
});

describe('the order lists', () => {
  it('say Pickup for a pickup order, and name each card’s buttons by its order', async () => {
    const db = server.services.db;
    const ana = await createUser(db, { firstName: 'Ana', lastName: 'Reyes' });
    const ben = await createUser(db, { firstName: 'Ben', lastName: 'Okafor' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Larch Street Cakes' });
    const brief = quoteBriefFor(clock.now());
    // Dec 7 and Dec 9 at noon in Vancouver.
    await createPendingOrder(db, {
      customerId: ana.id,
      vendorId: vendor.id,
      orderNumber: 'FR-X-2',
      brief: { ...brief, fulfillment: 'pickup' },
      deliveryDate: new Date('2026-12-07T20:00:00Z'),
      createdAt: clock.now(),
    });
    await createOrder(db, {
      customerId: ben.id,
      vendorId: vendor.id,
      orderNumber: 'FR-X-3',
      status: 'paid',
      brief: { ...brief, fulfillment: 'delivery', deliveryAddress: '88 Granville St, Vancouver' },
      deliveryDate: new Date('2026-12-09T20:00:00Z'),
    });

    // The customer's row says when she picks it up.
    const customer = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(customer.page, ana.email, TEST_PASSWORD, '/customer-dashboard-original');
    await expect.poll(() => shownText(customer.page)).toContain('Pickup: Dec 7, 2026');
    expect(await shownText(customer.page)).not.toContain('Delivery: Dec 7, 2026');
    await expect
      .poll(() => shownNames(customer.page, 'button'))
      .toContain('Track Order for order FR-X-2 (Larch Street Cakes)');
    await customer.context.close();

    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, owner.email, TEST_PASSWORD, '/vendor-dashboard?tab=orders');
    const list = page.getByRole('list', { name: 'Active orders' });
    await expect.poll(() => shownText(list)).toContain('Pickup: Dec 7, 2026');
    expect(await shownText(list)).toContain('Delivery: Dec 9, 2026');
    // Every button says whose order it is for; the unpaid order, which can only be cancelled, offers
    // Cancel Order itself rather than an Update Status leading to it.
    await expect
      .poll(() => shownNames(list, 'button'))
      .toEqual([
        'Message Customer for order FR-X-2 (Ana R.)',
        'Track Order for order FR-X-2 (Ana R.)',
        'Cancel Order for order FR-X-2 (Ana R.)',
        'Message Customer for order FR-X-3 (Ben O.)',
        'Update Status for order FR-X-3 (Ben O.)',
      ]);

    // By keyboard: Cancel Order asks why, and the order is cancelled.
    await list.getByRole('button', { name: 'Cancel Order for order FR-X-2' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel Order: FR-X-2' });
    await dialog.getByLabel('Reason').fill('The customer asked us to.');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByText('Order FR-X-2 is now Cancelled.').waitFor();
    await expect
      .poll(() => shownNames(list, 'button'))
      .toEqual(['Message Customer for order FR-X-3 (Ben O.)', 'Update Status for order FR-X-3 (Ben O.)']);
    await context.close();
  });
});
