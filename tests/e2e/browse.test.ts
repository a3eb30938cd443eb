import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, createVendor } from '../support/factories.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
let customerEmail = '';

const LAVENDER = 'Lavender Moon Patisserie';
const CHEAPEST = 'Penny Crumb Bakery';
const PRICIEST = 'Gilded Tier Atelier';

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const db = server.services.db;
  customerEmail = (await createUser(db)).email;
  await createVendor(db, {
    businessName: LAVENDER,
    location: 'richmond',
    specialty: 'gourmet',
    specialties: ['gourmet'],
    dietaryOptions: ['vegan', 'gluten-free'],
    priceTier: 3,
    rating: 4.9,
    reviewCount: 20,
    description: 'Lavender and honey entremets.',
  });
  await createVendor(db, { businessName: CHEAPEST, priceTier: 1, rating: 4.0, location: 'surrey' });
  await createVendor(db, { businessName: PRICIEST, priceTier: 4, rating: 4.1, location: 'delta' });
  // Enough vendors for a second page (12 a page); none of them is vegan or in Richmond.
  for (let i = 1; i <= 13; i++) {
    await createVendor(db, {
      businessName: `Neighbourhood Cakes ${String(i).padStart(2, '0')}`,
      location: 'burnaby',
      specialty: 'birthday',
      specialties: ['birthday'],
      priceTier: 2,
      rating: 3 + i / 10,
      reviewCount: i,
    });
  }
  await createVendor(db, { businessName: 'Pending Pastry', status: 'pending', verified: false });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const found = (page: Page) => page.getByRole('status').filter({ hasText: /vendors? found/ });
const names = (page: Page) =>
  page.getByRole('list', { name: 'Vendors' }).getByRole('heading', { level: 3 }).allTextContents();
const expectFound = (page: Page, n: number) =>
  expect.poll(() => found(page).textContent()).toBe(`${n} ${n === 1 ? 'vendor' : 'vendors'} found`);

describe('Browse Vendors', () => {
  it('finds a vendor by search, by location and specialty, and by a dietary filter', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/browse-vendors');
    await expectFound(page, 16);
    expect(await names(page)).not.toContain('Pending Pastry');

    await page.getByLabel('Search vendors').fill('lavendar moon');
    await expectFound(page, 1);
    expect(await names(page)).toEqual([LAVENDER]);
    expect(page.url()).toContain('q=lavendar+moon');

    await page.getByLabel('Search vendors').fill('');
    await expectFound(page, 16);
    await page.getByLabel('Location').selectOption('richmond');
    await page.getByLabel('Specialty').selectOption('gourmet');
    await expectFound(page, 1);
    expect(await names(page)).toEqual([LAVENDER]);
    // A shared link shows the same list; the back button undoes one choice at a time.
    await page.reload();
    await expectFound(page, 1);
    await page.goBack();
    await expect.poll(() => page.getByLabel('Specialty').inputValue()).toBe('all');
    await expect.poll(() => page.getByLabel('Location').inputValue()).toBe('richmond');
    await page.getByLabel('Location').selectOption('all');
    await expectFound(page, 16);

    await page.getByRole('button', { name: /More Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'More Filters' });
    await dialog.getByRole('checkbox', { name: 'Vegan' }).check();
    await dialog.getByRole('button', { name: 'Show 1 vendor' }).click();
    await expectFound(page, 1);
    expect(await names(page)).toEqual([LAVENDER]);
    expect(page.url()).toContain('dietary=vegan');

    // Nothing matches: the empty state clears the filters.
    await page.getByLabel('Location').selectOption('delta');
    await page.getByRole('heading', { name: 'No vendors match these filters' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expectFound(page, 16);
    await context.close();
  });

  it('changes the order with each sort, and Load More appends the next page without duplicates', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/browse-vendors');
    await expectFound(page, 16);
    expect((await names(page))[0]).toBe(LAVENDER);
    await page.getByLabel('Sort by').selectOption('price-low');
    await expect.poll(async () => (await names(page))[0]).toBe(CHEAPEST);
    await page.getByLabel('Sort by').selectOption('price-high');
    await expect.poll(async () => (await names(page))[0]).toBe(PRICIEST);
    await page.getByLabel('Sort by').selectOption('reviews');
    await expect.poll(async () => (await names(page))[0]).toBe(LAVENDER);
    expect((await names(page))[1]).toBe('Neighbourhood Cakes 13');

    expect(await names(page)).toHaveLength(12);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(async () => (await names(page)).length).toBe(16);
    const all = await names(page);
    expect(new Set(all).size).toBe(16);
    await expect(page.getByRole('button', { name: 'Load More' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('saves a favorite for a signed-in customer, kept across reloads and shown on the dashboard', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/browse-vendors?q=lavender');
    await expectFound(page, 1);
    const heart = page.getByRole('button', { name: `Save ${LAVENDER} to favorites` });

    // A visitor is asked to sign in, and comes back here afterwards.
    await heart.click();
    await page.getByText('Sign in to save favorites').waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/auth\?next=%2Fbrowse-vendors/);
    await page.getByLabel('Email').first().fill(customerEmail);
    await page.getByLabel('Password').first().fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/browse-vendors?q=lavender');

    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await page.getByText('Added to favorites').waitFor();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    await page.goto('/customer-dashboard-original');
    await page.getByRole('tab', { name: 'Favorites' }).click();
    await page.getByRole('heading', { name: LAVENDER }).waitFor();

    await page.goto('/browse-vendors?q=lavender');
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await heart.click();
    await page.getByText('Removed from favorites').waitFor();
    await page.reload();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  it('Order Now starts an order with the vendor, and Message leads to the conversation', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/browse-vendors?q=lavender');
    await expectFound(page, 1);
    const message = page.getByRole('link', { name: 'Message' });
    expect(await message.getAttribute('href')).toMatch(/^\/messages\?vendor=/);
    await page.getByRole('button', { name: 'Order Now' }).click();
    await page.getByText(`Starting order with ${LAVENDER}...`).waitFor();
    await page.waitForURL(/\/\?vendor=.+&specialty=gourmet#ai-designer$/);
    // It lands on the designer, ready to design for that vendor, not on the hero at the top.
    await page.getByText(`Designing for ${LAVENDER}`).waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => Math.abs(document.getElementById('ai-designer')!.getBoundingClientRect().top)),
      )
      .toBeLessThan(80);
    await context.close();
  });

  it('works at 390 px: More Filters opens, scrolls and closes with the keyboard', async () => {
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await page.goto('/browse-vendors');
    await expectFound(page, 16);
    await page.getByRole('button', { name: /More Filters/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'More Filters' });
    await dialog.waitFor();
    await dialog.getByRole('checkbox', { name: 'Delivery available' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.url()).toContain('delivery=true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
