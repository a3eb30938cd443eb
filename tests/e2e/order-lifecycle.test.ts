import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/shared/time.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { SYSTEM, transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { closeToast, launchBrowser, newPage, shownText, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import { TEST_PASSWORD, createPendingOrder, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The server's rules go by this clock; the test moves it and runs the due jobs, as the poller would.
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

describe('an order from payment to completion', () => {
  it('the vendor updates its status step by step, the customer sees each step with its time, and it completes 24 h after delivery', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Ava', lastName: 'Tremblay' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Larch Street Cakes' });
    const order = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-L-1',
      // Thursday December 3 at 13:00 in Vancouver.
      deliveryDate: new Date('2026-12-03T20:00:00Z'),
      createdAt: clock.now(),
    });
    clock.advanceHours(1);
    await transitionOrder(db, { orderId: order.id, action: 'pay', by: SYSTEM, now: clock.now() });

    // The vendor, on a phone: Update Status shows the order's history and the next step only.
    const larch = await newPage(browser, server.url, { width: 390, height: 844 });
    const openOrder = async () => {
      await larch.page.getByRole('tab', { name: 'Orders' }).click();
      await larch.page.getByRole('button', { name: 'Update Status' }).click();
    };
    await signedIn(larch.page, owner.email, TEST_PASSWORD);
    await openOrder();
    const steps = larch.page.getByRole('group', { name: 'Update status' });
    // Each button's name says which order it changes (the visible label, then the order).
    const forOrder = (label: string) => `${label} for order FR-L-1 (Ava Tremblay)`;
    for (const [button, status] of [
      ['Confirm Order', 'Confirmed'],
      ['Start Production', 'In Progress'],
    ] as const) {
      clock.advanceHours(5);
      await steps.getByRole('button', { name: forOrder(button) }).click();
      await closeToast(larch.page, `Order FR-L-1 is now ${status}.`);
    }
    // Tuesday evening: Mark Ready opens at midnight before Thursday's event, and the tracker says so.
    const markReady = steps.getByRole('button', { name: forOrder('Mark Ready') });
    const opens = 'You can mark this order ready from Wednesday, December 2, 2026.';
    await larch.page.getByText(opens).waitFor();
    await expect.poll(() => markReady.isDisabled()).toBe(true);
    await expect
      .poll(() =>
        markReady.evaluate((b) => document.getElementById(b.getAttribute('aria-describedby')!)?.textContent),
      )
      .toBe(opens);
    // The morning of the event: open.
    clock.set('2026-12-03T15:00:00Z');
    await larch.page.reload();
    await openOrder();
    await markReady.click();
    await closeToast(larch.page, 'Order FR-L-1 is now Ready.');
    await expect.poll(() => larch.page.getByText(opens).count()).toBe(0);
    // Mark Delivered asks for an optional photo of the cake and a note.
    clock.advanceHours(5);
    await steps.getByRole('button', { name: forOrder('Mark Delivered') }).click();
    const dialog = larch.page.getByRole('dialog', { name: 'Mark Delivered: FR-L-1' });
    const photo = await sharp({
      create: { width: 600, height: 800, channels: 3, background: { r: 240, g: 200, b: 210 } },
    })
      .jpeg()
      .toBuffer();
    await dialog
      .getByLabel('Add a photo (optional)')
      .setInputFiles({ name: 'cake.jpg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByRole('img', { name: 'The cake you are adding' }).waitFor();
    await dialog.getByLabel('Note (optional)').fill('Left with the concierge');
    await dialog.getByRole('button', { name: 'Mark Delivered' }).click();
    await larch.page.getByText('Order FR-L-1 is now Delivered.').waitFor();
    // Delivered: nothing left for the vendor to do.
    await expect.poll(() => steps.count()).toBe(0);
    const deliveredAt = clock.now();

    // The customer tracks the order: every step with its Vancouver date and time.
    const ava = await newPage(browser, server.url);
    await signedIn(ava.page, customer.email, TEST_PASSWORD, '/customer-dashboard-original');
    await ava.page.getByRole('button', { name: 'Track Order' }).click();
    const history = ava.page.getByRole('list', { name: 'Order history' });
    await history.getByText('Delivered').waitFor();
    const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
    const items = await history.getByRole('listitem').allInnerTexts();
    expect(items.map(oneLine)).toEqual([
      expect.stringContaining('Order placed'),
      expect.stringContaining('Payment received'),
      expect.stringContaining('Order confirmed by the vendor'),
      expect.stringContaining('Production started'),
      expect.stringContaining('Ready for pickup or delivery'),
      oneLine(`Delivered ${formatDateTime(deliveredAt)} · Vendor “Left with the concierge”`),
    ]);
    // The vendor's photo, re-encoded by the server, is on the customer's timeline.
    const delivered = history.getByRole('img', { name: 'The delivered cake, order FR-L-1' });
    await expect
      .poll(() => delivered.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await ava.page.getByRole('button', { name: 'I’m Satisfied' }).waitFor();

    // 24 h after delivery the timer completes it (after the reminder e-mailed 4 h before); the customer's
    // next look shows Completed and Leave Review.
    clock.set(new Date(deliveredAt.getTime() + 24 * 3_600_000));
    expect(
      await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log: server.services.log }),
    ).toEqual({
      ran: 2,
      failed: 0,
    });
    await ava.page.reload();
    await ava.page.getByRole('button', { name: 'Leave Review' }).waitFor();
    await ava.page.getByRole('button', { name: 'Track Order' }).click();
    await history.getByText('Completed automatically: no claim within 24 hours of delivery').waitFor();
    await expect.poll(() => ava.page.getByRole('button', { name: 'I’m Satisfied' }).count()).toBe(0);
    await larch.context.close();
    await ava.context.close();
  });

  it('the customer cancels before production with a reason, which both sides then read on the timeline', async () => {
    const db = server.services.db;
    const customer = await createUser(db);
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Fir & Fondant' });
    await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-F-1',
      createdAt: clock.now(),
    });
    const { page, context } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, '/customer-dashboard-original');
    await page.getByRole('button', { name: 'Track Order' }).click();
    // Not paid: where to pick the cake up is not shown yet.
    await expect
      .poll(() => shownText(page.getByRole('region', { name: 'What was agreed' })))
      .toContain('Pickup: the vendor’s address is shared after payment.');
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expect.poll(() => shownText(dialog)).toContain('Please say why you are cancelling.');
    await dialog.getByLabel('Reason').fill('The party moved to March');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expect.poll(() => shownText(page)).toContain('Order FR-F-1 is now Cancelled.');
    await expect.poll(() => shownText(page)).toContain('This order was cancelled.');
    await expect
      .poll(() => shownText(page.getByRole('list', { name: 'Order history' })))
      .toContain('“The party moved to March”');
    await context.close();
  });
});
