import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../src/server/db/schema/index.ts';
import { launchBrowser, newPage, shownNames, shownText, signedIn } from '../support/browser.ts';
import { createDesign, createOrder, createUser, createVendor, TEST_PASSWORD } from '../support/factories.ts';
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

async function verifyLink(to: string) {
  const [mail] = await server.services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, 'verify-email')))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!mail?.link) throw new Error(`no verification e-mail to ${to}`);
  return mail.link;
}

describe('privacy rights', () => {
  it('sign-up asks for the age; the account page downloads my data and closes the account', async () => {
    const email = `priya-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register', exact: true }).click();
    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill('Shah');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('rose-petal-8');
    await page.getByLabel(/I agree to the Terms of Service/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please confirm you are 18 or older.').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Priya');
    await page.getByLabel('I am 18 or older.').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(/Check your e-mail!/).waitFor();
    const [stored] = await server.services.db.select().from(users).where(eq(users.email, email));
    expect(stored?.ageConfirmedAt).toBeInstanceOf(Date);
    await page.goto(await verifyLink(email));
    await page.waitForURL(/\/auth\?verified=1/);
    await createDesign(server.services.db, stored!.id, { description: 'Priya rose-gold tiers' });

    await signedIn(page, email, 'rose-petal-8', '/account');
    await expect.poll(() => shownNames(page, 'heading')).toContain('Your data');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^frosted-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = join(tmpdir(), `privacy-${crypto.randomUUID()}.json`);
    await download.saveAs(file);
    const saved = JSON.parse(await readFile(file, 'utf8')) as {
      profile: { email: string };
      designs: { description: string }[];
    };
    expect(saved.profile.email).toBe(email);
    expect(saved.designs.map((d) => d.description)).toEqual(['Priya rose-gold tiers']);

    await page.getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await expect.poll(() => shownText(page)).toContain('You are signed out everywhere');
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Close my account permanently' }).click();
    await dialog.getByText('That password is not right.').waitFor();
    await dialog.getByLabel('Your password').fill('rose-petal-8');
    await dialog.getByRole('button', { name: 'Close my account permanently' }).click();
    await page.getByText('Your account is closed. Thank you for using Frosted.').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const [closed] = await server.services.db.select().from(users).where(eq(users.id, stored!.id));
    expect(closed).toMatchObject({ name: 'Closed account', email: `closed-${stored!.id}@closed.invalid` });
    await page.goto('/account');
    await expect.poll(() => page.url()).toMatch(/\/auth\?next=/);
    await context.close();
  });

  it('a vendor with an order in progress is told why the account cannot close', async () => {
    const owner = await createUser(server.services.db, { userType: 'vendor' });
    const vendor = await createVendor(server.services.db, { userId: owner.id });
    const customer = await createUser(server.services.db);
    await createOrder(server.services.db, {
      customerId: customer.id,
      vendorId: vendor.id,
      status: 'in_progress',
    });
    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, owner.email, TEST_PASSWORD, '/account');
    await page.getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await dialog.getByLabel('Your password').fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Close my account permanently' }).click();
    await dialog
      .getByText(/Your account cannot be closed yet: you have 1 order from customers that is not completed/)
      .waitFor();
    await context.close();
  });
});
