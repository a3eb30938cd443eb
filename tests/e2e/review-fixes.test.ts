import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/errors.ts';
import { REFINE_DESCRIPTION_MESSAGE } from '../../src/shared/schemas/designs.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { testConfig } from '../support/app.ts';
import { TEST_PASSWORD, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Smaller things the security and usability review found, each seen as a person sees it. */
let server: TestServer;
let browser: Browser;
const VISITOR_LIMIT = 1;

beforeAll(async () => {
  const images = testConfig().images;
  [server, browser] = await Promise.all([
    startTestServer({
      configure: async () => ({ images: { ...images, dailyLimit: { user: 30, visitor: VISITOR_LIMIT } } }),
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function fillDesignForm(page: Page) {
  await page.getByLabel('Occasion').selectOption('Birthday');
  await page.getByLabel('Flavor').selectOption('Chocolate');
  await page.getByLabel('Size').selectOption('6 inch (4-6 people)');
}
const results = (page: Page) => page.getByRole('list', { name: 'Generated designs' }).getByRole('img');

describe('first load', () => {
  it('renders pages without the router warning about a missing HydrateFallback', async () => {
    const { context, page } = await newPage(browser, server.url);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    for (const path of ['/', '/browse-vendors', '/support']) {
      await page.goto(path);
      await page.getByRole('contentinfo').waitFor();
    }
    expect(warnings.filter((w) => /HydrateFallback/i.test(w))).toEqual([]);
    await context.close();
  });
});

describe('designer', () => {
  it("shows a visitor's used-up daily limit once, with the Generate buttons off", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/#ai-designer');
    await fillDesignForm(page);
    await page.getByRole('button', { name: 'Generate Design', exact: true }).click();
    await expect.poll(() => results(page).count()).toBe(1);

    const usedUp = MESSAGES.designQuotaUsedUp(VISITOR_LIMIT, false);
    await page.getByText(usedUp).waitFor();
    expect(await page.getByText(usedUp).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Generate Design', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Generate 3 Variations' }).isDisabled()).toBe(true);

    // A second tab that still believes one design is left is told once, by the quota line.
    const other = await context.newPage();
    await other.route('**/api/designs/quota', (route) =>
      route.fulfill({ json: { limit: VISITOR_LIMIT, used: 0, remaining: 1, signedIn: false } }),
    );
    await other.goto('/#ai-designer');
    await fillDesignForm(other);
    await other.getByRole('button', { name: 'Generate Design', exact: true }).click();
    await other.unroute('**/api/designs/quota');
    await other.getByText(usedUp).waitFor();
    expect(await other.getByText(usedUp).count()).toBe(1);
    await context.close();
  });

  it('asks for a description before a Refine, and spends nothing', async () => {
    const customer = await createUser(server.services.db, { firstName: 'Rosa' });
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, '/#ai-designer');
    await fillDesignForm(page);
    await page.getByRole('button', { name: 'Generate Design', exact: true }).click();
    await expect.poll(() => results(page).count()).toBe(1);
    await page.getByText('29 of 30 designs left today').waitFor();

    await page.getByRole('button', { name: 'Refine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refine this design' });
    await dialog.getByLabel('Description').fill('   ');
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    await dialog.getByText(REFINE_DESCRIPTION_MESSAGE).first().waitFor();
    expect(await dialog.getByLabel('Description').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('29 of 30 designs left today').waitFor();
    await context.close();
  });
});

describe('toasts', () => {
  it('never cover the navigation links', async () => {
    const customer = await createUser(server.services.db, { firstName: 'Tess' });
    const vendor = await createVendor(server.services.db, { businessName: 'Toast Position Bakery' });
    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, customer.email, TEST_PASSWORD, `/vendor/${vendor.id}`);
    await page.getByRole('button', { name: 'Save Toast Position Bakery to favorites' }).click();
    const toast = page.getByText('Added to favorites');
    await toast.waitFor();
    const toastBox = (await toast.boundingBox())!;
    const nav = page.getByRole('navigation').first();
    for (const link of await nav.getByRole('link').all()) {
      const box = await link.boundingBox();
      if (!box) continue;
      const overlaps =
        box.x < toastBox.x + toastBox.width &&
        toastBox.x < box.x + box.width &&
        box.y < toastBox.y + toastBox.height &&
        toastBox.y < box.y + box.height;
      expect(overlaps, (await link.textContent()) ?? '').toBe(false);
    }
    await context.close();
  });
});

describe('admin debug pages', () => {
  it('show that a session exists and whose it is, never the session token', async () => {
    const admin = await createUser(server.services.db, { role: 'admin', firstName: 'Ada' });
    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, admin.email, TEST_PASSWORD);
    const cookie = (await context.cookies()).find((c) => c.name.endsWith('session_token'));
    const token = decodeURIComponent(cookie!.value).split('.')[0]!;
    expect(token.length).toBeGreaterThan(10);

    await page.goto('/oauth-test');
    const details = page.getByRole('definition');
    await page.getByText(admin.email).waitFor();
    const userType = page.getByText('User type').locator('xpath=following-sibling::dd[1]');
    expect(await userType.textContent()).toBe('admin');
    await page.getByText(/^active until /).waitFor();
    expect(await page.getByRole('button', { name: 'Copy token' }).count()).toBe(0);
    expect(await details.allTextContents()).not.toContain(token);
    expect(await page.content()).not.toContain(token);

    await page.goto('/dashboard-debug');
    await page.getByRole('button', { name: 'Run Test' }).click();
    await page.getByText(/PASS\s+Session/).waitFor();
    expect(await page.getByText(`"email": "${admin.email}"`).count()).toBeGreaterThan(0);
    expect(await page.content()).not.toContain(token);
    await context.close();
  });
});
