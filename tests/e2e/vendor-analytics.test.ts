import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../src/server/db/schema/index.ts';
import {
  TEST_PASSWORD,
  createOrder,
  createQuoteFor,
  createUser,
  createVendor,
  postOrderMoneyAt,
} from '../support/factories.ts';
import { launchBrowser, newPage, shownNames, shownText, signedIn } from '../support/browser.ts';
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

const daysAgo = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);

/** Set SCREENSHOT_DIR to keep pictures of the tab (for a person to look at). */
async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

describe('the vendor Analytics tab', () => {
  it('shows the figures of a period, and other figures for another period', async () => {
    const db = server.services.db;
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Crumb & Co' });
    const customer = await createUser(db);
    // One order this month, one about three months ago: "Last 30 days" keeps only the first.
    const recent = await createOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      amount: 40_000,
      status: 'completed',
      createdAt: daysAgo(10),
      deliveryDate: daysAgo(6),
    });
    const older = await createOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      amount: 60_000,
      status: 'completed',
      createdAt: daysAgo(100),
      deliveryDate: daysAgo(96),
    });
    for (const [order, settled] of [
      [recent, daysAgo(5)],
      [older, daysAgo(95)],
    ] as const)
      await postOrderMoneyAt(db, {
        orderId: order.id,
        vendorId: vendor.id,
        heldCents: order.amount,
        kind: 'release',
        split: {
          refundCents: 0,
          vendorCents: (order.amount * 92) / 100,
          platformCents: (order.amount * 8) / 100,
        },
        paidAt: order.createdAt,
        settledAt: settled,
      });
    await createQuoteFor(db, {
      vendorId: vendor.id,
      customerId: customer.id,
      createdAt: daysAgo(11),
      firstResponseAt: daysAgo(11, -2),
      status: 'accepted',
      orderId: recent.id,
    });
    await createQuoteFor(db, {
      vendorId: vendor.id,
      customerId: customer.id,
      createdAt: daysAgo(101),
      firstResponseAt: daysAgo(101, -0.5),
      status: 'declined',
    });

    for (const [i, order, rating, days] of [
      [1, recent, 5, 3],
      [2, older, 2, 90],
    ] as const)
      await db.insert(reviews).values({
        id: `${vendor.id}-review-${i}`,
        orderId: order.id,
        customerId: customer.id,
        vendorId: vendor.id,
        rating,
        comment: 'Thank you!',
        createdAt: daysAgo(days),
      });

    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, owner.email, TEST_PASSWORD);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const tab = page.getByRole('region', { name: 'Analytics' });
    const figures = tab.getByRole('region', { name: 'Key figures' });
    // The last 12 months: both orders and both requests.
    await figures.getByText('$920.00', { exact: true }).waitFor();
    await figures.getByText('$500.00', { exact: true }).waitFor(); // average order value
    await figures.getByText('50%', { exact: true }).waitFor(); // win rate: 1 won of 2 answered
    await figures.getByText('1 h 15 min', { exact: true }).waitFor(); // median of 30 min and 2 h
    await tab.getByText('3.50 stars on average from 2 reviews', { exact: false }).waitFor();
    expect(await tab.getByRole('button', { name: 'Last 12 months' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await screenshot(page, 'analytics-1280');

    // A preset, from the keyboard: the figures of the last 30 days, and the range in the address.
    await tab.getByRole('button', { name: 'Last 30 days' }).focus();
    await page.keyboard.press('Enter');
    await figures.getByText('$368.00', { exact: true }).waitFor();
    await figures.getByText('$400.00', { exact: true }).waitFor();
    await figures.getByText('100%', { exact: true }).waitFor();
    expect(await figures.getByText('$920.00', { exact: true }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('analytics');
    expect(new URL(page.url()).searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A reload keeps the period.
    await page.reload();
    await figures.getByText('$368.00', { exact: true }).waitFor();

    // A range typed in, wrong and then right.
    await tab.getByLabel('From').fill('2026-05-01');
    await tab.getByLabel('To').fill('2026-04-01');
    await tab.getByRole('button', { name: 'Apply' }).click();
    await tab.getByText('The start date must be on or before the end date.').waitFor();
    await context.close();

    const phone = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(phone.page, owner.email, TEST_PASSWORD, '/vendor-dashboard?tab=analytics');
    await phone.page
      .getByRole('region', { name: 'Key figures' })
      .getByText('$920.00', { exact: true })
      .waitFor();
    await screenshot(phone.page, 'analytics-390');
    // Nothing in the tab is wider than the phone.
    const tooWide = await phone.page
      .getByRole('region', { name: 'Analytics' })
      .evaluate((tab) =>
        [tab, ...tab.querySelectorAll('*')]
          .filter((el) => el.getBoundingClientRect().right > 390 && !el.closest('.sr-only'))
          .map((el) => `${el.tagName} ${el.textContent?.slice(0, 40)}`),
      );
    expect(tooWide).toEqual([]);
    await phone.context.close();
  });

  it('an empty bakery sees the empty state with its period', async () => {
    const db = server.services.db;
    const owner = await createUser(db, { userType: 'vendor' });
    await createVendor(db, { userId: owner.id, businessName: 'Brand New Bakes' });
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(
      page,
      owner.email,
      TEST_PASSWORD,
      '/vendor-dashboard?tab=analytics&from=2026-01-01&to=2026-03-31',
    );
    await expect.poll(() => shownNames(page, 'heading')).toContain('No activity in this period');
    await expect.poll(() => shownText(page)).toMatch(/Jan 1, 2026 – Mar 31, 2026/);
    await screenshot(page, 'analytics-empty-390');
    if (process.env.SCREENSHOT_DIR) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, 'analytics-empty-1280');
    }
    await context.close();
  });
});
