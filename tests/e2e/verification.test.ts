import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPdf } from '../../src/server/modules/seed/demo-verification.ts';
import { addDaysToDay, checklistKinds, VERIFICATION_ITEMS } from '../../src/shared/verification.ts';
import { vancouverDay } from '../../src/shared/time.ts';
import { TEST_PASSWORD, createUser, createVendor } from '../support/factories.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** The factories' vendors bake: a cake maker's checklist. */
const VERIFICATION_KINDS = checklistKinds(['cakes']);

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

const photoOfId = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 210, g: 220, b: 235 } } })
    .jpeg()
    .toBuffer();

describe('the verification checklist', () => {
  it('a pending vendor uploads documents, an admin verifies them, and the vendor page shows the badge and the checks', async () => {
    const db = server.services.db;
    const admin = await createUser(db, { role: 'admin' });
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, {
      userId: owner.id,
      businessName: 'Thistle & Tiers',
      status: 'pending',
      verified: false,
    });

    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, owner.email, TEST_PASSWORD);
    await page.getByRole('link', { name: 'Complete your verification checklist' }).click();
    await page.getByRole('heading', { name: 'Verification checklist' }).waitFor();
    for (const kind of VERIFICATION_KINDS) {
      const { label } = VERIFICATION_ITEMS[kind];
      const item = page.getByRole('group', { name: label });
      await item.getByText('Missing').waitFor();
      await page
        .getByLabel(`Upload document for ${label}`)
        .setInputFiles(
          kind === 'identity'
            ? { name: 'licence.jpg', mimeType: 'image/jpeg', buffer: await photoOfId() }
            : { name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(demoPdf([label])) },
        );
      await item.getByText('Waiting for review').waitFor();
    }
    // A file that is not a document is refused with the server's reason, next to the item.
    await page.getByLabel('Replace document for Identity').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just some text, not a PDF'),
    });
    await page
      .getByRole('group', { name: 'Identity' })
      .getByText('Only PDF, JPEG, PNG or WebP files can be uploaded.')
      .waitFor();
    await screenshot(page, 'verification-vendor-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'verification-vendor-390');

    const adminTab = await newPage(browser, server.url);
    await signedIn(adminTab.page, admin.email, TEST_PASSWORD);
    await adminTab.page.getByRole('tab', { name: 'Verification' }).click();
    const card = adminTab.page.getByRole('group', { name: 'Thistle & Tiers verification' });
    await card.getByRole('link', { name: /Download Identity/ }).waitFor();
    await screenshot(adminTab.page, 'verification-admin-1280');
    await adminTab.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(adminTab.page, 'verification-admin-390');
    await adminTab.page.setViewportSize({ width: 1280, height: 900 });

    // Insurance without its expiry date is refused by the shared rule, in the form.
    await card.getByRole('button', { name: 'Verify Liability insurance' }).click();
    await card.getByText('Please enter the day the liability insurance expires.').waitFor();
    const expires = addDaysToDay(vancouverDay(new Date()), 300);
    for (const kind of VERIFICATION_KINDS) {
      const { label, expires: hasExpiry } = VERIFICATION_ITEMS[kind];
      if (hasExpiry) await card.getByLabel(`Last valid day (${label})`).fill(expires);
      await card.getByRole('button', { name: `Verify ${label}` }).click();
      if (kind !== 'identity')
        await card
          .getByText(/^Verified until/)
          .first()
          .waitFor();
    }
    await adminTab.page.getByText('No documents are waiting for review.').waitFor();
    await adminTab.page.getByRole('tab', { name: 'Vendor applications' }).click();
    await adminTab.page.getByRole('button', { name: 'Approve Thistle & Tiers' }).click();
    await adminTab.page.getByText('Thistle & Tiers is approved.').waitFor();
    await adminTab.context.close();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await page.getByText('Every item is verified: customers see your Verified badge.').waitFor();
    await context.close();

    const visitor = await newPage(browser, server.url);
    await visitor.page.goto(`/vendor/${vendor.id}`);
    await visitor.page.getByRole('heading', { name: 'Thistle & Tiers', level: 1 }).waitFor();
    await visitor.page.getByText('Verified', { exact: true }).waitFor();
    const checks = visitor.page.getByRole('region', { name: 'Verified by Frosted' });
    const labels = await checks.getByRole('listitem').allTextContents();
    expect(labels).toEqual(['Food premises permit', 'FOODSAFE Level 1', 'Liability insurance', 'Identity']);
    await screenshot(visitor.page, 'verification-public-1280');
    if (process.env.SCREENSHOT_DIR) {
      await visitor.page.setViewportSize({ width: 390, height: 844 });
      await screenshot(visitor.page, 'verification-public-390');
    }
    expect(await visitor.page.getByRole('link', { name: /\.pdf|licence/ }).count()).toBe(0);
    await visitor.context.close();
  });
});
