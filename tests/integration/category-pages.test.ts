import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { takeBuiltWeb } from '../support/built-web.ts';
import { createVendor } from '../support/factories.ts';

/** A category's own page (/browse-vendors/{category}) comes from the server rendered, like Browse Vendors. */
let t: TestApp;
let built: ReturnType<typeof takeBuiltWeb> | undefined;

beforeAll(async () => {
  built = takeBuiltWeb('frosted-category-');
  t = await createTestApp({ webDist: built.dir });
});
afterAll(async () => {
  await t?.close();
  built?.release();
});

const root = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';

const page = async (url: string) => {
  const res = await t.app.request(url);
  return { status: res.status, html: await res.text() };
};

describe('category pages', () => {
  it('arrive rendered with the category’s vendors, its title and heading, and "From $X"', async () => {
    const db = t.database.db;
    const photographer = await createVendor(db, {
      businessName: 'Golden Hour Films',
      category: 'photography',
      categories: ['photography'],
      specialty: 'photography',
      specialties: [],
      fromPriceCents: 120_000,
    });
    await createVendor(db, { businessName: 'Crumb & Co Cakes' });

    const { status, html } = await page('/browse-vendors/photography');
    expect(status).toBe(200);
    expect(html).toContain('<title>Photography &#38; Video in British Columbia | Frosted</title>');
    expect(html).toMatch(/<meta name="description" content="Photographers and videographers/);
    const body = root(html);
    expect(body).toMatch(/<h1[^>]*>Photography &amp; Video<\/h1>/);
    expect(body).toContain('Golden Hour Films');
    expect(body).toContain('From $1,200');
    expect(body).not.toContain('Crumb &amp; Co Cakes');
    expect(JSON.stringify(html)).toContain(photographer.id);

    // The same filter as a query on Browse Vendors, and the other filters on a category page.
    expect(root((await page('/browse-vendors?category=photography')).html)).toContain('Golden Hour Films');
    expect(root((await page('/browse-vendors/photography?location=delta')).html)).not.toContain(
      'Golden Hour Films',
    );
  });

  it('a category that does not exist is a 404 page', async () => {
    const { status, html } = await page('/browse-vendors/bouncy-castles');
    expect(status).toBe(404);
    expect(root(html)).toContain('Oops! Page not found');
  });

  it('the home page links every category', async () => {
    const { html } = await page('/');
    for (const c of ['cakes', 'flowers', 'decor', 'catering', 'photography', 'entertainment', 'rentals'])
      expect(html, c).toContain(`href="/browse-vendors/${c}"`);
  });
});
