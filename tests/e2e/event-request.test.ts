import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/actor.ts';
import { createPlan } from '../../src/server/modules/plans/service.ts';
import { addPackage } from '../../src/server/modules/vendors/packages-service.ts';
import type { PlanView } from '../../src/shared/schemas/plans.ts';
import { addDays, vancouverDay } from '../../src/shared/time.ts';
import { launchBrowser, newPage, shownNames, shownText, signedIn } from '../support/browser.ts';
import { TEST_PASSWORD, createDesign, createUser, createVendor } from '../support/factories.ts';
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

const actorOf = (user: { id: string; email: string; name: string; role: string }, vendor = false) =>
  ({ ...user, userType: vendor ? 'vendor' : 'customer' }) as Actor;

/** A florist with two packages, and their account. */
async function florist(businessName: string) {
  const db = server.services.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, {
    userId: owner.id,
    businessName,
    category: 'flowers',
    categories: ['flowers'],
    specialty: 'flowers',
    specialties: [],
  });
  for (const [name, priceCents] of [
    ['Bridal bouquet + 8 centrepieces', 65_000],
    ['Ceremony arch', 120_000],
  ] as const)
    await addPackage({ db, actor: actorOf(owner, true), input: { name, description: '', priceCents } });
  return { owner, vendor };
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
  });

