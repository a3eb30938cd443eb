import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClaim } from '../../src/server/modules/payments/claims.ts';
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

describe('the admin’s reconciliation', () => {
  it('shows a paid order’s money matching on both sides, and leads to the open claim', async () => {
    const db = server.services.db;
    const customer = await createUser(db);
    const admin = await createUser(db, { role: 'admin' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Larch Cakes' });
    const order = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      orderNumber: 'FR-R-1',
      amount: 12_345,
      // The event is now: it can be delivered at once.
      deliveryDate: clock.now(),
      createdAt: clock.now(),
    });
    const { asCustomer } = await payAndDeliver({
      db,
      processor: server.services.payments,
      log: server.services.log,
      orderId: order.id,
      customer,
      vendorOwner: owner,
      now: clock.now(),
    });
    await openClaim({
      db,
      actor: asCustomer,
      orderId: order.id,
      description: 'The frosting melted on the way.',
      photos: [],
      now: clock.now(),
    });

    const a = await newPage(browser, server.url);
    await signedIn(a.page, admin.email, TEST_PASSWORD);
    await a.page.getByRole('tab', { name: 'Reconciliation' }).click();
    await a.page.getByRole('heading', { name: 'The ledger against Sandbox’s records' }).waitFor();

    const collected = a.page
      .getByRole('list', { name: 'Checks' })
      .getByRole('listitem')
      .filter({ hasText: 'Payments collected' });
    await collected.getByText('Matches').waitFor();
    await collected.getByText('$123.45').first().waitFor();
    for (const label of ['Refunds sent', 'Payouts sent'])
      await a.page
        .getByRole('list', { name: 'Checks' })
        .getByRole('listitem')
        .filter({ hasText: label })
        .getByText('Matches')
        .waitFor();

    // Collected, held (the order is delivered and under a claim) and in the processor's cash.
    const ledger = a.page.getByRole('region', { name: 'The ledger', exact: true });
    await ledger.getByText('Held (payment protection)').waitFor();
    await expect.poll(() => ledger.getByText('$123.45').count()).toBe(3);
    await a.page.getByText('No orders hold money after they ended.').waitFor();
    await a.page.getByText('Every event the processor sent has been applied.').waitFor();

    await a.page.getByText('1 open claim holds its order’s money until an admin decides.').waitFor();
    await a.page.getByRole('link', { name: 'Review Claims' }).click();
    await a.page.getByRole('tab', { name: 'Claims', selected: true }).waitFor();
    await a.page
      .getByRole('list', { name: 'Open claims' })
      .getByRole('listitem')
      .filter({ hasText: 'FR-R-1' })
      .getByText('“The frosting melted on the way.”')
      .waitFor();
    await a.context.close();

    // On a phone the tab can be reached and the page has no accessibility violations.
    const phone = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(phone.page, admin.email, TEST_PASSWORD);
    // Every tab shows without scrolling the row of tabs sideways.
    const tab = phone.page.getByRole('tab', { name: 'Reconciliation' });
    await tab.waitFor();
    const box = await tab.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await tab.click();
    await phone.page.getByRole('heading', { name: 'The ledger against Sandbox’s records' }).waitFor();
    const { violations } = await new AxeBuilder({ page: phone.page }).analyze();
    expect(violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
    await phone.context.close();
  });
});
