import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createOrder, createUser, createVendor } from '../support/factories.ts';
import { launchBrowser, newPage, shownNames, shownText, signInAs } from '../support/browser.ts';
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

describe('account settings', () => {
  it('lists sessions, refuses a wrong current password, and a password change signs out the other device', async () => {
    const user = await createUser(server.services.db, { firstName: 'Iris' });
    const laptop = await newPage(browser, server.url);
    const phone = await newPage(browser, server.url, { width: 390, height: 844 });
    for (const { page } of [laptop, phone]) {
      await signInAs(page, user.email, TEST_PASSWORD);
      await expect.poll(() => page.url()).toBe(`${server.url}/customer-dashboard`);
    }

    const { page } = laptop;
    await page.getByRole('link', { name: 'Account settings' }).click();
    await expect.poll(() => shownNames(page, 'heading')).toContain('Account settings');
    await expect.poll(() => shownText(page)).toContain('this device');
    await expect.poll(() => shownNames(page, 'button')).toContain('Sign out');

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('fresh-password-1');
    await page.getByLabel('Confirm new password').fill('fresh-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => shownText(page)).toContain('Your current password is not correct.');

    await page.getByLabel('Current password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => shownText(page)).toContain('Your password has been changed.');
    await expect.poll(() => shownNames(page, 'button')).not.toContain('Sign out');

    await phone.page.reload();
    await expect.poll(() => phone.page.url()).toMatch(/\/auth\?next=/);
    await signInAs(phone.page, user.email, 'fresh-password-1');
    await expect.poll(() => phone.page.url()).toBe(`${server.url}/customer-dashboard`);
    await laptop.context.close();
    await phone.context.close();
  });
});

describe('orders on the full dashboard', () => {
  it('tracks an order and leaves a review on a completed one, which then appears on the Reviews page', async () => {
    const db = server.services.db;
    const user = await createUser(db, { firstName: 'Noor', lastName: 'Haddad' });
    const vendor = await createVendor(db, { businessName: 'Cardamom & Co' });
    await createOrder(db, {
      customerId: user.id,
      vendorId: vendor.id,
      status: 'completed',
      orderNumber: 'FR-T-1',
    });
    await createOrder(db, {
      customerId: user.id,
      vendorId: vendor.id,
      status: 'in_progress',
      orderNumber: 'FR-T-2',
    });
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, user.email, TEST_PASSWORD);
    await page.waitForURL('**/customer-dashboard');
    await page.goto('/customer-dashboard-original');
    await page.getByText('FR-T-2').waitFor();
    expect(await page.getByRole('button', { name: 'Leave Review' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Track Order' }).first().click();
    await page.getByRole('list', { name: 'Order progress' }).waitFor();

    await page.getByRole('button', { name: 'Leave Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave a review' });
    await dialog.getByLabel('Your review').fill('Too short');
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await dialog.getByText('Please choose a rating from 1 to 5 stars.').waitFor();
    await dialog.getByText('Please write at least 10 characters.').waitFor();
    await dialog.getByLabel('4 stars').check({ force: true });
    await dialog.getByLabel('Title (optional)').fill('Cardamom heaven');
    await dialog.getByLabel('Your review').fill('Fragrant, light and exactly like our design.');
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await page.getByText('Thank you for your review!').waitFor();
    await page.getByText('Reviewed', { exact: true }).waitFor();

    await page.goto('/reviews');
    await page.getByRole('heading', { name: 'Cardamom heaven' }).waitFor();
    await page.getByText('Noor H.').waitFor();
    await context.close();
  });
});
