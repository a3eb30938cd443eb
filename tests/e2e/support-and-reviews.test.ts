import { desc } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRequests } from '../../src/server/db/schema/index.ts';
import { createReview } from '../support/factories.ts';
import { launchBrowser, newPage } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let browser: Browser;
const DAY = 86_400_000;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  const db = server.services.db;
  // A fixed day, not today: the order of the list is all that matters.
  const now = Date.UTC(2026, 5, 30, 18);
  // Titles tell the reviews apart in the list: rating, age in days, helpful votes.
  for (const [rating, daysAgo, helpfulCount] of [
    [5, 1, 2],
    [3, 2, 40],
    [4, 3, 5],
    [5, 10, 1],
    [2, 20, 0],
  ] as const) {
    await createReview(db, {
      rating,
      helpfulCount,
      title: `R${rating}-D${daysAgo}`,
      createdAt: new Date(now - daysAgo * DAY),
    });
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const titles = (page: Page) => page.getByRole('heading', { name: /^R\d-D\d+$/ }).allTextContents();

describe('reviews page', () => {
  it('filters by rating and sorts, keeping the choice in the URL', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/reviews');
    await expect.poll(() => titles(page)).toEqual(['R5-D1', 'R3-D2', 'R4-D3', 'R5-D10', 'R2-D20']);

    await page.getByLabel('Filter by rating').selectOption('5');
    await expect.poll(() => titles(page)).toEqual(['R5-D1', 'R5-D10']);
    expect(page.url()).toContain('rating=5');
    await page.getByLabel('Filter by rating').selectOption('3');
    await expect.poll(() => titles(page)).toEqual(['R3-D2']);
    await page.getByLabel('Filter by rating').selectOption('all');

    await page.getByLabel('Sort reviews').selectOption('oldest');
    await expect.poll(() => titles(page)).toEqual(['R2-D20', 'R5-D10', 'R4-D3', 'R3-D2', 'R5-D1']);
    await page.getByLabel('Sort reviews').selectOption('rating-high');
    await expect.poll(() => titles(page)).toEqual(['R5-D1', 'R5-D10', 'R4-D3', 'R3-D2', 'R2-D20']);
    await page.getByLabel('Sort reviews').selectOption('rating-low');
    await expect.poll(() => titles(page)).toEqual(['R2-D20', 'R3-D2', 'R4-D3', 'R5-D1', 'R5-D10']);
    await page.getByLabel('Sort reviews').selectOption('helpful');
    await expect.poll(() => titles(page)).toEqual(['R3-D2', 'R4-D3', 'R5-D1', 'R5-D10', 'R2-D20']);

    await page.reload();
    await expect.poll(() => titles(page)).toEqual(['R3-D2', 'R4-D3', 'R5-D1', 'R5-D10', 'R2-D20']);

    // A filter and a sort chosen before the page shows the first (a quick hand, a slow phone): both hold.
    const filter = await page.getByLabel('Filter by rating').elementHandle();
    const sort = await page.getByLabel('Sort reviews').elementHandle();
    await page.evaluate(
      ([f, s]) => {
        const choose = (select: HTMLSelectElement, value: string) => {
          select.value = value;
          select.dispatchEvent(new Event('change', { bubbles: true }));
        };
        choose(f as HTMLSelectElement, '5');
        choose(s as HTMLSelectElement, 'oldest');
      },
      [filter, sort],
    );
    await expect.poll(() => titles(page)).toEqual(['R5-D10', 'R5-D1']);
    expect(page.url()).toContain('rating=5');
    expect(page.url()).toContain('sort=oldest');
    await page.getByRole('link', { name: 'Write a Review' }).click();
    await page.waitForURL('**/auth');
    await context.close();
  });
});

describe('support page', () => {
  it('filters the FAQ over questions and answers, opens one item at a time, and says when nothing matches', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/support');
    for (const group of ['Getting Started', 'Ordering & Payment', 'Vendors']) {
      await page.getByRole('heading', { name: group, exact: true }).waitFor();
    }
    const items = page.locator('h3 > button[aria-expanded]');
    const total = await items.count();
    expect(total).toBeGreaterThan(6);

    await items.nth(0).click();
    await items.nth(1).click();
    await expect.poll(() => page.locator('button[aria-expanded="true"]').count()).toBe(1);

    const faqSearch = page.getByLabel('Search FAQs');
    await faqSearch.fill('refund');
    await expect.poll(() => items.count()).toBeLessThan(total);
    expect(await items.count()).toBeGreaterThan(0);
    await faqSearch.fill('zzzz-no-such-thing');
    await page.getByText('No results found').waitFor();
    await faqSearch.fill('');
    await expect.poll(() => items.count()).toBe(total);
    await context.close();
  });

  it('validates the contact form at each field, keeps the input, and stores a valid message', async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto('/support');
    await page.getByRole('tab', { name: 'Contact Form' }).click();
    await page.getByLabel('Name').fill('Robin');
    await page.getByLabel('Email').fill('robin@');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter a valid email address.').waitFor();
    await page.getByText('Please enter a subject.').waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Robin');
    expect(await page.getByLabel('Email').inputValue()).toBe('robin@');

    await page.getByLabel('Email').fill('robin@example.test');
    await page.getByLabel('Subject').fill('Gluten-free options');
    await page.getByLabel('Message').fill('Which bakers in Surrey make gluten-free wedding cakes?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thanks, Robin! Your message has been sent.').waitFor();
    const [stored] = await server.services.db
      .select()
      .from(supportRequests)
      .orderBy(desc(supportRequests.createdAt))
      .limit(1);
    expect(stored).toMatchObject({
      name: 'Robin',
      email: 'robin@example.test',
      subject: 'Gluten-free options',
    });
    await context.close();
  });
});
