import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendors } from '../../src/server/db/schema/index.ts';
import { TEST_PASSWORD, createUser, createVendor } from '../support/factories.ts';
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

describe('event vendors', () => {
  it('a florist adds a package, which shows on their page and in browse as "From $X"; a category page', async () => {
    const db = server.services.db;
    const owner = await createUser(db, { userType: 'vendor' });
    await createVendor(db, {
      userId: owner.id,
      businessName: 'Petal Lane Florals',
      category: 'flowers',
      categories: ['flowers', 'decor'],
      specialty: 'flowers',
      specialties: [],
      location: 'north-vancouver',
    });
    await createVendor(db, { businessName: 'Lonsdale Layer Cakes', location: 'north-vancouver' });

    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, owner.email, TEST_PASSWORD, '/vendor-dashboard');
    await page.getByRole('tab', { name: 'Packages' }).click();
    await expect.poll(() => shownText(page)).toContain('You have no packages yet.');

    // Each field says what is wrong, and what was typed stays.
    const form = page.getByRole('form', { name: 'Add a package' });
    await form.getByRole('button', { name: 'Add Package' }).click();
    await expect.poll(() => shownText(form)).toContain('Please name the package.');
    await form.getByLabel('Package name').fill('Bridal bouquet + 8 centrepieces');
    await form.getByLabel('Starting price ($)').fill('six fifty');
    await form.getByRole('button', { name: 'Add Package' }).click();
    await expect.poll(() => shownText(form)).toContain('Please enter a starting price from $0 to $100,000.');
    expect(await form.getByLabel('Package name').inputValue()).toBe('Bridal bouquet + 8 centrepieces');
    await form.getByLabel('Starting price ($)').fill('650');
    await form.getByLabel('What is included (optional)').fill('Seasonal blooms, set up at the venue.');
    await form.getByRole('button', { name: 'Add Package' }).press('Enter');
    const list = page.getByRole('list', { name: 'Your packages' });
    await expect.poll(() => shownText(list)).toContain('Bridal bouquet + 8 centrepieces, from $650');
    expect(await form.getByLabel('Package name').inputValue()).toBe('');

    // Their page.
    await page.getByRole('link', { name: 'View public page' }).click();
    await expect.poll(() => shownNames(page, 'heading')).toContain('Packages');
    const packages = page.getByRole('region', { name: 'Packages' });
    await expect.poll(() => shownText(packages)).toContain('Bridal bouquet + 8 centrepieces, from $650');
    expect(await shownText(packages)).toContain('Seasonal blooms, set up at the venue.');
    await context.close();

    // A visitor: the home page's category row leads to the category's page.
    const visitor = await newPage(browser, server.url, { width: 390, height: 844 });
    await visitor.page.goto('/');
    await visitor.page.getByRole('link', { name: 'Flowers', exact: true }).click();
    await visitor.page.waitForURL('**/browse-vendors/flowers');
    await expect.poll(() => shownNames(visitor.page, 'heading')).toContain('Flowers');
    await expect.poll(() => visitor.page.title()).toBe('Flowers in British Columbia | Frosted');
    const cards = visitor.page.getByRole('list', { name: 'Vendors' });
    await expect.poll(() => shownText(cards)).toContain('Petal Lane Florals');
    expect(await shownText(cards)).toContain('From $650');
    expect(await shownText(cards)).not.toContain('Lonsdale Layer Cakes');

    // Decor lists the florist too (a second category); every category again is Browse Vendors.
    await visitor.page.getByLabel('Category').selectOption('decor');
    await visitor.page.waitForURL('**/browse-vendors/decor');
    await expect.poll(() => shownText(cards)).toContain('Petal Lane Florals');
    await visitor.page.getByLabel('Location').selectOption('north-vancouver');
    await visitor.page.waitForURL('**/browse-vendors/decor?location=north-vancouver');
    await visitor.page.getByLabel('Category').selectOption('all');
    await visitor.page.waitForURL(/\/browse-vendors\?location=north-vancouver$/);
    await expect.poll(() => shownText(cards)).toContain('Lonsdale Layer Cakes');
    expect(await shownText(cards)).toContain('Petal Lane Florals');
    await visitor.context.close();
  });

  it('a photographer applies with their category; the form asks a cake specialty of cake makers only', async () => {
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await page.goto('/auth?type=vendor');
    await page.getByRole('tab', { name: 'Vendor Register' }).click();
    await page.getByLabel('Business name').fill('Lens & Light Studio');
    await page.getByLabel('Business email').fill('lens@example.test');
    await page.getByLabel('Phone').fill('604 555 0177');
    await page.getByLabel('Business address').fill('88 Hastings St, Vancouver');
    await page.getByLabel('Area').selectOption('vancouver');
    await page.getByLabel('What you mainly offer').selectOption('cakes');
    await page.getByLabel('Specialty').waitFor();
    await page.getByLabel('What you mainly offer').selectOption('photography');
    await expect.poll(() => page.getByLabel('Specialty').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Music & Entertainment' }).check();
    await page.getByLabel('Password').fill('lens-and-light-9');
    await page.getByLabel('I am 18 or older.').check();
    await page.getByLabel(/Vendor Agreement/).check();
    await page.getByRole('button', { name: 'Apply as Vendor' }).click();
    await page.getByText(/Application submitted/).waitFor();
    const [vendor] = await server.services.db
      .select()
      .from(vendors)
      .where(eq(vendors.businessName, 'Lens & Light Studio'));
    expect(vendor).toMatchObject({
      status: 'pending',
      category: 'photography',
      categories: ['photography', 'entertainment'],
      specialty: 'photography',
    });
    await context.close();
  });
});
