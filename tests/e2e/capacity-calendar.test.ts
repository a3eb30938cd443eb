import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, vancouverDay } from '../../src/shared/time.ts';
import { launchBrowser, newPage, signedIn } from '../support/browser.ts';
import { manualClock } from '../support/clock.ts';
import { TEST_PASSWORD, createUser, createVendor } from '../support/factories.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Today, so the browser's calendars and the server's rules agree on the day.
const clock = manualClock(new Date());
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ clock }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// The calendars' wording of a day key ('December 20, 2026'; with the weekday in a day's name).
const formatDayKey = (day: string) =>
  new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
const formatDayKeyFull = (day: string) =>
  new Intl.DateTimeFormat('en-CA', { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** Set SCREENSHOT_DIR to keep pictures of the views (for a person to look at). */
async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** The day's button in a month grid, by the date its name starts with. */
const dayButton = (page: Page, day: string) =>
  page.getByRole('gridcell').getByRole('button', { name: new RegExp(`^${formatDayKeyFull(day)}:`) });

/** Pages the month view forward until `day`'s month shows. */
async function showMonthOf(page: Page, day: string) {
  const today = vancouverDay(clock.now());
  const months =
    (Number(day.slice(0, 4)) - Number(today.slice(0, 4))) * 12 +
    Number(day.slice(5, 7)) -
    Number(today.slice(5, 7));
  for (let i = 0; i < months; i++) await page.getByRole('button', { name: 'Next month' }).click();
}

describe('the capacity calendar', () => {
  it('a vendor blacks out a day in the Calendar tab; a customer requesting a quote sees it unavailable', async () => {
    const db = server.services.db;
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, {
      userId: owner.id,
      businessName: 'Hazel Cake Studio',
      leadTimeDays: 2,
      ordersPerDay: 3,
    });
    const customer = await createUser(db, { firstName: 'Ada', lastName: 'Park' });
    // Ten days ahead (eleven when the next day starts another month): a day and the next, one month.
    const ahead = (n: number) => vancouverDay(addDays(clock.now(), n));
    const offset = ahead(10).slice(0, 7) === ahead(11).slice(0, 7) ? 10 : 11;
    const [day, nextDay] = [ahead(offset), ahead(offset + 1)];

    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser, server.url, { width, height: 900 });
      await signedIn(page, owner.email, TEST_PASSWORD);
      await page.getByRole('tab', { name: 'Calendar' }).click();
      await page.getByRole('grid').waitFor();
      await showMonthOf(page, day);
      if (width === 1280) {
        await dayButton(page, day).click();
        await page.getByLabel('Note (optional, only you see it)').fill('Family wedding');
        await page.getByRole('button', { name: 'Black out this day' }).click();
        await page.getByText(`${formatDayKey(day)} is blacked out.`).waitFor();
        await expect.poll(() => dayButton(page, day).getAttribute('aria-label')).toContain('Unavailable');
        await expect
          .poll(() => dayButton(page, day).getAttribute('aria-label'))
          .toContain('note: Family wedding');
        // By keyboard: the arrow moves to the next day, Enter chooses it.
        await dayButton(page, day).focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: formatDayKey(nextDay) }).waitFor();
      } else {
        await dayButton(page, day).click();
        await page.getByRole('button', { name: 'Open this day again' }).waitFor();
      }
      await screenshot(page, `calendar-${width}`);
      await context.close();
    }

    const { context, page } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, customer.email, TEST_PASSWORD, `/quotes/new?vendor=${vendor.id}`);
    await page.getByRole('heading', { name: 'Request a Quote' }).waitFor();
    await page.getByLabel('Event date').fill(day);
    await page
      .getByText(`Hazel Cake Studio is unavailable on ${formatDayKey(day)}: not taking orders that day.`)
      .waitFor();
    await page.getByRole('button', { name: 'See Hazel Cake Studio’s available days' }).click();
    const blocked = dayButton(page, day);
    await expect
      .poll(() => blocked.getAttribute('aria-label'))
      .toContain('unavailable, not taking orders that day');
    expect(await blocked.getAttribute('aria-disabled')).toBe('true');
    // Choosing an available day sets the event date, and the vendor can take it.
    await dayButton(page, nextDay).click();
    await expect.poll(() => page.getByLabel('Event date').inputValue()).toBe(nextDay);
    await page.getByText(`Hazel Cake Studio can take ${formatDayKey(nextDay)}.`).waitFor();
    await screenshot(page, 'quote-availability-390');
    const dir = process.env.SCREENSHOT_DIR;
    if (dir)
      await page
        .getByRole('region', { name: 'Vendor availability' })
        .screenshot({ path: `${dir}/quote-availability-390-detail.png` });
    if (dir) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, 'quote-availability-1280');
      await page.setViewportSize({ width: 390, height: 844 });
    }

    // Browse Vendors, available on the blacked-out day (kept in the address): Hazel is not listed.
    await page.goto(`/browse-vendors?availableOn=${day}`);
    await page
      .getByRole('status')
      .filter({ hasText: `0 vendors found available on ${formatDayKey(day)}` })
      .waitFor();
    await page.getByRole('button', { name: /More Filters/ }).click();
    expect(await page.getByLabel('Available on').inputValue()).toBe(day);
    await page.getByLabel('Available on').fill(nextDay);
    await expect.poll(() => new URL(page.url()).searchParams.get('availableOn')).toBe(nextDay);
    await page.getByRole('button', { name: 'Show 1 vendor' }).waitFor();
    if (dir) await page.getByRole('dialog').screenshot({ path: `${dir}/browse-available-on-390.png` });
    await page.getByRole('button', { name: 'Show 1 vendor' }).click();
    await page.getByRole('heading', { name: 'Hazel Cake Studio' }).waitFor();
    await screenshot(page, 'browse-available-on-390-results');
    if (dir) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, 'browse-available-on-1280-results');
      await page.getByRole('button', { name: /More Filters/ }).click();
      await page.getByRole('dialog').screenshot({ path: `${dir}/browse-available-on-1280.png` });
    }
    await context.close();
  });
});
