import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../src/shared/contact-masking.ts';
import { quoteBriefSchema } from '../../src/shared/schemas/quotes.ts';
import { addDays, formatDayKey, vancouverDay } from '../../src/shared/time.ts';
import { quotes, reviews } from '../../src/server/db/schema/index.ts';
import { createQuoteRequest } from '../../src/server/modules/quotes/index.ts';
import { TEST_PASSWORD, createOrder, createUser, createVendor } from '../support/factories.ts';
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

const photo = (hue: number) =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: { r: hue, g: 120, b: 160 } } })
    .jpeg()
    .toBuffer();

describe('messages between a customer and a vendor', () => {
  it('the customer writes from an order, contact details are hidden before payment, the vendor answers', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Maya', lastName: 'Singh' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Juniper Cakes' });
    await createOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      status: 'pending',
      orderNumber: 'FR-M-1',
    });

    const maya = await newPage(browser, server.url);
    await signedIn(maya.page, customer.email, TEST_PASSWORD, '/customer-dashboard-original');
    await maya.page.getByRole('link', { name: 'Message Vendor' }).click();
    await expect.poll(() => shownNames(maya.page, 'heading')).toContain('Juniper Cakes');
    await expect.poll(() => maya.page.getByLabel('About').inputValue()).not.toBe('');
    await maya.page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => shownText(maya.page)).toContain('Write a message or attach an image.');
    await maya.page
      .getByLabel('Message', { exact: true })
      .fill('Can you call me at 604-555-0142 about the lemon cake?');
    await maya.page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => shownText(maya.page)).toContain('About order FR-M-1');
    await expect.poll(() => maya.page.getByLabel('Message', { exact: true }).inputValue()).toBe('');

    const juniper = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(juniper.page, owner.email, TEST_PASSWORD);
    await juniper.page.getByRole('link', { name: 'Messages' }).click();
    await juniper.page.getByRole('link', { name: /Maya S\./ }).click();
    const thread = juniper.page.getByRole('region', { name: 'Conversation with Maya S.' });
    // The phone number is masked before payment.
    await expect.poll(() => shownText(thread)).toContain(`Can you call me at ${MASK} about the lemon cake?`);
    expect(await shownText(thread)).not.toContain('604-555-0142');
    await juniper.page.getByLabel('Message', { exact: true }).fill('Happy to help! Lemon with raspberry?');
    await juniper.page.getByLabel('Message', { exact: true }).press('Enter');
    await expect.poll(() => shownText(thread)).toContain('Happy to help! Lemon with raspberry?');

    // The customer's open conversation picks the answer up by itself (it arrives over the event stream).
    await expect
      .poll(() => shownText(maya.page.getByRole('region', { name: 'Conversation with Juniper Cakes' })))
      .toContain('Happy to help! Lemon with raspberry?');
    await maya.context.close();
    await juniper.context.close();
  });
});

