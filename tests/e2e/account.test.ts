import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { TEST_PASSWORD, createUser } from '../support/factories.ts';
import { launchBrowser, newPage, signInAs } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ seed: false }), launchBrowser()]);
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
      await page.waitForURL('**/customer-dashboard');
    }

    const { page } = laptop;
    await page.getByRole('link', { name: 'Account settings' }).click();
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    await page.getByText('this device').waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor();

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('fresh-password-1');
    await page.getByLabel('Confirm new password').fill('fresh-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not correct.').waitFor();

    await page.getByLabel('Current password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor({ state: 'detached' });

    await phone.page.reload();
    await phone.page.waitForURL(/\/auth\?next=/);
    await signInAs(phone.page, user.email, 'fresh-password-1');
    await phone.page.waitForURL('**/customer-dashboard');
    await laptop.context.close();
    await phone.context.close();
  });
});
