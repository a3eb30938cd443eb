import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_REQUIRED_MESSAGE } from '../../src/shared/schemas/designs.ts';
import { launchBrowser, newPage, signInAs } from '../support/browser.ts';
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

/** Every value the progress bar showed: generations are quick, so a look at one moment could miss it. */
async function recordProgress(page: Page) {
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (seen.at(-1) !== value) seen.push(value);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
}
const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);

const results = (page: Page) => page.getByRole('list', { name: 'Generated designs' }).getByRole('img');
const quotaLeft = async (page: Page) => {
  const text = await page.getByText(/\d+ of \d+ designs left today/).textContent();
  return Number(/(\d+) of/.exec(text ?? '')?.[1]);
};

describe('AI cake designer', () => {
  it('checks the form, draws three variations, and saves one to My Designs after signing in', async () => {
    const customer = await createUser(server.services.db, { firstName: 'Priya' });
    const { context, page } = await newPage(browser, server.url);
    await recordProgress(page);
    await page.goto('/#ai-designer');
    const left = await quotaLeft(page);

    await page.getByLabel('Description').fill('Sugar peonies cascading down one side');
    await page.getByRole('button', { name: 'Generate 3 Variations' }).click();
    await page.getByRole('alert').filter({ hasText: DESIGN_REQUIRED_MESSAGE }).waitFor();
    for (const message of ['Please choose an occasion.', 'Please choose a flavor.', 'Please choose a size.'])
      await page.getByText(message).waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe('Sugar peonies cascading down one side');

    await page.getByLabel('Occasion').selectOption('Wedding');
    await page.getByLabel('Flavor').selectOption('Lemon');
    await page.getByLabel('Size').selectOption('8 inch (8-10)');
    await page.getByLabel('Colors').fill('Blush pink, gold');
    await page.getByRole('checkbox', { name: 'Vegan' }).check();
    // The form validates asynchronously: the message goes once the last required choice is checked.
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: DESIGN_REQUIRED_MESSAGE }).count())
      .toBe(0);
    await page.getByRole('button', { name: 'Generate 3 Variations' }).click();

    await expect.poll(() => results(page).count()).toBe(3);
    const seen = await progressSeen(page);
    expect(seen.some((v) => [10, 25, 45, 90].includes(v))).toBe(true);
    expect(seen.every((v) => [0, 10, 25, 45, 90, 100].includes(v))).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const alts = await results(page).evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt));
    expect(alts.every((a) => /^Wedding cake, .+ style$/.test(a))).toBe(true);
    await expect.poll(() => quotaLeft(page)).toBe(left - 3);
    const saved = await results(page).first().getAttribute('src');

    // A visitor's Save leads to sign-in; the design is saved once the session exists.
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await page.waitForURL('**/auth');
    await signInAs(page, customer.email, TEST_PASSWORD);
    await page.waitForURL('**/customer-dashboard');
    await page.getByText('Design saved to My Designs').waitFor();
    const myDesigns = page.getByRole('region', { name: 'My Designs' });
    await myDesigns.getByRole('link', { name: 'Wedding Cake', exact: true }).click();
    await page.waitForURL('**/designs/**');

    await page.getByRole('heading', { level: 1, name: 'Wedding Cake' }).waitFor();
    const picture = page.getByRole('img', { name: 'Wedding Cake design' });
    expect(await picture.getAttribute('src')).toBe(saved);
    await expect.poll(() => picture.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    for (const fact of ['Lemon', '8 inch (8-10)', 'Blush pink, gold', 'Vegan'])
      await page.getByText(fact, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Request Quotes' }).getAttribute('href')).toBe(
      '/browse-vendors?specialty=wedding',
    );
    expect(await page.getByRole('link', { name: 'Design Your Own' }).getAttribute('href')).toBe(
      '/#ai-designer',
    );
    await expect.poll(() => page.title()).toBe('Wedding Cake design | Frosted');
    await context.close();
  });

  it('works at 390 px: one design by polling, a shared link, and a refined picture', async () => {
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await recordProgress(page);
    // No event stream: the designer falls back to reading the generation every second.
    await page.route('**/api/designs/generations/*/events', (route) => route.abort());
    await page.goto('/#ai-designer');
    await page.getByLabel('Occasion').selectOption('Birthday');
    await page.getByLabel('Flavor').selectOption('Chocolate');
    await page.getByLabel('Size').selectOption('6 inch (4-6 people)');
    const generate = page.getByRole('button', { name: 'Generate Design', exact: true });
    const box = await generate.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await generate.click();

    await expect.poll(() => results(page).count()).toBe(1);
    const seen = await progressSeen(page);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((v) => [0, 15, 35, 60, 95, 100].includes(v))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied to clipboard').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${server.url}/designs/[^/]+$`));

    const before = await results(page).first().getAttribute('src');
    await page.getByRole('button', { name: 'Refine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refine this design' });
    await dialog.getByLabel('Description').fill('Chocolate drip and gold sprinkles');
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => results(page).first().getAttribute('src')).not.toBe(before);
    expect(await results(page).count()).toBe(1);

    await page.goto(link.replace(server.url, ''));
    await page.getByRole('heading', { level: 1, name: 'Birthday Cake' }).waitFor();
    expect(await page.getByRole('link', { name: 'Request Quotes' }).getAttribute('href')).toBe(
      '/browse-vendors?specialty=birthday',
    );
    await context.close();
  });

  it('designs for the vendor whose Design a Cake was pressed, and ignores an unknown vendor', async () => {
    const vendor = await createVendor(server.services.db, {
      businessName: 'Blush & Butter Bakery',
      specialty: 'wedding',
      specialties: ['wedding'],
    });
    const { context, page } = await newPage(browser, server.url);
    await page.goto(`/vendor/${vendor.id}`);
    await page.getByRole('link', { name: 'Design a Cake' }).click();
    await page.getByText('Designing for Blush & Butter Bakery').waitFor();
    await expect.poll(() => page.getByLabel('Occasion').inputValue()).toBe('Wedding');
    const designer = page.getByRole('region', { name: 'Design your dream cake with AI' });
    expect(await designer.getByRole('link', { name: 'Blush & Butter Bakery' }).getAttribute('href')).toBe(
      `/vendor/${vendor.id}`,
    );

    await page.getByLabel('Flavor').selectOption('Vanilla');
    await page.getByLabel('Size').selectOption('10 inch (12-15)');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/designs/generations'));
    await page.getByRole('button', { name: 'Generate Design', exact: true }).click();
    expect((await request).postDataJSON()).toMatchObject({ vendorId: vendor.id, variations: 1 });
    await expect.poll(() => results(page).count()).toBe(1);

    await page.getByRole('button', { name: 'Stop designing for Blush & Butter Bakery' }).click();
    await expect.poll(() => page.getByText('Designing for').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('vendor')).toBeNull();

    const unknown = page.waitForResponse((r) => r.url().endsWith('/api/vendors/no-such-vendor'));
    await page.goto('/?vendor=no-such-vendor&specialty=birthday#ai-designer');
    expect((await unknown).status()).toBe(404);
    await expect.poll(() => page.getByLabel('Occasion').inputValue()).toBe('Birthday');
    expect(await page.getByText('Designing for').count()).toBe(0);
    await context.close();
  });
});
