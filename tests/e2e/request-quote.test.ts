import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { TEST_PASSWORD, createUser, createVendor } from '../support/factories.ts';
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

describe('Request a Quote, from wherever the design is', () => {
  it('from a new design for a vendor, from My Designs, from the design page and from Get Quotes', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Rosa' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, {
      userId: owner.id,
      businessName: 'Cedar Crumb',
      specialty: 'wedding',
      specialties: ['wedding'],
    });
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD);

    // Designing for Cedar Crumb (their page's Design a Cake, or Order Now): the result goes to them.
    await page.goto(`/?vendor=${vendor.id}&specialty=wedding#ai-designer`);
    await page.getByText('Designing for Cedar Crumb').waitFor();
    await page.getByLabel('Flavor').selectOption('Vanilla');
    await page.getByLabel('Size').selectOption('10 inch (12-15)');
    await page.getByRole('button', { name: 'Generate Design', exact: true }).click();
    const results = page.getByRole('list', { name: 'Generated designs' });
    await results.getByRole('img').waitFor();
    await page.getByText('Love it? Request a quote from Cedar Crumb.').waitFor();
    await results.getByRole('button', { name: 'Request a Quote' }).click();
    await page.waitForURL(/\/quotes\/new\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('vendor')).toBe(vendor.id);
    const designId = url.searchParams.get('design');
    expect(designId).toBeTruthy();
    await page.getByRole('heading', { name: 'Request a Quote' }).waitFor();
    await expect.poll(() => page.getByLabel('Cedar Crumb').isChecked()).toBe(true);
    await expect.poll(() => page.getByLabel('Design (optional)').inputValue()).toBe(designId);

    // The design was saved on the way: My Designs offers Request a Quote for it.
    await page.goto('/customer-dashboard-original');
    await page.getByRole('tab', { name: 'My Designs' }).click();
    await page.getByRole('link', { name: /^Request a Quote for / }).click();
    await page.waitForURL(`**/quotes/new?design=${designId}`);
    await expect.poll(() => page.getByLabel('Design (optional)').inputValue()).toBe(designId);

    // Its public page too, for its owner.
    await page.goto('/customer-dashboard-original');
    await page.getByRole('tab', { name: 'My Designs' }).click();
    await page.getByRole('listitem').getByRole('link').first().click();
    await page.waitForURL('**/designs/**');
    await page.getByRole('link', { name: 'Request a Quote' }).click();
    await page.waitForURL(`**/quotes/new?design=${designId}`);

    // Get Quotes from Vendors on the home page: straight to the form for a signed-in customer.
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Quotes from Vendors' }).click();
    await page.waitForURL('**/quotes/new');
    await page.getByRole('heading', { name: 'Request a Quote' }).waitFor();
    await context.close();
  });

  it('asks a visitor to sign in, and keeps the design for after', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/#ai-designer');
    await page.getByLabel('Occasion').selectOption('Birthday');
    await page.getByLabel('Flavor').selectOption('Chocolate');
    await page.getByLabel('Size').selectOption('6 inch (4-6 people)');
    await page.getByRole('button', { name: 'Generate Design', exact: true }).click();
    const results = page.getByRole('list', { name: 'Generated designs' });
    await results.getByRole('img').waitFor();
    await results.getByRole('button', { name: 'Request a Quote' }).click();
    await page.waitForURL('**/auth');
    await page.getByText('Sign in to request a quote. Your design is saved to your account.').waitFor();
    await page.goto('/');
    expect(await page.getByRole('link', { name: 'Get Quotes from Vendors' }).getAttribute('href')).toBe(
      '/auth',
    );

    // Once signed in, the design is in My Designs, ready to request a quote with.
    const visitor = await createUser(server.services.db);
    await page.goto('/auth');
    await page.getByLabel('Email').first().fill(visitor.email);
    await page.getByLabel('Password').first().fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/customer-dashboard');
    await page.goto('/customer-dashboard-original');
    await page.getByRole('tab', { name: 'My Designs' }).click();
    await expect.poll(() => page.getByRole('link', { name: /^Request a Quote for / }).count()).toBe(1);
    await context.close();
  });
});
