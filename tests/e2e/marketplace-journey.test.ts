import { NO_TAX } from '../../src/shared/tax.ts';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDayKey, vancouverDay } from '../../src/shared/time.ts';
import { orders, quotes } from '../../src/server/db/schema/index.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { heldForOrder, vendorBalances } from '../../src/server/modules/ledger/index.ts';
import { acceptQuote, answerQuote, createQuoteRequest } from '../../src/server/modules/quotes/index.ts';
import { quoteBriefSchema } from '../../src/shared/schemas/quotes.ts';
import { closeToast, launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import { TEST_PASSWORD, createFavorite, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * The marketplace end to end, as its people use it, every step in the browser: a customer designs a
 * cake and asks three bakers, two answer and one declines in their inboxes, the customer compares and
 * accepts, pays with a test card, the baker walks the order to Delivered, the customer follows each
 * step, and the money moves as the Terms say. The server's rules go by `clock` (today, so the date
 * pickers agree); the test moves it and runs the due jobs as the poller would.
 */
const clock = manualClock(new Date());
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function vendorAccount(name: string) {
  const db = server.services.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id, businessName: name, rating: 0, reviewCount: 0 });
  return { owner, vendor };
}

async function openAs(email: string, dashboard: 'customer-dashboard' | 'vendor-dashboard', phone = false) {
  const session = await newPage(browser, server.url, phone ? { width: 390, height: 844 } : undefined);
  await signedIn(session.page, email, TEST_PASSWORD);
  expect(session.page.url()).toBe(`${server.url}/${dashboard}`);
  return session;
}

async function orderOf(orderId: string) {
  const [order] = await server.services.db
    .select({ orderNumber: orders.orderNumber, deliveryDate: orders.deliveryDate })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order!;
}
const orderNumberOf = async (orderId: string) => (await orderOf(orderId)).orderNumber;

