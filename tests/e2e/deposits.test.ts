/**
 * Deposit now, balance later (issue 15), in the browser: the checkout shows the payment schedule and
 * takes the deposit, the balance is charged on its due day (the test moves the clock and runs the due
 * jobs and the balance round, as the poller would), a declined balance is paid from the link, and a
 * cancellation refunds by the Terms over both charges. The API side is tests/integration/deposits.test.ts.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationSplit } from '../../src/shared/cancellation.ts';
import { formatDateTime, formatLongDate } from '../../src/shared/time.ts';
import { payments, refunds } from '../../src/server/db/schema/index.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { heldForOrder, ledgerTotals } from '../../src/server/modules/ledger/index.ts';
import { chargeDueBalances } from '../../src/server/modules/payments/balance.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import {
  TEST_PASSWORD,
  createDepositOrder,
  createUser,
  createVendor,
  payOrder,
} from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The server's rules (the due day, the Terms' windows) go by this clock; the test moves it.
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
let server: TestServer;
let browser: Browser;
let vendor: { id: string; owner: { id: string; email: string } };

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
  const db = server.services.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const row = await createVendor(db, {
    userId: owner.id,
    businessName: 'Alder & Anise',
    depositPercent: 50,
    balanceDueDays: 14,
    cancellationRefundPercent: 50,
  });
  vendor = { id: row.id, owner };
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** An order accepted with the vendor's 50 % deposit, for an event 30 days away (balance due 14 days before). */
const depositOrder = (customerId: string, orderNumber: string, amount: number) =>
  createDepositOrder(server.services.db, {
    customerId,
    vendorId: vendor.id,
    orderNumber,
    amount,
    createdAt: clock.now(),
  });

/** The due jobs, then the balance round: what the poller does on each tick. */
async function dueDayRound() {
  const { db, log, payments: processor } = server.services;
  await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log });
  return chargeDueBalances({ db, processor, now: clock.now(), log });
}

async function signedInCustomer(email: string, viewport = DESKTOP) {
  const session = await newPage(browser, server.url, viewport);
  await signedIn(session.page, email, TEST_PASSWORD);
  return session;
}

/** The customer's orders, with the (only) order's tracker open. */
async function trackOrder(page: Page) {
  await page.goto('/customer-dashboard-original');
  await page.getByRole('button', { name: 'Track Order' }).click();
  await page.getByRole('list', { name: 'Order history' }).waitFor();
}

async function payWithCard(page: Page, number: string, button: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('heading', { name: 'Payment protected' }).waitFor();
}

/** The bell in the navigation bar, opened: its list of notifications. */
async function openBell(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /^Notifications/ })
    .click();
  return page.getByRole('dialog', { name: 'Notifications' });
}

/**
 * Set SCREENSHOT_DIR to keep pictures of the page at 1280 and 390 px wide for a person to look at;
 * the page is left as wide as it was.
 */
async function screenshots(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const before = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    // From the top, so the sticky navigation bar is where a person sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/deposits-${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(before);
}

const succeededPayments = async (orderId: string) =>
  (
    await server.services.db
      .select({ purpose: payments.purpose, amount: payments.amount, status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, orderId))
  )
    .filter((p) => p.status === 'succeeded')
    .sort((a, b) => a.purpose.localeCompare(b.purpose));

