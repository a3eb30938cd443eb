import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shownNames, signInAs } from '../support/browser.ts';
import { TEST_PASSWORD, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
type Row<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;
let customer: Row<typeof createUser>;
let admin: Row<typeof createUser>;
let vendorOwner: Row<typeof createUser>;
let sweetDreams: Row<typeof createVendor>;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const db = server.services.db;
  customer = await createUser(db, { firstName: 'Emma' });
  admin = await createUser(db, { firstName: 'Alex', role: 'admin' });
  vendorOwner = await createUser(db, { firstName: 'Sofia', userType: 'vendor' });
  // The home page features the three top-rated verified vendors; Browse lists every approved one.
  sweetDreams = await createVendor(db, {
    userId: vendorOwner.id,
    businessName: 'Sweet Dreams Bakery',
    rating: 4.9,
    reviewCount: 12,
  });
  await createVendor(db, { businessName: 'Golden Crumb Bakery', rating: 4.7, reviewCount: 8 });
  await createVendor(db, { businessName: 'Sugar Bloom Patisserie', rating: 4.5, reviewCount: 5 });
  await createVendor(db, { businessName: 'Brand New Bakes', rating: 5, reviewCount: 1, verified: false });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PUBLIC_ROUTES: [string, string | RegExp][] = [
  ['/', /Design the cake/],
  ['/auth', 'Welcome to Frosted'],
  ['/auth?type=vendor', 'Sell on Frosted'],
  ['/forgot-password', 'Forgot your password?'],
  ['/reset-password', 'Choose a new password'],
  ['/unsubscribe', 'E-mail settings'],
  ['/auth/callback', 'Sign in failed'],
  ['/browse-vendors', 'Browse Vendors'],
  ['/how-it-works', 'How It Works'],
  ['/about', 'About Frosted'],
  ['/support', 'How can we help?'],
  ['/reviews', 'Customer Reviews'],
  ['/success-stories', 'Success Stories'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/careers', 'Careers at Frosted'],
  ['/press', 'Press'],
  ['/cookies', 'Cookie Policy'],
];

const ADMIN_ROUTES: [string, string | RegExp][] = [
  ['/admin', 'Admin'],
  ['/account', 'Account settings'],
  ['/admin-seeder', 'Demo Data Seeder'],
  ['/admin/mailbox', 'Mailbox'],
  ['/dashboard-debug', 'Dashboard Debug'],
  ['/customer-dashboard-test', 'Customer Dashboard Test'],
  ['/customer-dashboard-simple', /Welcome back/],
  ['/oauth-test', 'Sign-in Test'],
  ['/customer-dashboard', /Welcome back/],
  ['/customer-dashboard-original', 'My Dashboard'],
];

describe('every route', () => {
  it('shows each public page with its heading', async () => {
    const { context, page } = await newPage(browser, server.url);
    const vendorPage: [string, string] = [`/vendor/${sweetDreams.id}`, 'Sweet Dreams Bakery'];
    for (const [path, heading] of [...PUBLIC_ROUTES, vendorPage]) {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { message: path })
        .toMatch(heading);
    }
    await context.close();
  });

  it('sends visitors from private pages to /auth and back after sign-in', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/customer-dashboard-original');
    await expect.poll(() => page.url()).toMatch(/\/auth\?next=/);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/customer-dashboard-original`);
    await expect.poll(() => shownNames(page, 'heading')).toContain('My Dashboard');
    await context.close();
  });

  it('opens the admin, debug and dashboard pages for an admin, and the vendor dashboard for a vendor', async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInAs(page, admin.email, TEST_PASSWORD);
    await page.waitForURL('**/admin');
    for (const [path, heading] of ADMIN_ROUTES) {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { message: path })
        .toMatch(heading);
    }
    await page.goto('/vendor-dashboard');
    await page.getByRole('heading', { name: 'This page is not for your account type' }).waitFor();
    await context.close();

    const vendor = await newPage(browser, server.url);
    await signInAs(vendor.page, vendorOwner.email, TEST_PASSWORD);
    await vendor.page.waitForURL('**/vendor-dashboard');
    await vendor.page.getByRole('heading', { name: 'Vendor Dashboard' }).waitFor();
    await vendor.page.getByText('Verified Vendor').waitFor();
    await vendor.context.close();
  });

  it('shows the 404 page for unknown paths, with a way home', async () => {
    const { context, page } = await newPage(browser, server.url);
    const res = await page.goto('/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(server.url + '/');
    await context.close();
  });
});

describe('error boundary', () => {
  it('shows Something went wrong with Reload Page when a page fails to load, and reload recovers', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toMatch(/Design the cake/);
    // The About page's code chunk cannot be fetched, as after a deploy that removed old chunks.
    await page.route(/\/assets\/about-[^/]+\.js$/, (route) => route.abort());
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About', exact: true })
      .click();
    await expect.poll(() => shownNames(page, 'heading')).toContain('Something went wrong');
    expect(await shownNames(page, 'button')).toContain('Reload Page');
    await page.unroute(/\/assets\/about-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await expect.poll(() => shownNames(page, 'heading')).toContain('About Frosted');
    await context.close();
  });
});

describe('navigation', () => {
  it('navbar links lead where the spec says, and Sign In / Get Started go to /auth', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path] of [
      ['Browse Vendors', '/browse-vendors'],
      ['How It Works', '/how-it-works'],
      ['Reviews', '/reviews'],
      ['About', '/about'],
    ]) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect.poll(() => page.url()).toBe(server.url + path);
    }
    await nav.getByRole('link', { name: 'Sign In' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/auth`);
    await nav.getByRole('link', { name: 'Get Started' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/auth`);
    await nav.getByRole('link', { name: 'Frosted home' }).click();
    await expect.poll(() => page.url()).toBe(server.url + '/');
    await context.close();
  });

  it('the mobile menu adds Support; signed in it shows Dashboard and Sign Out, which returns home', async () => {
    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'Support' }).click();
    await expect.poll(() => page.url()).toBe(`${server.url}/support`);

    await signInAs(page, customer.email, TEST_PASSWORD);
    await expect.poll(() => page.url()).toBe(`${server.url}/customer-dashboard`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => shownNames(menu, 'link')).toContain('Dashboard');
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => page.url()).toBe(server.url + '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => shownNames(menu, 'link')).toContain('Sign In');
    await context.close();
  });

  it('footer has every link of the spec', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Cookie Policy' }).waitFor();
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const path of [
      '/browse-vendors',
      '/how-it-works',
      '/reviews',
      '/support',
      '/success-stories',
      '/about',
      '/careers',
      '/press',
      '/privacy',
      '/terms',
      '/cookies',
      '/auth?type=vendor',
    ]) {
      expect(hrefs, path).toContain(path);
    }
    await footer.getByRole('link', { name: 'Join as Vendor' }).click();
    await page.getByRole('heading', { name: 'Sell on Frosted' }).waitFor();
    await context.close();
  });
});

describe('home', () => {
  it('has the hero buttons, the designer anchor, features, stats, testimonials and the top verified vendors from the database', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('link', { name: 'Join as Vendor' }).first().getAttribute('href'))
      .toBe('/auth');
    for (const stat of ['500+', '10K+', '4.9/5'])
      await page.getByText(stat, { exact: true }).first().waitFor();
    for (const f of [
      'AI-Powered Design',
      'Vetted Vendors',
      'Secure Payments',
      'On-Time Delivery',
      'Full Customization',
      'Design Flexibility',
    ]) {
      await page.getByRole('heading', { name: f }).waitFor();
    }
    expect(await page.locator('figure blockquote').count()).toBe(3);

    await page.getByRole('link', { name: 'Design My Cake' }).click();
    await page.waitForURL('**/#ai-designer');
    await expect
      .poll(() => page.evaluate(() => document.getElementById('ai-designer')!.getBoundingClientRect().top))
      .toBeLessThan(200);

    const featured = page.getByRole('region', { name: 'Loved by BC celebrations' });
    await featured.getByRole('heading', { name: 'Sweet Dreams Bakery' }).waitFor();
    expect(await featured.getByText('Verified').count()).toBe(3);
    expect(await featured.getByRole('heading', { name: 'Brand New Bakes' }).count()).toBe(0);
    await featured.getByRole('button', { name: 'View Portfolio' }).first().click();
    await page.getByText("Viewing Sweet Dreams Bakery's portfolio...").waitFor();
    await page.waitForURL(`**/vendor/${sweetDreams.id}`);
    await page.goto('/');
    await page.getByRole('link', { name: 'Browse All Vendors' }).click();
    await page.waitForURL('**/browse-vendors');
    await page.getByText('4 vendors found').waitFor();
    await context.close();
  });
});
