import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, signInAs } from '../support/browser.ts';
import { TEST_PASSWORD, createUser } from '../support/factories.ts';
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

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').first().fill(email);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('where sign-in leads (finding 14)', () => {
  it('goes to the dashboard when next points off the site, and follows a path of the site', async () => {
    const user = await createUser(server.services.db);
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth?next=/%5Cevil.example/x');
    await fillSignIn(page, user.email, TEST_PASSWORD);
    await page.waitForURL('**/customer-dashboard');
    expect(new URL(page.url()).host).toBe(new URL(server.url).host);

    await context.clearCookies();
    await page.goto('/auth?next=%2Faccount');
    await fillSignIn(page, user.email, TEST_PASSWORD);
    await page.waitForURL('**/account');
    await context.close();
  });
});

describe('a signed-in person while the session read is refused (finding 11)', () => {
  it('keeps them signed in and on their page until the session is read', async () => {
    const user = await createUser(server.services.db);
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, user.email, TEST_PASSWORD);
    await page.waitForURL('**/customer-dashboard');

    let refused = 0;
    await page.route('**/api/auth/get-session**', async (route) => {
      if (refused >= 3) return route.continue();
      refused++;
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'X-Retry-After': '1' },
        body: JSON.stringify({ message: 'Too many requests. Please try again later.' }),
      });
    });
    // A page that reads the session itself (the dashboards come with it: decision 025).
    await page.goto('/quotes');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(refused).toBe(3);
    expect(new URL(page.url()).pathname).toBe('/quotes');
    await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await context.close();
  });
});

describe('a locked account on the sign-in form (finding 5)', () => {
  it('says why the right password is refused, and when to try again', async () => {
    const user = await createUser(server.services.db);
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({ email: user.email, password: 'wrong-password' }),
      });
      expect(res.status).toBe(401);
    }
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth');
    await fillSignIn(page, user.email, TEST_PASSWORD);
    await page
      .getByText(
        'Too many failed sign-in attempts for this account. Please try again in 1 minute, or reset your password.',
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });
});
