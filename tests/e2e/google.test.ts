import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema/index.ts';
import { createUser } from '../support/factories.ts';
import { launchBrowser, newPage, shownNames, shownText } from '../support/browser.ts';
import { startOidcProvider } from '../support/oidc.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let plain: TestServer;
let browser: Browser;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startTestServer({
    configure: async (url) => {
      oidc = await startOidcProvider({ redirectUri: `${url}/api/auth/callback/google` });
      return {
        google: { clientId: oidc.clientId, clientSecret: oidc.clientSecret, discoveryUrl: oidc.discoveryUrl },
      };
    },
  });
  plain = await startTestServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await plain?.close();
  await oidc?.close();
});

/**
 * Signs in on the provider's own pages, as the person would. Returns when (performance.now()) the
 * consent was given: before anything the app does on the way back.
 */
async function loginAtProvider(page: Page, email: string) {
  await page.waitForURL(`${oidc.issuer}/**`);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: /sign-in|sign in/i }).click();
  const consent = page.getByRole('button', { name: /continue/i });
  await consent.waitFor();
  const consented = performance.now();
  await consent.click();
  return consented;
}

describe('Google sign-in (against a loopback OpenID provider)', () => {
  it('a new Google user becomes a customer and lands on the customer dashboard about 2 s after the callback', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const consented = await loginAtProvider(page, 'gabi@example.test');
    await page.waitForURL('**/auth/callback**');
    await page.getByRole('heading', { name: 'You are signed in' }).waitFor();
    await page.waitForURL('**/customer-dashboard');
    // The 2 s pause starts after the consent, so a busy machine can only lengthen what is measured.
    expect(performance.now() - consented).toBeGreaterThanOrEqual(2000);
    // Google says nothing of age: the person confirms it once before using the app (decision 028).
    await page.getByRole('heading', { name: 'One more step' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please confirm you are 18 or older.').waitFor();
    await page.getByLabel('I am 18 or older.').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Gabi' }).waitFor();
    const [user] = await server.services.db.select().from(users).where(eq(users.email, 'gabi@example.test'));
    expect(user).toMatchObject({
      userType: 'customer',
      role: 'user',
      emailVerified: true,
      firstName: 'Gabi',
      ageConfirmedAt: expect.any(Date),
    });
    await context.close();
  });

  it('never takes over an existing e-mail account', async () => {
    const existing = await createUser(server.services.db, { email: 'taken@example.test' });
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await loginAtProvider(page, existing.email);
    await expect.poll(() => shownNames(page, 'heading')).toContain('Sign in failed');
    await expect
      .poll(() => shownText(page))
      .toContain(
        'An account with this e-mail already exists. Sign in with your e-mail and password instead.',
      );
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/auth`);
    await context.close();
  });

  it('shows the setup checklist with the spec message when Google is not configured', async () => {
    const { context, page } = await newPage(browser, plain.url);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect
      .poll(() => shownText(page))
      .toContain(
        'Google OAuth is not configured in the backend project. Please enable the Google provider under Authentication > Providers.',
      );
    await expect.poll(() => shownText(page)).toContain(`${plain.url}/api/auth/callback/google`);
    await context.close();
  });
});
