import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldForOrder, vendorBalances } from '../../src/server/modules/ledger/index.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import {
  TEST_PASSWORD,
  createPendingOrder,
  createUser,
  createVendor,
  payAndDeliver,
} from '../support/factories.ts';
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

describe('a satisfaction claim', () => {
  it('the customer reports a problem with a photo, the vendor answers, an admin refunds part of it', async () => {
    const db = server.services.db;
    const customer = await createUser(db);
    const admin = await createUser(db, { role: 'admin' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Alder Cakes' });
    const order = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-C-1',
      amount: 10_001,
      // The event is now: it can be delivered at once.
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
    clock.advanceHours(2);

    // The customer, on a phone.
    const c = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(c.page, customer.email, TEST_PASSWORD, '/customer-dashboard-original');
    await c.page.getByRole('button', { name: 'Track Order' }).click();
    await c.page.getByRole('button', { name: 'Report a Problem' }).click();
    const dialog = c.page.getByRole('dialog', { name: 'Report a problem: FR-C-1' });
    await dialog.getByRole('button', { name: 'Open Claim' }).click();
    await dialog.getByText('Please describe what is wrong (at least 10 characters).').waitFor();
    await dialog.getByLabel('What went wrong?').fill('The top tier slid off on the way to the venue.');
    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#e8a0b4' } })
      .jpeg()
      .toBuffer();
    await dialog
      .getByLabel('Photos (up to 5)')
      .setInputFiles({ name: 'cake.jpg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByText('1 photo chosen').waitFor();
    await dialog.getByRole('button', { name: 'Open Claim' }).click();
    await c.page.getByText('Your claim is open. Frosted will be in touch.').waitFor();
    await c.page.getByRole('img', { name: 'The problem, 1 of 1' }).waitFor();

    // The vendor answers from the dashboard.
    const v = await newPage(browser, server.url);
    await signedIn(v.page, owner.email, TEST_PASSWORD);
    await v.page.getByRole('tab', { name: 'Orders' }).click();
    await v.page.getByRole('button', { name: 'Update Status' }).click();
    await v.page.getByText('“The top tier slid off on the way to the venue.”').waitFor();
    await v.page.getByLabel('Your answer to the claim').fill('It left our shop in perfect shape.');
    await v.page.getByRole('button', { name: 'Send Answer' }).click();
    await v.page.getByText('Your answer was added to the claim.').waitFor();

    // An admin refunds $10.00 of it.
    const a = await newPage(browser, server.url);
    await signedIn(a.page, admin.email, TEST_PASSWORD);
    await a.page.getByRole('tab', { name: 'Claims' }).click();
    const claim = a.page
      .getByRole('list', { name: 'Open claims' })
      .getByRole('listitem')
      .filter({ hasText: 'FR-C-1' });
    await claim.getByText('“It left our shop in perfect shape.”').waitFor();
    await claim.getByLabel('Partial refund').check();
    await claim.getByLabel('Refund amount ($)').fill('200');
    await claim.getByLabel('Note to both sides').fill('Part of the cake was damaged in transit.');
    await claim.getByRole('button', { name: 'Resolve Claim' }).click();
    await claim.getByText('A refund can be at most the $100.01 held.').waitFor();
    await claim.getByLabel('Refund amount ($)').fill('10.00');
    await claim.getByRole('button', { name: 'Resolve Claim' }).click();
    await a.page.getByText('Claim on FR-C-1 resolved. Both sides were e-mailed.').waitFor();
    await a.page.getByText('No open claims. Nothing is waiting for a decision.').waitFor();

    expect(await heldForOrder(db, order.id)).toBe(0);
    expect((await vendorBalances(db, vendor.id)).availableCents).toBe(8_281);
    await c.page.reload();
    await c.page.getByRole('button', { name: 'Track Order' }).click();
    await c.page.getByText('A partial refund of $10.00; the rest went to the vendor.').waitFor();
    for (const p of [c, v, a]) await p.context.close();
  });
});
