import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteBriefSchema } from '../../src/shared/schemas/quotes.ts';
import { addDays, vancouverDay } from '../../src/shared/time.ts';
import type { Actor } from '../../src/server/actor.ts';
import { quoteRequests } from '../../src/server/db/schema/index.ts';
import { answerQuote, createQuoteRequest } from '../../src/server/modules/quotes/index.ts';
import { launchBrowser, newPage, shownText, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import {
  TEST_PASSWORD,
  createDesign,
  createGeneratedDesign,
  createUser,
  createVendor,
} from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The server's rules go by this clock (today, so the browser's date picker agrees).
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

const actor = (id: string, userType: 'customer' | 'vendor'): Actor => ({
  id,
  email: `${id}@example.test`,
  name: 'Test',
  userType,
  role: 'user',
});

/** The accessible name (its label) of the element that has the focus. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '';
  });

describe('Request a Quote, with a design and without surprises', () => {
  it('opened with a saved design’s Share link, the brief is filled in and sent without retyping', async () => {
    const db = server.services.db;
    const customer = await createUser(db);
    const vendor = await createVendor(db, { businessName: 'Larch Loaves' });
    // Saved from the designer: its Share link names the generated image, not the saved design.
    const { image } = await createGeneratedDesign(db, server.services.storage, { userId: customer.id });
    const saved = await createDesign(db, customer.id, {
      occasion: 'Birthday',
      flavor: 'Lemon',
      size: '8 inch (8-10)',
      colors: 'Yellow, white',
      description: 'Lemon curd and fresh blueberries.',
      dietaryRestrictions: 'nut-free',
      designImageId: image.id,
    });
    // Another of hers, with a size the quote's list does not have.
    const tiered = await createDesign(db, customer.id, {
      occasion: 'Anniversary',
      flavor: 'Chocolate',
      size: '3-Tier',
      createdAt: new Date(Date.now() - 60_000),
    });

    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, `/quotes/new?vendor=${vendor.id}&design=${image.id}`);
    await page.getByRole('heading', { name: 'Request a Quote' }).waitFor();
    await expect.poll(() => page.getByLabel('Design (optional)').inputValue()).toBe(saved.id);
    await expect.poll(() => page.getByLabel('Occasion').inputValue()).toBe('Birthday');
    expect(await page.getByLabel('Flavor').inputValue()).toBe('Lemon');
    expect(await page.getByLabel('Size').inputValue()).toBe('8 inch (8-10)');
    expect(await page.getByLabel('Nut-free').isChecked()).toBe(true);
    expect(await page.getByLabel('Notes for the vendors (optional)').inputValue()).toBe(
      'Colors: Yellow, white.\nLemon curd and fresh blueberries.',
    );

    // Only what the design cannot say is typed: servings and the day.
    await page.getByLabel('Servings').fill('9');
    await page.getByLabel('Event date').fill(vancouverDay(addDays(clock.now(), 21)));
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Your request is on its way.').waitFor();
    await page.waitForURL((url) => /^\/quotes\/(?!new$)[^/]+$/.test(url.pathname));
    const requestId = new URL(page.url()).pathname.split('/').at(-1)!;
    const [sent] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
    expect(sent).toMatchObject({ cakeDesignId: saved.id });
    expect(sent!.brief).toMatchObject({
      occasion: 'Birthday',
      flavor: 'Lemon',
      size: '8 inch (8-10)',
      servings: 9,
      dietary: ['nut-free'],
    });

    // Choosing a design keeps what was typed where the design says nothing, and names what it cannot fill.
    await page.goto(`/quotes/new?vendor=${vendor.id}`);
    await page.getByLabel('Size').selectOption('10 inch (12-15)');
    await page.getByLabel('Allergies (optional)').fill('Sesame');
    await page.getByLabel('Design (optional)').selectOption(tiered.id);
    await expect.poll(() => page.getByLabel('Flavor').inputValue()).toBe('Chocolate');
    expect(await page.getByLabel('Occasion').inputValue()).toBe('Anniversary');
    expect(await page.getByLabel('Size').inputValue()).toBe('10 inch (12-15)');
    expect(await page.getByLabel('Allergies (optional)').inputValue()).toBe('Sesame');
    await expect
      .poll(() => shownText(page))
      .toContain('Your design’s size, “3-Tier”, is not in this list: please choose one');

    // A design someone else shared: its brief fills the form, but it cannot go with the request.
    const friend = await createUser(db);
    const shared = await createGeneratedDesign(db, server.services.storage, { userId: friend.id });
    await page.goto(`/quotes/new?vendor=${vendor.id}&design=${shared.image.id}`);
    await expect
      .poll(() => shownText(page))
      .toContain('The design you opened is not one of your saved designs');
    expect(await page.getByLabel('Occasion').inputValue()).toBe('Birthday');
    expect(await page.getByLabel('Design (optional)').inputValue()).toBe('');
    await context.close();
  });

  it('Send Request says what is missing at each field, focuses the first, keeps what was typed, and warns of a small cake', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Ines', lastName: 'Park' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Maple Crumb' });
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, `/quotes/new?vendor=${vendor.id}`);
    await page.getByRole('heading', { name: 'Request a Quote' }).waitFor();
    await page.getByLabel('Allergies (optional)').fill('Peanuts');

    // By keyboard: the button is in the tab order and pressable before anything is filled.
    const send = page.getByRole('button', { name: 'Send Request' });
    expect(await send.isEnabled()).toBe(true);
    await send.focus();
    await page.keyboard.press('Enter');
    for (const message of [
      'Please choose the occasion.',
      'Please choose a flavor.',
      'Please choose a size.',
      'Please enter how many people it should serve (1 to 500).',
      'Please choose the date of your event.',
    ])
      await expect.poll(() => shownText(page)).toContain(message);
    await expect.poll(() => focusedLabel(page)).toBe('Occasion');
    expect(await page.getByLabel('Occasion').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Allergies (optional)').inputValue()).toBe('Peanuts');

    // An 8 inch cake for 60: a warning, not a refusal.
    await page.getByLabel('Occasion').selectOption('Graduation');
    await page.getByLabel('Flavor').selectOption('Chocolate');
    await page.getByLabel('Size').selectOption('8 inch (8-10)');
    await page.getByLabel('Servings').fill('60');
    await expect.poll(() => shownText(page)).toContain('An 8 inch cake serves 8–10; you expect 60 guests.');
    await page.getByLabel('Servings').fill('10');
    await expect.poll(() => shownText(page)).not.toContain('you expect');
    await page.getByLabel('Servings').fill('60');
    await page.getByLabel('Event date').fill(vancouverDay(addDays(clock.now(), 21)));
    await send.click();
    await page.getByText('Your request is on its way.').waitFor();
    await page.waitForURL((url) => /^\/quotes\/(?!new$)[^/]+$/.test(url.pathname));
    // The comparison says it too, before anything is accepted.
    await expect.poll(() => shownText(page)).toContain('An 8 inch cake serves 8–10; you expect 60 guests.');

    // And the vendor reads it in their inbox before answering.
    const baker = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(baker.page, owner.email, TEST_PASSWORD);
    await baker.page.getByRole('tab', { name: 'Quotes' }).click();
    const request = baker.page.getByRole('listitem').filter({ hasText: 'Graduation · Ines P.' });
    await expect
      .poll(() => shownText(request))
      .toContain('An 8 inch cake serves 8–10; the customer expects 60 guests.');
    await baker.context.close();
    await context.close();
  });

  it('a new vendor is New to Frosted; Accept Quote asks first, then leads to paying', async () => {
    const db = server.services.db;
    const customer = await createUser(db);
    const fresh = await createUser(db, { userType: 'vendor', password: null });
    const rated = await createUser(db, { userType: 'vendor', password: null });
    const freshShop = await createVendor(db, {
      userId: fresh.id,
      businessName: 'Sprout Cakes',
      rating: 0,
      reviewCount: 0,
      depositPercent: 30,
      balanceDueDays: 14,
    });
    const ratedShop = await createVendor(db, {
      userId: rated.id,
      businessName: 'Oak Oven',
      rating: 4.8,
      reviewCount: 12,
    });
    const { requestId, quoteIds } = await createQuoteRequest({
      db,
      actor: actor(customer.id, 'customer'),
      input: {
        vendorIds: [freshShop.id, ratedShop.id],
        brief: quoteBriefSchema.parse({
          occasion: 'Birthday',
          flavor: 'Lemon',
          size: '10 inch (12-15)',
          servings: 14,
          fulfillment: 'pickup',
          eventDate: vancouverDay(addDays(clock.now(), 30)),
        }),
      },
      now: clock.now(),
    });
    const validUntil = addDays(clock.now(), 7).toISOString();
    for (const [i, owner] of [fresh, rated].entries())
      await answerQuote({
        db,
        actor: actor(owner.id, 'vendor'),
        quoteId: quoteIds[i]!,
        input: { priceCents: 17_000 + i * 1_000, deliveryFeeCents: 0, validUntil },
        now: clock.now(),
      });

    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, `/quotes/${requestId}`);
    const columns = page.getByRole('list', { name: 'Quotes' }).getByRole('listitem');
    const sprout = columns.filter({ hasText: 'Sprout Cakes' });
    await expect.poll(() => shownText(sprout)).toContain('New to Frosted');
    expect(await shownText(sprout)).not.toMatch(/★|\(0\)/);
    await expect.poll(() => shownText(columns.filter({ hasText: 'Oak Oven' }))).toContain('4.8');

    // Accept asks first, with what accepting means; Keep Comparing changes nothing.
    await sprout.getByRole('button', { name: 'Accept Quote from Sprout Cakes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept Sprout Cakes’s quote?' });
    await dialog.waitFor();
    const summary = await shownText(dialog);
    expect(summary).toContain('Birthday cake: Lemon, 10 inch (12-15), serves 14');
    expect(summary).toContain('Sprout Cakes');
    expect(summary).toContain('$170.00');
    expect(summary).toContain('Accepting closes the other quote on this request: Oak Oven.');
    expect(summary).toContain('Next, you pay a deposit of $51.00.');
    await dialog.getByRole('button', { name: 'Keep Comparing' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedLabel(page)).toBe('Accept Quote from Sprout Cakes');

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Accept Quote' }).click();
    await page.getByText(/Quote accepted\. Your order FR-\d+ is waiting for payment\./).waitFor();
    // The Pay link replaces the Accept button, and has the focus.
    const pay = sprout.getByRole('link', { name: 'Pay $51.00 Deposit' });
    await pay.waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('Pay $51.00 Deposit');
    await expect
      .poll(() => shownText(page))
      .toContain('You accepted Sprout Cakes’s quote. Pay for your order to confirm it.');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/orders/*/pay');
    await expect.poll(() => shownText(page)).toContain('Deposit due now');
    await context.close();
  });
});
