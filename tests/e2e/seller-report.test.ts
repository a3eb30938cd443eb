import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../src/server/modules/jobs/index.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import {
  TEST_PASSWORD,
  createOrder,
  createUser,
  createVendor,
  postOrderMoneyAt,
} from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { removeTaxInformation } from '../support/tax-information.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Set SCREENSHOT_DIR to keep pictures of the pages (for a person to look at). */
async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** A download's text (the browser may run elsewhere: read through its stream, not a path). */
async function downloaded(download: Download) {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const LAST_YEAR = new Date().getFullYear() - 1;

describe('the yearly seller report', () => {
  it('a vendor gives their tax information (fixing a field first), an admin generates and downloads the year’s report', async () => {
    const db = server.services.db;
    const admin = await createUser(db, { role: 'admin' });
    const customer = await createUser(db);
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, { userId: owner.id, businessName: 'Juniper Cakes' });
    await removeTaxInformation(db, vendor.id);
    // $3,200 of cakes last summer: above the excluded-seller limit of $2,800.
    const order = await createOrder(db, { customerId: customer.id, vendorId: vendor.id, amount: 320_000 });
    await postOrderMoneyAt(db, {
      orderId: order.id,
      vendorId: vendor.id,
      heldCents: 320_000,
      kind: 'release',
      split: { refundCents: 0, vendorCents: 294_400, platformCents: 25_600 },
      paidAt: new Date(`${LAST_YEAR}-07-01T18:00:00Z`),
      settledAt: new Date(`${LAST_YEAR}-07-10T18:00:00Z`),
    });

    const { page } = await newPage(browser, server.url);
    await signedIn(page, owner.email, TEST_PASSWORD);
    // The Payouts tab says what a first payout needs, before Pay Out is pressed, and leads to it.
    await page.getByRole('tab', { name: 'Payouts' }).click();
    await page.getByText('Add your tax information before your first payout').waitFor();
    await page.getByRole('link', { name: 'Add tax information' }).click();
    await page.getByRole('heading', { name: 'Tax information' }).waitFor();
    await page.getByText('Your tax information is missing: payouts wait until it is saved.').waitFor();
    await page.getByLabel('Legal name (as on your tax return)').fill('June Park');
    await page.getByLabel('Street address').fill('1200 Granville St');
    await page.getByLabel('City').fill('Vancouver');
    await page.getByLabel('Province or territory', { exact: true }).selectOption('BC');
    await page.getByLabel('Postal code').fill('V6Z 1M6');
    await page.getByLabel('Social Insurance Number (SIN)').fill('130 692 545');
    await page.getByLabel('Province or territory you file from').selectOption('BC');
    await page.getByLabel('Date of birth').fill('1975-03-09');
    await page.getByRole('button', { name: 'Save tax information' }).click();
    // The SIN fails its check: the message at the field, everything typed still there.
    await page.getByText('This is not a valid Social Insurance Number: check its 9 digits.').waitFor();
    expect(await page.getByLabel('Legal name (as on your tax return)').inputValue()).toBe('June Park');
    await screenshot(page, 'tax-information-error-1280');
    await page.getByLabel('Social Insurance Number (SIN)').fill('130 692 544');
    await page.getByRole('button', { name: 'Save tax information' }).click();
    await page.getByText('Tax information saved').first().waitFor();
    await page.goto('/vendor-dashboard?tab=payouts');
    await page.getByRole('heading', { name: 'Money per order' }).waitFor();
    expect(await page.getByText('Add your tax information before your first payout').count()).toBe(0);
    await page.goBack();
    await page.getByText('Your tax information is complete.').waitFor();
    await page.getByLabel(/on file: ••••••544/).waitFor();
    await screenshot(page, 'tax-information-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'tax-information-390');

    const adminTab = await newPage(browser, server.url);
    await signedIn(adminTab.page, admin.email, TEST_PASSWORD, '/admin?tab=seller-reports');
    const a = adminTab.page;
    await a.getByText('No reports generated yet.').waitFor();
    await a.getByLabel('Year').selectOption(String(LAST_YEAR));
    await a.getByRole('button', { name: `Generate ${LAST_YEAR} report` }).click();
    await a.getByText('Preparing…').waitFor();
    await runDueJobs({
      db,
      now: new Date(),
      handlers: server.services.jobHandlers,
      log: server.services.log,
    });
    await a.getByText('Ready').waitFor();
    const table = a.getByRole('table', { name: `${LAST_YEAR} reported sellers` });
    await table.getByRole('rowheader', { name: 'June Park' }).waitFor();
    await table.getByText('••••••544').waitFor();
    await table.getByText('$3,200.00').waitFor();
    await screenshot(a, 'seller-reports-admin-1280');
    const [download] = await Promise.all([
      a.waitForEvent('download'),
      a.getByRole('link', { name: `Download ${LAST_YEAR} CSV` }).click(),
    ]);
    const csv = await downloaded(download);
    expect(csv).toContain('June Park');
    expect(csv).toContain('130692544');
    expect(csv).toContain('3200.00');
    await a.setViewportSize({ width: 390, height: 844 });
    await screenshot(a, 'seller-reports-admin-390');

    // The vendor finds their copy on the same page.
    await page.reload();
    await page.getByText(`${LAST_YEAR} seller report`).waitFor();
    const [own] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `Download ${LAST_YEAR} (CSV)` }).click(),
    ]);
    const mine = await downloaded(own);
    expect(mine).toContain('••••••544');
    expect(mine).not.toContain('130692544');
  });
});
