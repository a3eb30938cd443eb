import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDayKey, vancouverDay } from '../../src/shared/time.ts';
import { orders, quotes, vendors } from '../../src/server/db/schema/index.ts';
import type { Actor } from '../../src/server/actor.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { heldForOrder, vendorBalances } from '../../src/server/modules/ledger/index.ts';
import { answerQuote, declineQuote } from '../../src/server/modules/quotes/index.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import {
  TEST_PASSWORD,
  createDesign,
  createFavorite,
  createUser,
  createVendor,
} from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The server's rules go by this clock (today, so the browser's date picker agrees); the test moves it.
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

const asVendor = (userId: string): Actor => ({
  id: userId,
  email: `${userId}@example.test`,
  name: 'Vendor',
  userType: 'vendor',
  role: 'user',
});

describe('quotes, from request to review', () => {
  it('a customer asks three vendors, compares two quotes and a refusal, accepts one; it is delivered, completes after 24 h and is reviewed', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Maya', lastName: 'Li' });
    // The design says what she then picks (choosing it fills occasion, flavor and size).
    const design = await createDesign(db, customer.id, {
      occasion: 'Birthday',
      flavor: 'Lemon',
      size: '10 inch (12-15)',
      description: 'Three tiers of lemon',
    });
    const shops = [];
    for (const name of ['Willow', 'Poplar', 'Aspen']) {
      // Poplar's baker signs in to revise their quote; the others answer through the services.
      const owner = await createUser(db, {
        userType: 'vendor',
        ...(name !== 'Poplar' && { password: null }),
      });
      const vendor = await createVendor(db, {
        userId: owner.id,
        businessName: `${name} Bakery`,
        rating: 0,
        reviewCount: 0,
      });
      shops.push({ vendor, owner: asVendor(owner.id), email: owner.email });
    }
    const [willow, poplar, aspen] = shops as [(typeof shops)[0], (typeof shops)[0], (typeof shops)[0]];
    await createFavorite(db, { customerId: customer.id, vendorId: poplar.vendor.id });
    await createFavorite(db, { customerId: customer.id, vendorId: aspen.vendor.id });

    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, `/vendor/${willow.vendor.id}`);
    await page.getByRole('button', { name: 'Request a Quote' }).click();
    await page.getByRole('heading', { name: 'Request a Quote' }).waitFor();
    // Willow comes checked (from its page); the favorites are offered too.
    await expect.poll(() => page.getByLabel('Willow Bakery').isChecked()).toBe(true);
    await page.getByLabel('Poplar Bakery').check();
    await page.getByLabel('Aspen Bakery').check();
    await page.getByRole('button', { name: 'Send to 3 Vendors' }).click();
    await page.getByText('Please choose the occasion.').waitFor();
    await page.getByText('Please choose the date of your event.').waitFor();

    await page.getByLabel('Occasion').selectOption('Birthday');
    await page.getByLabel('Flavor').selectOption('Lemon');
    await page.getByLabel('Size').selectOption('10 inch (12-15)');
    await page.getByLabel('Servings').fill('14');
    await page.getByLabel('Design (optional)').selectOption(design.id);
    const eventDate = vancouverDay(addDays(clock.now(), 21));
    await page.getByLabel('Event date').fill(eventDate);
    await page.getByLabel('Allergies (optional)').fill('Peanuts');
    await page.getByLabel('Delivery').check();
    // Outside British Columbia (no province, no BC postal code): refused at the field, the rest kept.
    const address = page.getByLabel('Delivery address (BC)');
    await address.fill('88 Granville St, Vancouver');
    await page.getByLabel('Notes for the vendors (optional)').fill('Yellow flowers, please.');
    await page.getByRole('button', { name: 'Send to 3 Vendors' }).click();
    await page
      .getByText('Enter a delivery address in British Columbia, with its postal code (V…).')
      .waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Notes for the vendors (optional)').inputValue()).toBe(
      'Yellow flowers, please.',
    );
    await address.fill('88 Granville St, Vancouver v6c 1t2');
    await page.getByRole('button', { name: 'Send to 3 Vendors' }).click();
    await page.getByText('Your request is on its way to 3 vendors.').waitFor();
    await page.waitForURL((url) => /^\/quotes\/(?!new$)[^/]+$/.test(url.pathname));
    const columns = page.getByRole('list', { name: 'Quotes' }).getByRole('listitem');
    await expect.poll(() => columns.count()).toBe(3);

    // Two answer, one declines.
    const quoteOf = async (vendorId: string) =>
      (await db.select().from(quotes).where(eq(quotes.vendorId, vendorId)))[0]!;
    const validUntil = addDays(clock.now(), 7).toISOString();
    await answerQuote({
      db,
      actor: willow.owner,
      quoteId: (await quoteOf(willow.vendor.id)).id,
      input: { priceCents: 21_000, deliveryFeeCents: 1_500, includes: 'Cake and delivery', validUntil },
      now: clock.now(),
    });
    await answerQuote({
      db,
      actor: poplar.owner,
      quoteId: (await quoteOf(poplar.vendor.id)).id,
      input: { priceCents: 18_000, deliveryFeeCents: 2_000, includes: 'Cake, delivery, candles', validUntil },
      now: clock.now(),
    });
    await declineQuote({
      db,
      actor: aspen.owner,
      quoteId: (await quoteOf(aspen.vendor.id)).id,
      reason: 'Booked that weekend',
      now: clock.now(),
    });
    await page.reload();
    const poplarColumn = columns.filter({ hasText: 'Poplar Bakery' });
    const willowColumn = columns.filter({ hasText: 'Willow Bakery' });
    await poplarColumn.getByText('$200.00').waitFor();
    await willowColumn.getByText('$225.00').waitFor();
    await columns.filter({ hasText: 'Aspen Bakery' }).getByText('Declined: “Booked that weekend”').waitFor();
    await poplarColumn.getByText('Poplar Bakery sent a quote').waitFor();

    // The customer asks Willow for a change, with the price she hopes for.
    await willowColumn.getByRole('button', { name: 'Ask for a Change from Willow Bakery' }).click();
    await willowColumn.getByRole('button', { name: 'Send' }).click();
    await willowColumn.getByText('Please say what you would like changed.').waitFor();
    await willowColumn.getByLabel('What would you like changed?').fill('Could it be a little smaller?');
    await willowColumn.getByLabel('Price you hope for ($, optional)').fill('190');
    await willowColumn.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Willow Bakery has your request for a change.').waitFor();
    const willowHistory = willowColumn.getByRole('region', { name: 'History of Willow Bakery’s quote' });
    await willowHistory.getByText('You asked for a change').waitFor();
    await willowHistory.getByText('“Could it be a little smaller?”').waitFor();
    await willowHistory.getByText('Hoping for $190.00').waitFor();
    await willowColumn.getByText('Change asked', { exact: true }).waitFor();
    expect(await willowColumn.getByRole('button', { name: 'Accept Quote from Willow Bakery' }).count()).toBe(
      0,
    );

    // Meanwhile Poplar's baker lowers their price from their inbox, on a phone.
    const baker = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(baker.page, poplar.email, TEST_PASSWORD);
    await baker.page.getByRole('tab', { name: 'Quotes' }).click();
    const request = baker.page.getByRole('listitem').filter({ hasText: 'Birthday · Maya L.' });
    await request.getByText('Allergies:').waitFor();
    // The inbox's buttons say whose request they answer.
    const forMaya = (label: string) => `${label} for Maya L. (Birthday, ${formatDayKey(eventDate)})`;
    await request.getByRole('button', { name: forMaya('Revise Quote') }).click();
    await request.getByLabel('Price ($)').fill('170');
    await request.getByLabel('Message to the customer (optional)').fill('A little less, for a regular.');
    await request.getByRole('button', { name: forMaya('Send Revised Quote') }).click();
    await baker.page.getByText('Quote sent to the customer.').waitFor();
    await request.getByText('$190.00', { exact: true }).waitFor();

    // The customer's open page shows the revision at once, over the event stream, without a reload.
    // (Accepting the price read before a revision is refused: tests/integration/quotes.test.ts.)
    await poplarColumn.getByText('$190.00', { exact: true }).waitFor();
    const poplarHistory = poplarColumn.getByRole('region', { name: 'History of Poplar Bakery’s quote' });
    await poplarHistory.getByText('Poplar Bakery revised the quote').waitFor();
    await poplarHistory.getByText('$200.00 → $190.00').waitFor();
    await poplarHistory.getByText('“A little less, for a regular.”').waitFor();
    expect(page.url()).toMatch(/\/quotes\/[^/]+$/);

    await poplarColumn.getByRole('button', { name: 'Accept Quote from Poplar Bakery' }).click();
    await page
      .getByRole('dialog', { name: 'Accept Poplar Bakery’s quote?' })
      .getByRole('button', { name: 'Accept Quote' })
      .click();
    await page.getByText(/Quote accepted\. Your order FR-\d+ is waiting for payment\./).waitFor();
    // Straight to paying, with the sandbox's test card.
    await poplarColumn.getByRole('link', { name: 'Pay $190.00' }).click();
    await page.waitForURL('**/orders/*/pay');
    await page.getByText('This is a test payment.').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $190.00' }).click();
    await page.getByRole('heading', { name: 'Payment protected' }).waitFor();
    const [willowQuote, poplarQuote] = [await quoteOf(willow.vendor.id), await quoteOf(poplar.vendor.id)];
    expect(willowQuote.status).toBe('closed');
    expect(poplarQuote.status).toBe('accepted');
    const orderId = poplarQuote.orderId!;
    expect(await heldForOrder(db, orderId)).toBe(19_000);

    // The baker's order shows what was agreed, allergies and notes included, and opens the customer's conversation.
    await baker.page.getByRole('tab', { name: 'Orders' }).click();
    await baker.page.getByRole('button', { name: 'Update Status' }).click();
    const agreed = baker.page.getByRole('region', { name: 'What was agreed' });
    await agreed.getByText('Peanuts').waitFor();
    await agreed.getByText('“Yellow flowers, please.”').waitFor();
    await agreed.getByText('Delivery to 88 Granville St, Vancouver v6c 1t2').waitFor();
    await agreed.getByText('Three tiers of lemon').waitFor();
    await baker.page.getByRole('button', { name: 'Message Customer' }).click();
    await baker.page.waitForURL(/\/messages\?c=/);
    await baker.page.getByRole('region', { name: 'Conversation with Maya L.' }).waitFor();
    await baker.context.close();

    // The vendor's steps, on the morning of the event (Mark Ready opens the day before it), then
    // 24 h pass: the money goes to the vendor, less the 8% fee.
    const [placed] = await db
      .select({ deliveryDate: orders.deliveryDate })
      .from(orders)
      .where(eq(orders.id, orderId));
    clock.set(new Date(placed!.deliveryDate!.getTime() - 4 * 3_600_000));
    for (const action of ['confirm', 'start', 'markReady', 'deliver'])
      await transitionOrder(db, {
        orderId,
        action,
        by: { kind: 'user', actor: poplar.owner },
        now: clock.now(),
      });
    clock.advanceHours(24);
    await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log: server.services.log });

    expect(await vendorBalances(db, poplar.vendor.id)).toEqual({
      heldCents: 0,
      // Less the 8% fee and the 5% GST on it (decision 029), as accepted with the default rates.
      availableCents: 19_000 - 1_520 - 76,
      paidOutCents: 0,
    });

    await page.goto('/customer-dashboard-original');
    await page.getByRole('button', { name: 'Track Order' }).click();
    await page.getByText('Completed automatically: no claim within 24 hours of delivery').waitFor();
    await page.getByRole('button', { name: 'Leave Review' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('5 stars').check({ force: true });
    await dialog.getByLabel('Your review').fill('Lovely lemon cake, right on time.');
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await page.getByText('Thank you for your review!').waitFor();
    const [rated] = await db.select().from(vendors).where(eq(vendors.id, poplar.vendor.id));
    expect(rated).toMatchObject({ rating: 5, reviewCount: 1, totalOrders: 1 });
    await context.close();
  });

  it('without a vendor, the form says how to choose one, and finds vendors by search to add', async () => {
    const db = server.services.db;
    const customer = await createUser(db);
    await createVendor(db, { businessName: 'Juniper Oven', rating: 0, reviewCount: 0 });
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, '/quotes/new');
    await page.getByText('Find vendors below', { exact: false }).waitFor();
    // Send Request stays pressable: pressing it says a vendor is missing, at the search box.
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Choose at least one vendor.').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Find a vendor');

    await page.getByLabel('Find a vendor').fill('Juniper');
    await page
      .getByRole('list', { name: 'Vendors found' })
      .getByRole('button', { name: 'Add Juniper Oven' })
      .click();
    await expect.poll(() => page.getByLabel('Juniper Oven').isChecked()).toBe(true);
    // Listed now, so the search no longer offers it.
    await page.getByText('They are already in your list.').waitFor();
    await page.getByLabel('Find a vendor').fill('no such bakery anywhere');
    await page.getByText('No vendors match that search.').waitFor();
    expect(await page.getByRole('button', { name: 'Send Request' }).isDisabled()).toBe(false);
    await context.close();
  });
});