async function payWithCard(page: Page, number: string, amount: string) {
  await page.getByText('This is a test payment.').waitFor();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

/**
 * The vendor's Update Status steps on the Orders tab, through Mark Delivered: confirmed and started
 * now, then ready and delivered on the morning of the event (Mark Ready opens the day before it).
 * Each button's name says which order it changes: its label, the order and `customerName`.
 */
async function walkToDelivered(page: Page, orderId: string, customerName: string) {
  const { orderNumber, deliveryDate } = await orderOf(orderId);
  const forOrder = (label: string) => `${label} for order ${orderNumber} (${customerName})`;
  const openOrder = async () => {
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('button', { name: 'Update Status' }).click();
  };
  await openOrder();
  const steps = page.getByRole('group', { name: 'Update status' });
  const step = async (button: string, status: string) => {
    await steps.getByRole('button', { name: forOrder(button) }).click();
    // The toast opens under the pointer, over the next step's button: closed, as a person would.
    await closeToast(page, `Order ${orderNumber} is now ${status}.`);
  };
  clock.advanceHours(2);
  await step('Confirm Order', 'Confirmed');
  clock.advanceHours(2);
  await step('Start Production', 'In Progress');
  clock.set(new Date(deliveryDate!.getTime() - 4 * 3_600_000));
  await page.reload();
  await openOrder();
  await step('Mark Ready', 'Ready');
  clock.advanceHours(2);
  await steps.getByRole('button', { name: forOrder('Mark Delivered') }).click();
  const dialog = page.getByRole('dialog', { name: `Mark Delivered: ${orderNumber}` });
  await dialog.getByRole('button', { name: 'Mark Delivered' }).click();
  await page.getByText(`Order ${orderNumber} is now Delivered.`).waitFor();
}

describe('the marketplace, end to end', () => {
  it('design, ask three bakers, compare, accept, pay, follow every step, complete after 24 h, review', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Maya', lastName: 'Li' });
    const willow = await vendorAccount('Willow Bakery');
    const poplar = await vendorAccount('Poplar Bakery');
    const aspen = await vendorAccount('Aspen Bakery');
    for (const { vendor } of [willow, poplar, aspen])
      await createFavorite(db, { customerId: customer.id, vendorId: vendor.id });

    // The customer designs a cake and asks for quotes with it.
    const maya = await openAs(customer.email, 'customer-dashboard', true);
    const { page } = maya;
    await page.goto('/#ai-designer');
    await page.getByLabel('Occasion').selectOption('Birthday');
    await page.getByLabel('Flavor').selectOption('Lemon');
    await page.getByLabel('Size').selectOption('10 inch (12-15)');
    await page.getByLabel('Description').fill('Three tiers of lemon with yellow flowers');
    await page.getByRole('button', { name: 'Generate Design', exact: true }).click();
    const results = page.getByRole('list', { name: 'Generated designs' });
    await results.getByRole('img').waitFor();
    await results.getByRole('button', { name: 'Request a Quote' }).click();
    await page.waitForURL(/\/quotes\/new\?/);
    await page.getByRole('heading', { name: 'Request a Quote' }).waitFor();
    const designId = new URL(page.url()).searchParams.get('design');
    await expect.poll(() => page.getByLabel('Design (optional)').inputValue()).toBe(designId);
    for (const name of ['Willow Bakery', 'Poplar Bakery', 'Aspen Bakery'])
      await page.getByLabel(name).check();
    await page.getByLabel('Occasion').selectOption('Birthday');
    await page.getByLabel('Flavor').selectOption('Lemon');
    await page.getByLabel('Size').selectOption('10 inch (12-15)');
    await page.getByLabel('Servings').fill('14');
    const eventDate = vancouverDay(addDays(clock.now(), 21));
    await page.getByLabel('Event date').fill(eventDate);
    await page.getByLabel('Pickup').check();
    await page.getByLabel('Notes for the vendors (optional)').fill('Yellow flowers, please.');
    await page.getByRole('button', { name: 'Send to 3 Vendors' }).click();
    await page.getByText('Your request is on its way to 3 vendors.').waitFor();
    await page.waitForURL((url) => /^\/quotes\/(?!new$)[^/]+$/.test(url.pathname));
    const requestUrl = page.url();

    // Two bakers answer from their inbox, one declines. The inbox's buttons say whose request they answer.
    const forMaya = (label: string) => `${label} for Maya L. (Birthday, ${formatDayKey(eventDate)})`;
    const answer = async (email: string, price: string, includes: string) => {
      const { context, page: inbox } = await openAs(email, 'vendor-dashboard');
      await inbox.getByRole('tab', { name: 'Quotes' }).click();
      const request = inbox.getByRole('listitem').filter({ hasText: 'Birthday · Maya L.' });
      await request.getByText('“Yellow flowers, please.”').waitFor();
      await request.getByRole('button', { name: forMaya('Send Quote') }).click();
      await request.getByLabel('Price ($)').fill(price);
      await request.getByLabel('What is included').fill(includes);
      await request.getByRole('button', { name: forMaya('Send Quote') }).click();
      await inbox.getByText('Quote sent to the customer.').waitFor();
      await context.close();
    };
    await answer(willow.owner.email, '225', 'Cake and candles');
    await answer(poplar.owner.email, '200', 'Cake, candles and a box');
    {
      const { context, page: inbox } = await openAs(aspen.owner.email, 'vendor-dashboard');
      await inbox.getByRole('tab', { name: 'Quotes' }).click();
      const request = inbox.getByRole('listitem').filter({ hasText: 'Birthday · Maya L.' });
      await request.getByRole('button', { name: forMaya('Decline') }).click();
      await request.getByLabel('Why are you declining?').fill('Booked that weekend');
      await request.getByRole('button', { name: forMaya('Decline Request') }).click();
      await request.getByText('Declined', { exact: true }).waitFor();
      await context.close();
    }

    // The customer compares them side by side and accepts Poplar's.
    await page.goto(requestUrl);
    const columns = page.getByRole('list', { name: 'Quotes' }).getByRole('listitem');
    const column = (name: string) => columns.filter({ hasText: name });
    await column('Willow Bakery').getByText('$225.00').first().waitFor();
    await column('Poplar Bakery').getByText('$200.00').first().waitFor();
    await column('Poplar Bakery').getByText('Cake, candles and a box').waitFor();
    await column('Aspen Bakery').getByText('Declined: “Booked that weekend”').waitFor();
    await column('Poplar Bakery').getByRole('button', { name: 'Accept Quote from Poplar Bakery' }).click();
    await page
      .getByRole('dialog', { name: 'Accept Poplar Bakery’s quote?' })
      .getByRole('button', { name: 'Accept Quote' })
      .click();
    await page.getByText(/Quote accepted\. Your order FR-\d+ is waiting for payment\./).waitFor();
    await column('Poplar Bakery').getByRole('link', { name: 'Pay $200.00' }).click();
    await page.waitForURL('**/orders/*/pay');
    await payWithCard(page, '4242 4242 4242 4242', '$200.00');
    await page.getByRole('heading', { name: 'Payment protected' }).waitFor();

    // The quotes not chosen show closed, to the customer and to their baker.
    await page.goto(requestUrl);
    await column('Willow Bakery').getByText('Closed', { exact: true }).waitFor();
    await column('Poplar Bakery').getByText('Accepted', { exact: true }).waitFor();
    {
      const { context, page: inbox } = await openAs(willow.owner.email, 'vendor-dashboard');
      await inbox.getByRole('tab', { name: 'Quotes' }).click();
      await inbox
        .getByRole('listitem')
        .filter({ hasText: 'Birthday · Maya L.' })
        .getByText('Closed', { exact: true })
        .waitFor();
      await context.close();
    }
    const [accepted] = await db.select().from(quotes).where(eq(quotes.vendorId, poplar.vendor.id));
    const orderId = accepted!.orderId!;
    expect(await heldForOrder(db, orderId)).toBe(20_000);

    // Poplar walks the order to Delivered.
    const baker = await openAs(poplar.owner.email, 'vendor-dashboard', true);
    await walkToDelivered(baker.page, orderId, 'Maya Li');

    // The customer sees every step on the timeline.
    await page.goto('/customer-dashboard-original');
    await page.getByRole('button', { name: 'Track Order' }).click();
    const history = page.getByRole('list', { name: 'Order history' });
    await history.getByText('Delivered').waitFor();
    const steps = (await history.getByRole('listitem').allInnerTexts()).map((t) => t.split('\n')[0]!.trim());
    expect(steps).toEqual([
      'Order placed',
      'Payment received',
      'Order confirmed by the vendor',
      'Production started',
      'Ready for pickup or delivery',
      'Delivered',
    ]);

    // 24 h later the order completes by itself; the baker is paid, less the 8% fee and 5% GST on it.
    clock.advanceHours(24);
    await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log: server.services.log });
    await page.reload();
    await page.getByRole('button', { name: 'Track Order' }).click();
    await history.getByText('Completed automatically: no claim within 24 hours of delivery').waitFor();
    expect((await vendorBalances(db, poplar.vendor.id)).availableCents).toBe(20_000 - 1_600 - 80);

    // The review changes the baker's rating, on their public page.
    await page.goto(`/vendor/${poplar.vendor.id}`);
    // No review yet: a new vendor, not a rating of zero.
    await page.getByText('New to Frosted').waitFor();
    await page.goto('/customer-dashboard-original');
    await page.getByRole('button', { name: 'Leave Review' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('4 stars').check({ force: true });
    await dialog.getByLabel('Your review').fill('Lovely lemon cake, right on time.');
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await page.getByText('Thank you for your review!').waitFor();
    await page.goto(`/vendor/${poplar.vendor.id}`);
    await page.getByText(/4\.0( out of 5,)?\s*\(1 review\)/).waitFor();
    await page.getByText('Lovely lemon cake, right on time.').waitFor();
    await baker.context.close();
    await maya.context.close();
  });

  it('a declined card, then the confirmation step; the customer confirms satisfaction and the baker pays out the amount less 8%', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Noor', lastName: 'Haddad' });
    const birch = await vendorAccount('Birch Lane Bakery');
    const asCustomer = { ...customer, userType: 'customer' as const, role: 'user' };
    const asVendor = {
      id: birch.owner.id,
      email: birch.owner.email,
      name: birch.owner.name,
      userType: 'vendor' as const,
      role: 'user',
    };
    // The request and its quote were made through the services the pages call (shown above in full).
    const request = await createQuoteRequest({
      db,
      actor: asCustomer,
      input: {
        vendorIds: [birch.vendor.id],
        brief: quoteBriefSchema.parse({
          occasion: 'Anniversary',
          flavor: 'Chocolate',
          size: '8 inch (8-10)',
          servings: 10,
          fulfillment: 'pickup',
          eventDate: vancouverDay(addDays(clock.now(), 20)),
        }),
      },
      now: clock.now(),
    });
    const quoteId = request.quoteIds[0]!;
    await answerQuote({
      db,
      actor: asVendor,
      quoteId,
      input: { priceCents: 12_345, deliveryFeeCents: 0, validUntil: addDays(clock.now(), 7).toISOString() },
      now: clock.now(),
    });
    const { orderId } = await acceptQuote({
      db,
      actor: asCustomer,
      quoteId,
      revision: 1,
      now: clock.now(),
      serviceFeeRate: 0.08,
      feeTax: NO_TAX,
    });

    const noor = await openAs(customer.email, 'customer-dashboard', true);
    const { page } = noor;
    await page.goto(`/orders/${orderId}/pay`);
    await payWithCard(page, '4000 0000 0000 0002', '$123.45');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await heldForOrder(db, orderId)).toBe(0);
    // Still payable: the confirmation-step card.
    await payWithCard(page, '4000 0027 6000 3184', '$123.45');
    await page
      .getByRole('dialog', { name: 'Confirm this payment' })
      .getByRole('button', { name: 'Confirm payment' })
      .click();
    await page.getByRole('heading', { name: 'Payment protected' }).waitFor();
    expect(await heldForOrder(db, orderId)).toBe(12_345);

    const baker = await openAs(birch.owner.email, 'vendor-dashboard');
    const orderNumber = await orderNumberOf(orderId);
    await walkToDelivered(baker.page, orderId, 'Noor Haddad');
    await baker.page.getByRole('tab', { name: 'Payouts' }).click();
    await baker.page.getByText('Nothing to pay out right now.').waitFor();

    // The customer is satisfied: the money is released at once, less the fee.
    await page.goto('/customer-dashboard-original');
    await page.getByRole('button', { name: 'Track Order' }).click();
    await page.getByRole('button', { name: 'I’m Satisfied' }).click();
    const confirm = page.getByRole('dialog');
    if (await confirm.count()) await confirm.getByRole('button', { name: 'I’m Satisfied' }).click();
    await page.getByText(`Order ${orderNumber} is now Completed.`).waitFor();

    // 12,345 less 8% (987.6, rounded half up to 988) = 11,357 cents.
    await baker.page.reload();
    await baker.page.getByRole('tab', { name: 'Payouts' }).click();
    await baker.page.getByRole('button', { name: 'Pay Out $113.57' }).click();
    await baker.page.getByText('Payout of $113.57 is on its way.').waitFor();
    expect(await vendorBalances(db, birch.vendor.id)).toEqual({
      heldCents: 0,
      availableCents: 0,
      paidOutCents: 11_357,
    });
    await baker.context.close();
    await noor.context.close();
  });
});
