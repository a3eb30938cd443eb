/**
 * Event plans in the browser (issue 25): a customer plans a wedding, books a cake maker, a florist and
 * a photographer from it, pays two in one checkout (the event's transfer group) and the third later;
 * the plan shows the budget and the day; the florist sees the day's schedule; cancelling the florist
 * more than 48 hours ahead refunds that order alone. The API side is tests/integration/event-plans.test.ts.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutGroups, quoteRequests, quotes, refunds } from '../../src/server/db/schema/index.ts';
import { heldForOrder, paidCentsByOrder } from '../../src/server/modules/ledger/index.ts';
import { launchBrowser, newPage, shownText, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import { TEST_PASSWORD, createDesign, createUser, createVendor, signIn } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const clock = manualClock('2026-12-01T17:00:00Z');
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** The API as a signed-in user calls it (the parts of the journey the browser test does not walk). */
async function apiAs(email: string) {
  const http = { request: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) };
  const cookie = await signIn(http, email, TEST_PASSWORD, server.url);
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie,
        origin: server.url,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

const VENUE = 'Hycroft, 1489 McRae Ave, Vancouver, BC V6H 1V1';

describe('an event plan', () => {
  it('books three vendors for one wedding, pays two together and one later, and shows the day', async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Emma', lastName: 'Stone' });
    const design = await createDesign(db, customer.id, { occasion: 'Wedding', flavor: 'Lemon' });
    const vendors = {
      cake: { name: 'Spruce Sweets', extra: {} },
      florist: {
        name: 'Bloom & Co',
        extra: { category: 'flowers', categories: ['flowers'], specialty: 'flowers', specialties: [] },
      },
      photographer: {
        name: 'Northlight Studio',
        extra: {
          category: 'photography',
          categories: ['photography'],
          specialty: 'photography',
          specialties: [],
        },
      },
    } as const;
    const owners = {} as Record<keyof typeof vendors, { id: string; email: string; vendorId: string }>;
    for (const [key, v] of Object.entries(vendors) as [
      keyof typeof vendors,
      (typeof vendors)[keyof typeof vendors],
    ][]) {
      const owner = await createUser(db, { userType: 'vendor' });
      const extra = v.extra as Partial<Parameters<typeof createVendor>[1]>;
      const vendor = await createVendor(db, { userId: owner.id, businessName: v.name, ...extra });
      owners[key] = { ...owner, vendorId: vendor.id };
    }

    // The customer plans the wedding; a missing venue is said at its field, with the focus on it.
    const { context, page } = await newPage(browser, server.url, { width: 1280, height: 900 });
    await signedIn(page, customer.email, TEST_PASSWORD, '/plans');
    await page.getByRole('heading', { name: 'Plan an event' }).waitFor();
    await page.getByLabel('Kind of event').selectOption({ label: 'Wedding' });
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Music & Entertainment' }).isChecked())
      .toBe(true);
    await page.getByRole('checkbox', { name: 'Music & Entertainment' }).uncheck();
    await page.getByRole('checkbox', { name: 'Decor & Balloons' }).uncheck();
    await page.getByLabel('Name').fill('Emma & Liam’s wedding');
    await page.getByLabel('Date').fill('2027-06-12');
    await page.getByLabel('Start time').fill('16:00');
    await page.getByLabel('Guests').fill('120');
    await page.getByLabel('Budget (CAD)').fill('2500');
    await page.getByRole('button', { name: 'Create Plan' }).click();
    const venue = page.getByLabel('Venue address');
    await expect.poll(() => shownText(page)).toContain('Please enter the venue address in British Columbia.');
    await expect.poll(() => venue.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Name').inputValue()).toBe('Emma & Liam’s wedding');
    await venue.fill(VENUE);
    await page.getByRole('button', { name: 'Create Plan' }).click();
    await page.getByRole('heading', { name: 'Emma & Liam’s wedding', level: 1 }).waitFor();
    const planId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await shownText(page)).toContain('(0 of 3 booked)');
    for (const label of ['Cakes & Desserts', 'Flowers', 'Photography & Video'])
      await page.getByRole('link', { name: `Request quotes for ${label}` }).waitFor();
    // The saved design goes with the plan's cake.
    await page.getByLabel('Cake design').selectOption(design.id);
    await expect.poll(() => shownText(page)).toContain('The plan’s cake design is saved.');

    // Each vendor is asked from the plan's page: the form comes filled with the plan's day, venue and
    // guests (the cake's with the plan's design), then answers in their inbox, and is accepted.
    const ask = async (label: string, shop: string, time: [string, string]) => {
      await page.goto(`/plans/${planId}`);
      await page.getByRole('link', { name: `Request quotes for ${label}` }).click();
      await page.getByText('For your plan “Emma & Liam’s wedding”.').waitFor();
      await page.getByLabel('Find a vendor').fill(shop.split(' ')[0]!);
      await page
        .getByRole('list', { name: 'Vendors found' })
        .getByRole('button', { name: `Add ${shop}` })
        .click();
      await page.getByLabel(time[0]).fill(time[1]);
      await page.getByRole('button', { name: 'Send Request' }).click();
      await page.getByText('Your request is on its way.').waitFor();
      await page.waitForURL(`**/plans/${planId}`);
    };
    await ask('Flowers', 'Bloom & Co', ['Set-up time', '13:00']);
    expect(await db.select().from(quotes).where(eq(quotes.vendorId, owners.florist.vendorId))).toHaveLength(
      1,
    );
    await ask('Photography & Video', 'Northlight Studio', ['Start time', '15:00']);
    await page.goto(`/plans/${planId}`);
    await page.getByRole('link', { name: 'Request quotes for Cakes & Desserts' }).click();
    await page.getByRole('heading', { name: 'Your cake' }).waitFor();
    await expect.poll(() => page.getByLabel('Design (optional)').inputValue()).toBe(design.id);
    expect(await page.getByLabel('Delivery address (BC)').inputValue()).toBe(VENUE);
    await page.getByLabel('Find a vendor').fill('Spruce');
    await page
      .getByRole('list', { name: 'Vendors found' })
      .getByRole('button', { name: 'Add Spruce Sweets' })
      .click();
    await page.getByLabel('Needed by').fill('14:30');
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Your request is on its way.').waitFor();
    await page.waitForURL(`**/plans/${planId}`);

    const prices = { florist: '650', photographer: '1200', cake: '900' };
    const answer = async (key: keyof typeof vendors, booking: string) => {
      const shop = await newPage(browser, server.url, { width: 1280, height: 900 });
      await signedIn(shop.page, owners[key].email, TEST_PASSWORD, '/vendor-dashboard?tab=quotes');
      const request = shop.page.getByRole('listitem').filter({ hasText: 'Wedding · Emma S.' });
      await expect.poll(() => shownText(request)).toContain(booking);
      const sendQuote = request.getByRole('button', {
        name: 'Send Quote for Emma S. (Wedding, June 12, 2027)',
      });
      await sendQuote.click();
      await request.getByLabel('Price ($)').fill(prices[key]);
      await request.getByLabel('Valid until').fill('2026-12-20');
      await sendQuote.click();
      await shop.page.getByText('Quote sent to the customer.').waitFor();
      await shop.context.close();
    };
    await answer('florist', 'Booking: Flowers for a wedding, 120 guests');
    await answer('photographer', 'Booking: Photography & Video for a wedding, 120 guests');
    await answer('cake', 'Cake:');

    const orderIds = {} as Record<keyof typeof vendors, string>;
    for (const [key, label] of [
      ['florist', 'Flowers'],
      ['photographer', 'Photography & Video'],
      ['cake', 'Cakes & Desserts'],
    ] as const) {
      const shop = vendors[key].name;
      await page.goto(`/plans/${planId}`);
      await page.getByRole('link', { name: `Compare quotes for ${label}` }).click();
      await page.getByRole('button', { name: `Accept Quote from ${shop}` }).click();
      await page
        .getByRole('dialog', { name: `Accept ${shop}’s quote?` })
        .getByRole('button', { name: 'Accept Quote' })
        .click();
      await page.getByText(/Quote accepted\. Your order FR-\d+ is waiting for payment\./).waitFor();
      const [quote] = await db.select().from(quotes).where(eq(quotes.vendorId, owners[key].vendorId));
      orderIds[key] = quote!.orderId!;
    }
    const [cakeRequest] = await db
      .select({ designId: quoteRequests.cakeDesignId })
      .from(quoteRequests)
      .innerJoin(quotes, eq(quotes.requestId, quoteRequests.id))
      .where(eq(quotes.orderId, orderIds.cake));
    expect(cakeRequest?.designId).toBe(design.id);
    const asCustomer = await apiAs(customer.email);

    // The plan: everyone booked, the budget passed, the day in order.
    await page.goto(`/plans/${planId}`);
    await page.getByRole('heading', { name: 'Emma & Liam’s wedding', level: 1 }).waitFor();
    const text = (await shownText(page)).replace(/\s+/g, ' ');
    expect(text).toContain('(3 of 3 booked)');
    expect(text.toLowerCase()).toContain('booked $2,750.00 paid $0.00');
    expect(text).toContain('$250.00 over budget');
    const day = (await shownText(page.getByRole('list').filter({ hasText: 'The event starts' }))).replace(
      /\s+/g,
      ' ',
    );
    expect(day).toBe(
      '1:00 p.m. Bloom & Co sets up (Flowers) 2:30 p.m. Spruce Sweets delivers (Cakes & Desserts) 3:00 p.m. Northlight Studio covers (Photography & Video) 4:00 p.m. The event starts',
    );
    await screenshot(page, 'event-plan-1280');

    // Two paid together: one payment, the event's transfer group, each order's own amount held.
    await page.getByRole('checkbox', { name: /Northlight Studio/ }).uncheck();
    await page.getByRole('link', { name: 'Pay $1,550.00' }).click();
    await page.getByRole('heading', { name: 'Pay for your orders' }).waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $1,550.00' }).click();
    await page.getByRole('heading', { name: 'Payment protected' }).waitFor();
    expect(await heldForOrder(db, orderIds.florist)).toBe(65_000);
    expect(await heldForOrder(db, orderIds.cake)).toBe(90_000);
    expect(await heldForOrder(db, orderIds.photographer)).toBe(0);
    const groups = await db
      .select()
      .from(checkoutGroups)
      .where(eq(checkoutGroups.transferGroup, `event:${planId}`));
    expect(groups.map((g) => [g.status, g.amount])).toEqual([['succeeded', 155_000]]);

    // The third later, from the plan.
    await page.goto(`/plans/${planId}`);
    await page.getByRole('link', { name: 'Pay $1,200.00' }).click();
    await page.getByRole('heading', { name: 'Pay for your photography & video' }).waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $1,200.00' }).click();
    await page.getByRole('heading', { name: 'Payment protected' }).waitFor();
    expect(await heldForOrder(db, orderIds.photographer)).toBe(120_000);

    // On a phone the plan fits the screen.
    const phone = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(phone.page, customer.email, TEST_PASSWORD, `/plans/${planId}`);
    await phone.page.getByRole('heading', { name: 'Emma & Liam’s wedding', level: 1 }).waitFor();
    expect(
      await phone.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'event-plan-390');
    await phone.context.close();

    // The florist's order shows the day: every vendor's time, and their names now all are paid.
    const florist = await newPage(browser, server.url, { width: 1280, height: 900 });
    await signedIn(florist.page, owners.florist.email, TEST_PASSWORD, `/orders/${orderIds.florist}`);
    const schedule = florist.page.getByRole('heading', { name: 'The day’s schedule' });
    await schedule.waitFor();
    const floristView = (await shownText(florist.page)).replace(/\s+/g, ' ');
    expect(floristView).toContain('Wedding · June 12, 2027, starting at 4:00 p.m.');
    expect(floristView).toContain('1:00 p.m. Bloom & Co sets up (Flowers) · this order');
    expect(floristView).toContain('3:00 p.m. Northlight Studio covers (Photography & Video)');
    expect(floristView).not.toContain('Emma & Liam');
    await florist.context.close();
    // And on each vendor's dashboard, with the order's status steps.
    for (const [key, title] of [
      ['florist', 'Flowers · Wedding'],
      ['photographer', 'Photography & Video · Wedding'],
      ['cake', 'Wedding Cake'],
    ] as const) {
      const shop = await newPage(browser, server.url, { width: 1280, height: 900 });
      await signedIn(shop.page, owners[key].email, TEST_PASSWORD, '/vendor-dashboard?tab=orders');
      await shop.page.getByRole('button', { name: /^Update Status/ }).click();
      await shop.page.getByRole('heading', { name: 'The day’s schedule' }).waitFor();
      const seen = (await shownText(shop.page)).replace(/\s+/g, ' ');
      expect(seen).toContain(title);
      expect(seen).toContain('1:00 p.m. Bloom & Co sets up (Flowers)');
      await shop.context.close();
    }

    // Cancelled more than 48 hours ahead: the florist's order alone comes back in full.
    await asCustomer('POST', `/api/orders/${orderIds.florist}/transitions`, {
      action: 'cancel',
      note: 'Plans changed',
    });
    await expect.poll(() => heldForOrder(db, orderIds.florist)).toBe(0);
    // All of it back to the customer (nothing kept for the florist): what the order paid is now nothing.
    expect((await paidCentsByOrder(db, [orderIds.florist])).get(orderIds.florist)).toBe(0);
    const back = await db.select().from(refunds).where(eq(refunds.orderId, orderIds.florist));
    expect(back.reduce((sum, r) => sum + r.amount, 0)).toBe(65_000);
    expect(await heldForOrder(db, orderIds.cake)).toBe(90_000);
    expect(await heldForOrder(db, orderIds.photographer)).toBe(120_000);
    await page.goto(`/plans/${planId}`);
    await page.getByRole('heading', { name: 'Emma & Liam’s wedding', level: 1 }).waitFor();
    await expect.poll(async () => (await shownText(page)).replace(/\s+/g, ' ')).toContain('(2 of 3 booked)');
    await context.close();
  });
});