describe('Request a Quote from an event vendor', () => {
  it("asks a florist's questions, says what is missing at its field, and reaches the florist's inbox", async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Priya', lastName: 'Nair' });
    const { owner, vendor } = await florist('Petal Lane Florals');
    const eventDate = vancouverDay(addDays(new Date(), 60));

    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, `/quotes/new?vendor=${vendor.id}`);
    await page.getByRole('heading', { name: 'Request a Quote' }).waitFor();
    // The event's questions, not a cake's.
    await expect.poll(() => shownNames(page, 'heading')).toContain('Your event');
    expect(await shownNames(page, 'heading')).not.toContain('Your cake');
    for (const cakeField of ['Flavor', 'Size', 'Servings', 'Needed by'])
      expect(await page.getByLabel(cakeField, { exact: true }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Pickup' }).count()).toBe(0);
    // What it is for comes from the florist, and stays while they are chosen.
    expect(await shownText(page)).toContain('What for: Flowers');
    expect(await page.getByLabel('What for').count()).toBe(0);
    expect(await page.getByLabel('Petal Lane Florals').isChecked()).toBe(true);

    await page.getByLabel('Occasion').selectOption('Wedding');
    await page.getByLabel('Guests').fill('120');
    await page.getByLabel('Event date').fill(eventDate);
    await page.getByLabel('Set-up time').fill('14:00');
    await page.getByLabel('Notes for the vendors (optional)').fill('Blush and ivory, please.');
    // Send Request stays pressable: the missing venue is said at its field, which takes the focus.
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Please enter the venue address in British Columbia.').waitFor();
    await expect.poll(() => focusedLabel(page)).toBe('Venue address (BC)');
    expect(await page.getByLabel('Guests').inputValue()).toBe('120');

    await page.getByLabel('Venue address (BC)').fill('Hycroft, 1489 McRae Ave, Vancouver, BC V6H 1V1');
    const packages = page.getByLabel('Package');
    expect(await packages.locator('option').allTextContents()).toEqual([
      'Not sure yet',
      'Bridal bouquet + 8 centrepieces, from $650',
      'Ceremony arch, from $1,200',
    ]);
    await packages.selectOption({ label: 'Bridal bouquet + 8 centrepieces, from $650' });
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Your request is on its way.').waitFor();
    await page.waitForURL(/\/quotes\/[^/?]+$/);
    await context.close();

    // The florist reads what they need to quote in their inbox.
    const shop = await newPage(browser, server.url);
    await signedIn(shop.page, owner.email, TEST_PASSWORD);
    await shop.page.getByRole('tab', { name: 'Quotes' }).click();
    const request = shop.page.getByRole('listitem').filter({ hasText: 'Wedding · Priya N.' });
    await expect.poll(() => shownText(request)).toContain('Booking: Flowers for a wedding, 120 guests');
    const shown = await shownText(request);
    expect(shown).toContain('Package: Bridal bouquet + 8 centrepieces');
    expect(shown).toContain('Sets up at the venue: Hycroft, 1489 McRae Ave, Vancouver, BC V6H 1V1');
    expect(shown).toContain('at 14:00');
    expect(shown).toContain('“Blush and ivory, please.”');
    await shop.context.close();
  });

  it("from an event plan: the plan's day, venue and guests are filled in, and the request lands on the plan", async () => {
    const db = server.services.db;
    const customer = await createUser(db, { firstName: 'Emma' });
    const { vendor } = await florist('Fernwood Florals');
    // A cake maker the search would find by name: not offered for flowers.
    await createVendor(db, { businessName: 'Fernwood Bakery' });
    const design = await createDesign(db, customer.id, { occasion: 'Wedding', flavor: 'Lemon' });
    const eventDate = vancouverDay(addDays(new Date(), 90));
    const venue = 'Cecil Green Park House, 6251 Cecil Green Park Rd, Vancouver, BC V6T 1Z1';
    const planId = await createPlan({
      db,
      actor: actorOf(customer),
      input: {
        type: 'wedding',
        title: 'Emma & Liam’s wedding',
        eventDate,
        startTime: '16:00',
        venueAddress: venue,
        guests: 80,
        budgetCents: 2_000_000,
        categories: ['cakes', 'flowers'],
        designId: design.id,
      },
      now: new Date(),
    });

    const { context, page } = await newPage(browser, server.url);
    await signedIn(page, customer.email, TEST_PASSWORD, `/quotes/new?plan=${planId}&category=flowers`);
    await page.getByRole('heading', { name: 'Request a Quote' }).waitFor();
    await page.getByText('For your plan “Emma & Liam’s wedding”.').waitFor();
    expect(await page.getByLabel('Event date').inputValue()).toBe(eventDate);
    expect(await page.getByLabel('Venue address (BC)').inputValue()).toBe(venue);
    expect(await page.getByLabel('Guests').inputValue()).toBe('80');
    expect(await page.getByLabel('Occasion').inputValue()).toBe('Wedding');
    // How long before the start a florist sets up is the customer's to say.
    expect(await page.getByLabel('Set-up time').inputValue()).toBe('');
    // No vendor yet: what it is for may change.
    expect(await page.getByLabel('What for').inputValue()).toBe('flowers');

    // Only florists are offered.
    await page.getByLabel('Find a vendor').fill('Fernwood');
    const found = page.getByRole('list', { name: 'Vendors found' });
    await found.getByRole('button', { name: 'Add Fernwood Florals' }).click();
    await expect.poll(() => page.getByLabel('Fernwood Florals').isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add Fernwood Bakery' }).count()).toBe(0);
    expect(await page.getByLabel('What for').count()).toBe(0);
    expect(await shownText(page)).toContain('What for: Flowers');

    await page.getByLabel('Set-up time').fill('13:30');
    await page.getByLabel('Package').selectOption({ label: 'Ceremony arch, from $1,200' });
    await page.getByRole('button', { name: 'Send Request' }).click();
    await page.getByText('Your request is on its way.').waitFor();
    await page.waitForURL(`**/plans/${planId}`);

    const res = await page.request.get(`/api/plans/${planId}`);
    expect(res.ok()).toBe(true);
    const plan = (await res.json()) as PlanView;
    const flowers = plan.categories.find((c) => c.category === 'flowers');
    expect(flowers?.requests).toHaveLength(1);
    expect(flowers?.requests[0]?.quotes.map((q) => [q.vendorId, q.businessName])).toEqual([
      [vendor.id, 'Fernwood Florals'],
    ]);

    // The plan's cake: its design chosen, delivered to the venue, for the guests.
    await page.goto(`/quotes/new?plan=${planId}&category=cakes`);
    await page.getByRole('heading', { name: 'Your cake' }).waitFor();
    await expect.poll(() => page.getByLabel('Design (optional)').inputValue()).toBe(design.id);
    expect(await page.getByRole('radio', { name: 'Delivery' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Delivery address (BC)').inputValue()).toBe(venue);
    expect(await page.getByLabel('Servings').inputValue()).toBe('80');
    expect(await page.getByLabel('Event date').inputValue()).toBe(eventDate);

    // With no vendor, what the request is for can change: a cake's brief gives way to the event's.
    await page.goto('/quotes/new');
    await page.getByRole('heading', { name: 'Your cake' }).waitFor();
    expect(await page.getByLabel('What for').inputValue()).toBe('cakes');
    await page.getByLabel('Occasion').selectOption('Birthday');
    await page.getByLabel('What for').selectOption({ label: 'Photography & Video' });
    await page.getByRole('heading', { name: 'Your event' }).waitFor();
    await page.getByLabel('Start time').waitFor();
    // What both ask for stays as typed.
    expect(await page.getByLabel('Occasion').inputValue()).toBe('Birthday');
    await context.close();
  });
});
