/**
 * The pages a visitor opens first, the home page, Browse Vendors and a vendor's page, at a phone's
 * width and a laptop's: no axe violations (the rules Lighthouse's accessibility score is made of,
 * colour contrast and heading order among them), and the vendor page does not move under the reader
 * while it loads (cumulative layout shift within Lighthouse's budget of 0.05).
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPortfolioItem } from '../../src/server/modules/vendors/portfolio-service.ts';
import { createOrder, createReview, createUser, createVendor } from '../support/factories.ts';
import { launchBrowser, newPage, recordLayoutShifts, settledLayoutShift } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
let vendorId = '';

const VENDOR = 'Juniper Lane Cakes';
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 900 },
];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const { db, storage } = server.services;
  // Static pictures of the built app serve as cover photos; portfolio photos go through storage.
  const vendor = await createVendor(db, {
    businessName: VENDOR,
    description: 'Wedding tiers with pressed flowers, and birthday cakes with a story.',
    specialties: ['wedding', 'birthday'],
    dietaryOptions: ['vegan', 'gluten-free'],
    offersDelivery: true,
    priceTier: 3,
    rating: 4.9,
    reviewCount: 1,
    totalOrders: 40,
    responseTimeMinutes: 90,
    website: 'https://juniper.example.test',
    instagram: '@juniperlanecakes',
    imageUrl: '/demo/vendors/vendor-sugar-bloom.webp',
  });
  vendorId = vendor.id;
  const photos = ['cake-wedding-classic', 'cake-lemon-floral', 'cake-birthday-rainbow', 'cake-holiday'];
  for (const [i, photo] of photos.entries()) {
    await addPortfolioItem({
      db,
      store: storage,
      vendor,
      input: { title: `Cake ${i + 1}`, category: 'Wedding', priceMin: 200, priceMax: 450 },
      bytes: readFileSync(`public/demo/designs/${photo}.webp`),
    });
  }
  const customer = await createUser(db, { firstName: 'Maya', password: null });
  const order = await createOrder(db, { customerId: customer.id, vendorId });
  await createReview(db, {
    rating: 5,
    orderId: order.id,
    customerId: customer.id,
    vendorId,
    comment: 'The flowers looked real.',
  });
  for (const [name, cover] of [
    ['Harbour Crumb Bakery', 'vendor-golden-crumb'],
    ['Cedar & Sugar', 'vendor-maple-whisk'],
  ]) {
    await createVendor(db, { businessName: name, rating: 4.6, imageUrl: `/demo/vendors/${cover}.webp` });
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Each page with what shows it has finished loading its data. */
const PAGES = [
  {
    name: '/',
    path: () => '/',
    loaded: (page: Page) =>
      page
        .getByRole('region', { name: 'Loved by BC celebrations' })
        .getByRole('heading', { name: VENDOR })
        .waitFor(),
  },
  {
    name: '/browse-vendors',
    path: () => '/browse-vendors',
    loaded: (page: Page) =>
      page.getByRole('list', { name: 'Vendors' }).getByRole('heading', { name: VENDOR }).waitFor(),
  },
  {
    name: '/vendor/{id}',
    path: () => `/vendor/${vendorId}`,
    loaded: async (page: Page) => {
      await page.getByRole('heading', { level: 1, name: VENDOR }).waitFor();
      await page.getByText('The flowers looked real.').waitFor();
    },
  },
];

describe('accessibility (axe)', () => {
  for (const viewport of VIEWPORTS) {
    for (const target of PAGES) {
      it(`${target.name} at ${viewport.width} px has no violations`, async () => {
        const { context, page } = await newPage(browser, server.url, viewport);
        try {
          await page.goto(target.path());
          await target.loaded(page);
          const { violations } = await new AxeBuilder({ page }).analyze();
          const found = violations.flatMap((v) =>
            v.nodes.map(
              (n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim()})`,
            ),
          );
          expect(found).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe('layout stability', () => {
  for (const viewport of VIEWPORTS) {
    it(`the vendor page at ${viewport.width} px shifts by at most 0.05 while it loads`, async () => {
      const { context, page } = await newPage(browser, server.url, viewport);
      try {
        await recordLayoutShifts(page);
        await page.goto(`/vendor/${vendorId}`);
        await page.getByRole('heading', { level: 1, name: VENDOR }).waitFor();
        await page.getByText('The flowers looked real.').waitFor();
        // Everything that could still move the page has arrived: the pictures on screen and the fonts.
        const { total, shifts } = await settledLayoutShift(page);
        expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.05);
      } finally {
        await context.close();
      }
    });
  }
});
