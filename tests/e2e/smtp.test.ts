import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtpServer } from '../support/smtp.ts';

let server: TestServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([
    startTestServer({ configure: async () => ({ smtpUrl: smtp.url }) }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

describe('registration with a real SMTP server', () => {
  it('sends the verification e-mail over SMTP; its link verifies the account, which then signs in', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register', exact: true }).click();
    await page.getByLabel('First name').fill('Theo');
    await page.getByLabel('Last name').fill('Martin');
    await page.getByLabel('Email').fill('theo@example.test');
    await page.getByLabel('Password').fill('opera-cake-5');
    await page.getByLabel('I am 18 or older.').check();
    await page.getByLabel(/I agree to the Terms of Service/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(/Check your e-mail! We sent a message to theo@example.test/).waitFor();
    expect(await page.getByText('Demo Mode:').count()).toBe(0);

    await expect.poll(() => smtp.messages.length).toBe(1);
    const mail = smtp.messages[0]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('theo@example.test');
    const link = mail.text?.match(/https?:\/\/\S+verify-email\S+/)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await page.getByText('Your e-mail is confirmed. You can sign in now.').waitFor();
    await page.getByLabel('Email').fill('theo@example.test');
    await page.getByLabel('Password').fill('opera-cake-5');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/customer-dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Theo' }).waitFor();
    await context.close();
  });
});