describe('running a vendor business', () => {
  it('edits the profile, uploads three photos, reorders them, and the public page shows it all', async () => {
    const db = server.services.db;
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Fennel & Flour' });
    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, owner.email, TEST_PASSWORD);
    await page.getByText('Verified Vendor').waitFor();

    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    await page.getByLabel('Change profile image').setInputFiles({
      name: 'cover.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(200),
    });
    await page.getByText('Profile image updated').waitFor();
    await page.getByRole('img', { name: 'Current cover of Fennel & Flour' }).waitFor();
    await page.getByLabel('Website (optional)').fill('fennel.example');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Please enter a full web address starting with https://').waitFor();
    expect(await page.getByLabel('Website (optional)').inputValue()).toBe('fennel.example');
    // The factory's vendor has no phone or address yet: both are required, with messages at the fields.
    await page.getByText('Please enter your business phone number.').waitFor();
    await page.getByText('Please enter your business address.').waitFor();
    await page.getByLabel(/^Phone/).fill('604-555-0111');
    await page.getByLabel(/^Business address/).fill('88 Fennel Lane, Vancouver, BC');
    await page.getByLabel('Website (optional)').fill('https://fennel.example');
    await page.getByLabel('Description').fill('Seasonal cakes with herbs from our garden.');
    await page.getByRole('checkbox', { name: 'Vegan' }).check();
    await page.getByRole('radio', { name: '$$$', exact: true }).check();
    await page.getByLabel('Orders you take per day').fill('0');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Please enter from 1 to 20 orders a day.').waitFor();
    await page.getByLabel('Orders you take per day').fill('2');
    await page.getByLabel('Lead time (days of notice you need)').fill('5');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved').waitFor();
    await page.waitForURL('**/vendor-dashboard');

    await page.getByRole('tab', { name: 'Portfolio' }).click();
    await page.getByText('Your portfolio is empty.', { exact: false }).waitFor();
    await page.getByLabel(/Add photos to your portfolio/).setInputFiles(
      await Promise.all(
        ['herb-garden', 'lemon-thyme', 'rose-petal'].map(async (name, i) => ({
          name: `${name}.jpg`,
          mimeType: 'image/jpeg',
          buffer: await photo(60 * i),
        })),
      ),
    );
    for (const title of ['Herb Garden', 'Lemon Thyme', 'Rose Petal']) {
      const form = page.getByRole('form', { name: 'Photo details' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Category').selectOption('Wedding');
      await form.getByLabel('Price from ($)').fill('200');
      await form.getByLabel('Price to ($)').fill('450');
      await form.getByRole('button', { name: 'Upload Photo' }).click();
      await page.getByRole('img', { name: title }).waitFor();
    }
    await page.getByRole('button', { name: 'Move Rose Petal earlier' }).click();
    const list = page.getByRole('list', { name: 'Portfolio photos' });
    await expect.poll(async () => (await list.getByRole('img').all()).length).toBe(3);
    await expect
      .poll(() => list.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))))
      .toEqual(['Herb Garden', 'Rose Petal', 'Lemon Thyme']);

    await page.getByRole('tab', { name: 'Analytics' }).click();
    // A new vendor has nothing to count yet: the tab says so (figures and charts: analytics.test.ts).
    await page.getByRole('heading', { name: 'No activity in this period' }).waitFor();

    await page.goto(`/vendor/${vendor.id}`);
    await page.getByRole('heading', { name: 'Fennel & Flour' }).waitFor();
    await page.getByText('Seasonal cakes with herbs from our garden.').waitFor();
    await page.getByText('Vegan', { exact: true }).waitFor();
    await page.getByText('Needs 5 days’ notice').waitFor();
    await page.getByRole('button', { name: 'Open photo: Rose Petal' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Rose Petal' });
    await lightbox.getByText('2 of 3', { exact: false }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Lemon Thyme' }).waitFor();
    await page.keyboard.press('Escape');
    await context.close();
  });
});

describe('answering reviews', () => {
  it('the vendor replies once, publicly, from their own page; visitors read the reply and cannot reply', async () => {
    const db = server.services.db;
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Alder Bakehouse' });
    const customer = await createUser(db, { firstName: 'Noor', lastName: 'Haddad', password: null });
    const order = await createOrder(db, { customerId: customer.id, vendorId: vendor.id });
    await db.insert(reviews).values({
      id: crypto.randomUUID(),
      orderId: order.id,
      customerId: customer.id,
      vendorId: vendor.id,
      rating: 4,
      comment: 'Gorgeous cake, slightly too sweet for us.',
    });

    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, owner.email, TEST_PASSWORD, `/vendor/${vendor.id}`);
    await page.getByText('Gorgeous cake, slightly too sweet for us.').waitFor();
    await page.getByRole('button', { name: 'Reply publicly' }).click();
    await page.getByRole('button', { name: 'Publish Reply' }).click();
    await page.getByText('Please write your reply.').waitFor();
    await page.getByLabel('Your public reply').fill('Thank you, Noor! We can bake it less sweet next time.');
    await page.getByRole('button', { name: 'Publish Reply' }).click();
    await page.getByText('Your reply is published.').waitFor();
    await page.getByText('Reply from Alder Bakehouse').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Reply publicly' }).count()).toBe(0);
    await context.close();

    const visitor = await newPage(browser, server.url);
    await visitor.page.goto(`/vendor/${vendor.id}`);
    await visitor.page.getByText('Thank you, Noor! We can bake it less sweet next time.').waitFor();
    expect(await visitor.page.getByRole('button', { name: 'Reply publicly' }).count()).toBe(0);
    await visitor.context.close();
  });
});