describe('deposit now, balance later', () => {
  it('the checkout shows the schedule and takes the deposit; on the due day the balance is charged to the saved card', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Ava', lastName: 'Tremblay' });
    // $300.01: a deposit of $150.01 (50 %, rounded half up) and a balance of $150.00.
    const order = await depositOrder(customer.id, 'FR-D-1', 30_001);
    const dueOn = formatLongDate(order.balanceDueAt);
    expect(dueOn).toBe('December 17, 2026');

    const { context, page } = await signedInCustomer(customer.email);
    await page.goto(`/orders/${order.id}/pay`);
    await page.getByRole('heading', { name: 'Pay your deposit' }).waitFor();
    await page.getByRole('heading', { name: 'Order FR-D-1' }).waitFor();
    expect(await page.getByRole('term').allTextContents()).toEqual([
      'Order total',
      'Deposit due now',
      `Balance, charged on ${dueOn}`,
    ]);
    expect(await page.getByRole('definition').allTextContents()).toEqual(['$300.01', '$150.01', '$150.00']);
    await page.getByText('Your card is saved for the balance, which is charged automatically').waitFor();
    await screenshots(page, 'checkout-deposit');

    await payWithCard(page, '4242 4242 4242 4242', 'Pay $150.01');
    await page.getByText('$150.01 is held by Frosted for order FR-D-1.').waitFor();
    expect(await page.getByRole('term').allTextContents()).toEqual([
      'Order total',
      'Deposit paid',
      `Balance, charged on ${dueOn}`,
    ]);
    expect(await heldForOrder(db, order.id)).toBe(15_001);

    // The order: the deposit held, and when the balance is charged.
    await page.getByRole('link', { name: 'Track my order' }).click();
    await page.getByRole('button', { name: 'Track Order' }).click();
    await page
      .getByText('Payment protected: $150.01 held by Frosted until you confirm you are satisfied.')
      .waitFor();
    await page.getByText(`Balance $150.00: charged to the saved card on ${dueOn}.`).waitFor();

    // The day before, nothing is charged; on the due day (09:00 in Vancouver) the balance is.
    clock.set(new Date(order.balanceDueAt.getTime() - HOUR));
    expect(await dueDayRound()).toEqual({ charged: 0, declined: 0, failed: 0 });
    clock.set(order.balanceDueAt);
    expect(await dueDayRound()).toEqual({ charged: 1, declined: 0, failed: 0 });
    expect(await heldForOrder(db, order.id)).toBe(30_001);
    expect(await succeededPayments(order.id)).toEqual([
      { purpose: 'balance', amount: 15_000, status: 'succeeded' },
      { purpose: 'deposit', amount: 15_001, status: 'succeeded' },
    ]);

    await trackOrder(page);
    await page
      .getByText('Payment protected: $300.01 held by Frosted until you confirm you are satisfied.')
      .waitFor();
    await page.getByText('Deposit $150.01 and balance $150.00 paid.').waitFor();
    await screenshots(page, 'order-balance-charged');
    // The bell tells of each charge with what it took: the deposit, then the balance.
    const bell = await openBell(page);
    await bell
      .getByRole('link', { name: /^Unread: Payment received for order FR-D-1/ })
      .getByText('$150.01 to Alder & Anise, held by Frosted until you are satisfied.')
      .waitFor();
    await bell
      .getByRole('link', { name: /^Unread: Balance paid for order FR-D-1/ })
      .getByText('$150.00 was charged to your card.')
      .waitFor();
    await screenshots(page, 'bell-balance-charged');
    await context.close();

    // The vendor's money per order: all of it held, nothing refunded.
    const alder = await newPage(browser, server.url);
    await signedIn(alder.page, vendor.owner.email, TEST_PASSWORD);
    await alder.page.getByRole('tab', { name: 'Payouts' }).click();
    const row = alder.page
      .getByRole('table', { name: 'Money per order' })
      .getByRole('row')
      .filter({ hasText: 'FR-D-1' });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Paid',
      '$300.01',
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$300.01',
    ]);
    await alder.context.close();
  });

  it('a declined balance is told in the bell and on the order, and the customer pays it from the link', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Ben', lastName: 'Okafor' });
    const order = await depositOrder(customer.id, 'FR-D-2', 20_000);

    // A card that pays at checkout and is saved, but declines its later charges.
    const { context, page } = await signedInCustomer(customer.email, PHONE);
    await page.goto(`/orders/${order.id}/pay`);
    await page.getByRole('heading', { name: 'Pay your deposit' }).waitFor();
    await payWithCard(page, '4000 0000 0000 0341', 'Pay $100.00');
    expect(await heldForOrder(db, order.id)).toBe(10_000);

    clock.set(order.balanceDueAt);
    expect(await dueDayRound()).toEqual({ charged: 0, declined: 1, failed: 0 });
    expect(await heldForOrder(db, order.id)).toBe(10_000);

    // The dashboard's recent orders offer the balance's checkout.
    await page.goto('/customer-dashboard');
    await page.getByRole('link', { name: 'Pay the balance' }).waitFor();
    // On the phone, a long row is cut short, never wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await screenshots(page, 'dashboard-balance-due');
    await page.getByRole('link', { name: 'Pay the balance' }).click();
    await page.getByRole('heading', { name: 'Pay the balance' }).waitFor();
    // On the order: what happened, what to do by when, and the link (in its row and its alert).
    await trackOrder(page);
    await expect.poll(() => page.getByRole('link', { name: 'Pay the balance' }).count()).toBe(2);
    const declined = page.getByRole('alert').filter({ hasText: 'We could not charge the balance' });
    await declined
      .getByText(
        `We could not charge the balance of $100.00 to your saved card. Pay it by ${formatDateTime(
          new Date(order.deliveryDate.getTime() - 48 * HOUR),
        )} (48 hours before the event), or the order is cancelled under the Terms.`,
      )
      .waitFor();
    await declined.getByRole('link', { name: 'Pay the balance' }).waitFor();
    await screenshots(page, 'order-balance-failed');

    // The bell says so too, and its entry leads to the checkout for the balance.
    const bell = await openBell(page);
    const entry = bell.getByRole('link', {
      name: /^Unread: We could not charge the balance for order FR-D-2/,
    });
    await entry.getByText('Pay it from the link before the order is cancelled.').waitFor();
    await screenshots(page, 'bell-balance-failed');
    await entry.click();
    await page.waitForURL(`**/orders/${order.id}/pay`);
    await page.getByRole('heading', { name: 'Pay the balance' }).waitFor();
    expect(await page.getByRole('term').allTextContents()).toEqual([
      'Order total',
      'Deposit paid',
      'Balance due now',
    ]);
    expect(await page.getByRole('definition').allTextContents()).toEqual(['$200.00', '$100.00', '$100.00']);
    await screenshots(page, 'checkout-balance');
    await payWithCard(page, '4242 4242 4242 4242', 'Pay $100.00');
    // Deposit and balance: all of the order is held now.
    await page.getByText('$200.00 is held by Frosted for order FR-D-2.').waitFor();
    expect(await page.getByRole('term').allTextContents()).toEqual([
      'Order total',
      'Deposit paid',
      'Balance paid',
    ]);
    await screenshots(page, 'checkout-balance-paid');

    expect(await heldForOrder(db, order.id)).toBe(20_000);
    expect(await succeededPayments(order.id)).toEqual([
      { purpose: 'balance', amount: 10_000, status: 'succeeded' },
      { purpose: 'deposit', amount: 10_000, status: 'succeeded' },
    ]);
    await trackOrder(page);
    await page.getByText('Deposit $100.00 and balance $100.00 paid.').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Pay the balance' }).count()).toBe(0);
    await context.close();
  });

  it('cancelling an order paid in two charges refunds by the Terms, exact to the cent, newest charge first', async () => {
    const db = server.services.db;
    const { log, payments: processor } = server.services;
    const customer = await createUser(db, { firstName: 'Cleo', lastName: 'Marchand' });
    // $246.81: a deposit of $123.41 and a balance of $123.40.
    const order = await depositOrder(customer.id, 'FR-D-3', 24_681);
    await payOrder({
      db,
      processor,
      log,
      orderId: order.id,
      customer,
      vendorOwner: vendor.owner,
      now: clock.now(),
    });
    clock.set(order.balanceDueAt);
    expect(await dueDayRound()).toEqual({ charged: 1, declined: 0, failed: 0 });
    expect(await heldForOrder(db, order.id)).toBe(24_681);

    // 30 hours before the event: the vendor's 50 % (the Terms' window from 48 to 24 hours).
    clock.set(new Date(order.deliveryDate.getTime() - 30 * HOUR));
    const expected = cancellationSplit({
      amountCents: 24_681,
      deliveryAt: order.deliveryDate,
      cancelledAt: clock.now(),
      by: 'customer',
      vendorRefundPercent: 50,
      serviceFeeRate: 0.08,
    })!;
    expect(expected).toMatchObject({ refundCents: 12_341, vendorCents: 11_353, platformCents: 987 });

    const { context, page } = await signedInCustomer(customer.email, PHONE);
    await trackOrder(page);
    await page.getByText('Deposit $123.41 and balance $123.40 paid.').waitFor();
    // The dialog computes with the browser's clock: the same moment as the server's.
    await page.clock.setFixedTime(clock.now());
    await page
      .getByRole('group', { name: 'Update status' })
      .getByRole('button', { name: 'Cancel Order' })
      .click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Order: FR-D-3' });
    await cancel.getByText('Within 48 hours of delivery: the vendor refunds 50%.').waitFor();
    expect(await cancel.getByRole('definition').allTextContents()).toEqual(['$123.41', '$113.53', '$9.87']);
    await cancel.getByLabel('Reason').fill('The venue fell through.');
    await cancel.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByText('Order FR-D-3 is now Cancelled.').waitFor();
    await context.close();

    // The refund, split over the two charges, newest first: all of the balance, then a cent of the deposit.
    const owed = await db
      .select({ amount: refunds.amount, purpose: payments.purpose })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.orderId, order.id));
    expect(owed.sort((a, b) => b.amount - a.amount)).toEqual([
      { amount: 12_340, purpose: 'balance' },
      { amount: 1, purpose: 'deposit' },
    ]);
    expect(owed.reduce((sum, r) => sum + r.amount, 0)).toBe(expected.refundCents);
    expect(await heldForOrder(db, order.id)).toBe(0);
    const totals = await ledgerTotals(db);
    expect(await processor.totals()).toMatchObject({
      collectedCents: totals.collectedCents,
      refundedCents: totals.refundedCents,
    });
  });
});
