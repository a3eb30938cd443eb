import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ANSWERS_ID, SESSION_REQUEST } from '../../src/shared/page-start.ts';
import { SSR_DATA_ID } from '../../src/shared/ssr.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { takeBuiltWeb } from '../support/built-web.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

/**
 * Public pages come from the server with their content (src/server/http/ssr.ts running the build's
 * dist/web/.ssr bundle); signed-in pages and failures go out as the empty shell the browser renders.
 */

const root = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1];
const ssrData = (html: string): unknown => {
  const json = new RegExp(`<script type="application/json" id="${SSR_DATA_ID}">([^<]*)</script>`).exec(
    html,
  )?.[1];
  return json === undefined ? undefined : JSON.parse(json);
};

let t: TestApp;
let built: ReturnType<typeof takeBuiltWeb> | undefined;
let dist: string | undefined;

beforeAll(async () => {
  built = takeBuiltWeb('frosted-ssr-');
  dist = built.dir;
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  built?.release();
});

const page = async (url: string, cookie?: string) => {
  const res = await t.app.request(url, cookie ? { headers: { cookie } } : {});
  return { status: res.status, html: await res.text(), vary: res.headers.get('vary') ?? '' };
};
const firstAnswers = (html: string): Record<string, unknown> | undefined => {
  const json = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`).exec(
    html,
  )?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
};

describe('server-rendered public pages', () => {
  it('Browse Vendors arrives with the vendors of its filters, and the data the browser takes over', async () => {
    const rich = await createVendor(t.database.db, {
      businessName: 'Fraser Sugar Works',
      location: 'richmond',
    });
    await createVendor(t.database.db, { businessName: 'Kitsilano Crumb', location: 'vancouver' });

    const all = await page('/browse-vendors');
    expect(all.status).toBe(200);
    expect(root(all.html)).toContain('Fraser Sugar Works');
    expect(root(all.html)).toContain('Kitsilano Crumb');

    const filtered = await page('/browse-vendors?location=richmond');
    expect(root(filtered.html)).toContain('Fraser Sugar Works');
    expect(root(filtered.html)).not.toContain('Kitsilano Crumb');
    // The query the page will ask for is already answered: the browser does not fetch it again.
    const data = ssrData(filtered.html) as {
      queries: { queries: { queryKey: unknown[]; state: unknown }[] };
    };
    const list = data.queries.queries.find((q) => q.queryKey[0] === 'vendors' && q.queryKey[1] === 'list');
    expect(JSON.stringify(list?.state)).toContain(rich.id);
  });

  it('a visitor without a session cookie gets the page signed out; a signed-in one gets the account to fill in', async () => {
    for (const url of ['/', '/browse-vendors', '/about']) {
      const visitor = await page(url, 'theme=dark; frosted_ref=abc');
      // Nobody can be signed in without the cookie: Sign In is in the HTML, no placeholder waits for a
      // session read, and the browser's first session read is answered "nobody" from the page.
      expect(root(visitor.html)).toContain('Sign In');
      expect(root(visitor.html)).not.toContain('auth-placeholder');
      expect(firstAnswers(visitor.html)).toEqual({ [SESSION_REQUEST]: null });
      expect(visitor.vary.toLowerCase()).toContain('cookie');
    }

    const user = await createUser(t.database.db, { firstName: 'Priya' });
    const cookie = await signIn(t.app, user.email);
    const member = await page('/browse-vendors', cookie);
    expect(member.status).toBe(200);
    // The public HTML is the same for every signed-in visitor: the account buttons come after the read.
    expect(root(member.html)).toContain('auth-placeholder');
    expect(root(member.html)).not.toContain('Sign In');
    expect(firstAnswers(member.html)).toBeUndefined();
    expect(member.html).not.toContain('Priya');
  });

  it("a vendor's page carries the vendor, with text and data escaped", async () => {
    const vendor = await createVendor(t.database.db, {
      businessName: 'Cakes $$$ & </script><script>alert(1)</script>',
      description: 'Price tier $& and <b>bold</b> claims',
    });
    const { status, html } = await page(`/vendor/${vendor.id}`);
    expect(status).toBe(200);
    // "$$$" and "$&" are kept as written (no replacement patterns), and nothing can close a tag early.
    expect(root(html)).toContain('Cakes $$$ &amp; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(root(html)).toContain('Price tier $&amp; and &lt;b&gt;bold&lt;/b&gt; claims');
    expect(html).not.toContain('<script>alert(1)');
    expect(JSON.stringify(ssrData(html))).toContain('Cakes $$$ & </script><script>alert(1)</script>');
  });

  it('the home page shows the featured vendors, and static pages their text', async () => {
    await createVendor(t.database.db, { businessName: 'Top Rated Tiers', rating: 5, reviewCount: 40 });
    const home = await page('/');
    expect(root(home.html)).toContain('Design the cake.');
    expect(root(home.html)).toContain('Top Rated Tiers');
    expect(root((await page('/how-it-works')).html)).toContain('How');
    const missing = await page('/no-such-page');
    expect(missing.status).toBe(404);
    expect(root(missing.html)).toBeDefined();
  });

  it('signed-in pages and pages whose data failed go out empty, for the browser to render', async () => {
    for (const url of ['/customer-dashboard', '/vendor-dashboard', '/quotes', '/vendor/no-such-vendor']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(200);
      expect(html, url).toContain('<div id="root"></div>');
      expect(ssrData(html), url).toBeUndefined();
    }
  });
});

describe('when the page-rendering bundle is broken', () => {
  it('pages still go out, as the shell the browser renders', async () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'frosted-ssr-broken-'));
    cpSync(dist!, broken, { recursive: true });
    writeFileSync(
      path.join(broken, '.ssr', 'entry-server.js'),
      'export const render = async () => { throw new Error("render failed"); };\n',
    );
    const other = await createTestApp({ webDist: broken });
    try {
      const res = await other.app.request('/browse-vendors');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root"></div>');
    } finally {
      await other.close();
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
