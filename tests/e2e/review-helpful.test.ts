import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../src/server/db/schema/index.ts';
import { launchBrowser, newPage, shownText, signedIn } from '../support/browser.ts';
import { createOrder, createUser, createVendor, TEST_PASSWORD } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Readers mark a review helpful and take it back; visitors are asked to sign in; authors cannot. */
let server: TestServer;
let browser: Browser;
let vendorId = '';
const emails = { reader: '', author: '' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const db = server.services.db;
  const vendor = await createVendor(db, { businessName: 'Helpful Crumb Bakery' });
  vendorId = vendor.id;
  const author = await createUser(db);
  const reader = await createUser(db);
  emails.author = author.email;
  emails.reader = reader.email;
  const order = await createOrder(db, { customerId: author.id, vendorId });
  await db.insert(reviews).values({
    id: crypto.randomUUID(),
    orderId: order.id,
    customerId: author.id,
    vendorId,
    rating: 5,
    title: 'Lemon cake worth the drive',
    comment: 'Bright lemon curd, light sponge, and it arrived exactly on time.',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const helpful = (page: Page) => page.getByRole('button', { name: 'Helpful', exact: true });

describe('helpful votes on reviews', () => {
  it('a reader marks a review helpful on the vendor page, it stays after a reload, and pressing again takes it back', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, emails.reader, TEST_PASSWORD, `/vendor/${vendorId}`);
    await expect.poll(() => shownText(page)).toContain('0 people found this helpful');
    await expect.poll(() => helpful(page).getAttribute('aria-pressed')).toBe('false');

    await helpful(page).click();
    await expect.poll(() => shownText(page)).toContain('1 person found this helpful');
    await expect.poll(() => helpful(page).getAttribute('aria-pressed')).toBe('true');

    await page.reload();
    await expect.poll(() => shownText(page)).toContain('1 person found this helpful');
    await expect.poll(() => helpful(page).getAttribute('aria-pressed')).toBe('true');

    // By keyboard, on the Reviews page this time.
    await page.goto('/reviews');
    await expect.poll(() => helpful(page).getAttribute('aria-pressed')).toBe('true');
    await helpful(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shownText(page)).toContain('0 people found this helpful');
    await expect.poll(() => helpful(page).getAttribute('aria-pressed')).toBe('false');
    await page.reload();
    await expect.poll(() => shownText(page)).toContain('0 people found this helpful');
    await expect.poll(() => helpful(page).getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  it('sends a visitor to sign in, with the way back to the page', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/reviews');
    await helpful(page).click();
    await expect.poll(() => shownText(page)).toContain('Sign in to mark reviews helpful');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/auth\?next=%2Freviews$/);
    await context.close();
  });

  it('tells the author why they cannot vote on their own review', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, emails.author, TEST_PASSWORD, `/vendor/${vendorId}`);
    await expect.poll(() => shownText(page)).toContain('You cannot mark your own review as helpful.');
    await expect.poll(() => helpful(page).getAttribute('aria-disabled')).toBe('true');
    expect(await helpful(page).getAttribute('aria-pressed')).toBe('false');
    expect(await shownText(page)).toContain('0 people found this helpful');
    await context.close();
  });
});