describe('the quote inbox', () => {
  it('the vendor reads a request with its brief, refuses a bad price at the field, sends a quote, and declines another', async () => {
    const db = server.services.db;
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Hemlock Cakes' });
    const customer = await createUser(db, { firstName: 'Iris', lastName: 'Wong', password: null });
    const asCustomer = {
      id: customer.id,
      email: customer.email,
      name: customer.name,
      userType: 'customer' as const,
      role: 'user',
    };
    const eventDate = vancouverDay(addDays(new Date(), 20));
    // Each card's buttons are named for whose request it is (the visible label, then the customer).
    const forRequest = (label: string, occasion: string) =>
      `${label} for Iris W. (${occasion}, ${formatDayKey(eventDate)})`;
    const brief = (occasion: string, notes: string) =>
      quoteBriefSchema.parse({
        occasion,
        flavor: 'Coconut',
        size: '6 inch (4-6 people)',
        servings: 6,
        fulfillment: 'pickup',
        eventDate,
        allergies: 'Tree nuts',
        notes,
      });
    const first = await createQuoteRequest({
      db,
      actor: asCustomer,
      input: { vendorIds: [vendor.id], brief: brief('Graduation', 'A mortarboard on top') },
      now: new Date(),
    });
    await createQuoteRequest({
      db,
      actor: asCustomer,
      input: { vendorIds: [vendor.id], brief: brief('Holiday', 'Snowflakes everywhere') },
      now: new Date(),
    });

    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, owner.email, TEST_PASSWORD);
    // The overview shows both requests waiting (first name only) and leads to the inbox.
    const waiting = page.getByRole('region', { name: /Open quote requests/ });
    await waiting.getByText('Holiday · Iris').waitFor();
    await waiting.getByText('Graduation · Iris').waitFor();
    await page
      .getByRole('region', { name: /Today’s orders/ })
      .getByText('No orders due today')
      .waitFor();
    await waiting.getByRole('button', { name: 'Answer in Quotes' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Quotes' }).getAttribute('aria-selected'))
      .toBe('true');
    const graduation = page.getByRole('listitem').filter({ hasText: 'Graduation · Iris W.' });
    await graduation.getByText('“A mortarboard on top”').waitFor();
    await graduation.getByText('Tree nuts').waitFor();
    const sendQuote = graduation.getByRole('button', { name: forRequest('Send Quote', 'Graduation') });
    await sendQuote.click();
    await graduation.getByLabel('Price ($)').fill('abc');
    await sendQuote.click();
    await graduation.getByText('Please enter your price.').waitFor();
    await graduation.getByLabel('Price ($)').fill('95.50');
    await graduation.getByLabel('What is included').fill('Cake and topper');
    await sendQuote.click();
    await page.getByText('Quote sent to the customer.').waitFor();
    await graduation.getByText('Quoted', { exact: true }).waitFor();
    await graduation.getByText('Your quote: $95.50', { exact: false }).waitFor();

    const holiday = page.getByRole('listitem').filter({ hasText: 'Holiday · Iris W.' });
    await holiday.getByRole('button', { name: forRequest('Decline', 'Holiday') }).click();
    const declineRequest = holiday.getByRole('button', { name: forRequest('Decline Request', 'Holiday') });
    await declineRequest.click();
    await holiday.getByText('Please tell the customer why.').waitFor();
    await holiday.getByLabel('Why are you declining?').fill('Closed over the holidays');
    await declineRequest.click();
    await holiday.getByText('Declined', { exact: true }).waitFor();

    const [sent] = await db.select().from(quotes).where(eq(quotes.id, first.quoteIds[0]!));
    expect(sent).toMatchObject({
      status: 'quoted',
      priceCents: 9_550,
      deliveryFeeCents: 0,
      includes: 'Cake and topper',
    });
    await context.close();
  });

  it('the Orders tab lists every active order, twenty at a time, and the finished ones apart', async () => {
    const db = server.services.db;
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Sorrel Bakehouse' });
    const customer = await createUser(db, { firstName: 'Rosa', lastName: 'Diaz' });
    const brief = (occasion: string) =>
      quoteBriefSchema.parse({
        occasion,
        flavor: 'Vanilla',
        size: '8 inch (8-10)',
        servings: 10,
        fulfillment: 'pickup',
        eventDate: '2030-06-01',
      });
    for (let i = 0; i < 22; i++)
      await createOrder(db, {
        customerId: customer.id,
        vendorId: vendor.id,
        status: i % 2 ? 'confirmed' : 'paid',
        orderNumber: `FR-S-${100 + i}`,
        deliveryDate: new Date(Date.UTC(2030, 5, 1 + i, 20)),
        brief: brief(i === 0 ? 'Graduation' : 'Birthday'),
      });
    for (const status of ['completed', 'cancelled'])
      await createOrder(db, {
        customerId: customer.id,
        vendorId: vendor.id,
        status,
        orderNumber: `FR-S-${status}`,
        deliveryDate: new Date(Date.UTC(2026, 0, 1, 20)),
      });

    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, owner.email, TEST_PASSWORD);
    await page.getByRole('tab', { name: 'Orders' }).click();
    const active = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem');
    await expect.poll(() => active.count()).toBe(20);
    // Soonest due first, named by the occasion of the agreed brief.
    await active.first().getByText('Graduation Cake · Rosa D.').waitFor();
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => active.count()).toBe(22);
    await active.last().getByText('FR-S-121').waitFor();
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Completed & cancelled' }).click();
    const past = page.getByRole('list', { name: 'Past orders' }).getByRole('listitem');
    await expect.poll(() => past.count()).toBe(2);
    await past.first().getByRole('button', { name: 'Track Order' }).waitFor();
    await context.close();
  });
});
