import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CODE_ID } from '../../src/shared/page-code.ts';
import { FIRST_ANSWERS_ID, SESSION_REQUEST } from '../../src/shared/page-start.ts';
import { SSR_DATA_ID } from '../../src/shared/ssr.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { takeBuiltWeb } from '../support/built-web.ts';
import { createOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/**
 * Signed-in pages (decision 025): the dashboards, Messages and an order page come from the server
 * rendered as their user, with the session and the page's first answers inside, the page's code named
 * for the browser to fetch at once, and never stored by a cache. Another user's data never gets in.
 */

const scriptJson = (html: string, id: string): unknown => {
  const json = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
};
const root = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div>(?:<script|\s*<\/body>)/.exec(html)?.[1] ?? '';

let t: TestApp;
let dist: string | undefined;
let emma: { id: string; email: string; cookie: string };
let omar: { id: string; email: string; cookie: string };
let vendorOwner: { cookie: string };
let emmasOrder: { id: string; orderNumber: string };

let built: ReturnType<typeof takeBuiltWeb> | undefined;

beforeAll(async () => {
  built = takeBuiltWeb('frosted-signed-in-');
  dist = built.dir;
  t = await createTestApp({ webDist: dist });
  const db = t.database.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id, businessName: 'Juniper Crumb Studio' });
  const e = await createUser(db, { firstName: 'Emma' });
  const o = await createUser(db, { firstName: 'Omar' });
  const order = await createOrder(db, { customerId: e.id, vendorId: vendor.id });
  emma = { id: e.id, email: e.email, cookie: await signIn(t.app, e.email) };
  omar = { id: o.id, email: o.email, cookie: await signIn(t.app, o.email) };
  vendorOwner = { cookie: await signIn(t.app, owner.email) };
  emmasOrder = order;
});
afterAll(async () => {
  await t?.close();
  built?.release();
});

const page = async (url: string, cookie?: string) => {
  const res = await t.app.request(url, cookie ? { headers: { cookie } } : {});
  return { res, html: await res.text() };
};

describe('a signed-in page from the server', () => {
  it('the customer dashboard: rendered as its user, with the session and data inside, never cached', async () => {
    const { res, html } = await page('/customer-dashboard', emma.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(root(html)).toContain('Welcome back, Emma');
    expect(root(html)).toContain('Juniper Crumb Studio');
    expect(root(html)).toContain(emmasOrder.orderNumber);
    // The browser takes the page over with the data it was rendered from, and the session.
    expect(JSON.stringify(scriptJson(html, SSR_DATA_ID))).toContain(emmasOrder.orderNumber);
    const answers = scriptJson(html, FIRST_ANSWERS_ID) as Record<string, { user: { id: string } }>;
    expect(Object.keys(answers)).toEqual([SESSION_REQUEST]);
    expect(answers[SESSION_REQUEST]!.user.id).toBe(emma.id);
    // The session's token (the cookie's value) stays out of the page.
    expect(JSON.stringify(answers)).not.toContain('"token"');
    expect(html).not.toContain(decodeURIComponent(emma.cookie.split('=')[1]!.split('.')[0]!));
  });

  it('the vendor dashboard, painted before any code arrives (none is preloaded ahead of it)', async () => {
    const { html } = await page('/vendor-dashboard', vendorOwner.cookie);
    expect(root(html)).toContain('Vendor Dashboard');
    expect(root(html)).toContain('Juniper Crumb Studio');
    expect(html).not.toContain('modulepreload');
  });

  it('Messages and an order page are rendered as their user too', async () => {
    const messages = await page('/messages', emma.cookie);
    expect(root(messages.html)).toContain('Messages');
    expect(scriptJson(messages.html, SSR_DATA_ID)).toBeDefined();
    const order = await page(`/orders/${emmasOrder.id}`, emma.cookie);
    expect(root(order.html)).toContain(emmasOrder.orderNumber);
  });

  it("never shows another user's order: the page goes out without it", async () => {
    const { res, html } = await page(`/orders/${emmasOrder.id}`, omar.cookie);
    expect(res.status).toBe(200);
    expect(html).not.toContain(emmasOrder.orderNumber);
    expect(html).not.toContain('Juniper Crumb Studio');
    const answers = scriptJson(html, FIRST_ANSWERS_ID) as Record<string, { user: { id: string } }>;
    expect(answers[SESSION_REQUEST]!.user.id).toBe(omar.id);
  });

  it('two users’ pages rendered at the same moment each show their own user alone', async () => {
    const users = [emma, omar, emma, omar, emma, omar, emma, omar];
    const pages = await Promise.all(users.map((u) => page('/customer-dashboard', u.cookie)));
    for (const [i, { html }] of pages.entries()) {
      const mine = users[i] === emma;
      expect(root(html)).toContain(mine ? 'Welcome back, Emma' : 'Welcome back, Omar');
      expect(html.includes(emmasOrder.orderNumber)).toBe(mine);
      expect(html).not.toContain(mine ? 'Omar' : 'Emma');
    }
  });

  it('without a session (none, or a forged cookie) the page goes out empty, as before', async () => {
    for (const cookie of [undefined, 'better-auth.session_token=forged.value']) {
      const { res, html } = await page('/customer-dashboard', cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(FIRST_ANSWERS_ID);
      expect(html).not.toContain('modulepreload');
    }
  });
});

describe("a rendered page's code, run a file a task (boot.ts)", () => {
  /** Each file's static imports, read from the file itself (`from "./x.js"` and `import "./x.js"`). */
  const importsOf = (code: string) =>
    [...code.matchAll(/(?:from|import)\s*["']\.\/([\w-]+\.js)["']/g)].map((m) => `/assets/${m[1]}`);

  it('lists every file of the page and the app, each after the files it imports', async () => {
    const pages: [string, string | undefined, RegExp][] = [
      ['/browse-vendors', undefined, /\/assets\/browse-vendors-[\w-]+\.js$/],
      ['/customer-dashboard-original', emma.cookie, /\/assets\/customer-dashboard-original-[\w-]+\.js$/],
      ['/vendor-dashboard', vendorOwner.cookie, /\/assets\/vendor-dashboard-[\w-]+\.js$/],
    ];
    for (const [url, cookie, pageFile] of pages) {
      const { html } = await page(url, cookie);
      const files = scriptJson(html, PAGE_CODE_ID) as string[];
      expect(
        files.some((f) => pageFile.test(f)),
        url,
      ).toBe(true);
      const entry = /<script type="module" crossorigin src="([^"]+)">/.exec(html)![1]!;
      expect(files, url).not.toContain(entry);
      const seen = new Set<string>([entry]);
      for (const file of files) {
        const res = await t.app.request(file);
        expect(res.status, file).toBe(200);
        // What a file imports has run before it (or is the entry's own, run by then).
        for (const dep of importsOf(await res.text()))
          if (!dep.endsWith('.css'))
            expect(seen.has(dep) || !files.includes(dep), `${file} → ${dep}`).toBe(true);
        seen.add(file);
      }
    }
  });

  it('is not given for pages without a module of their own', async () => {
    const home = await page('/');
    expect(root(home.html)).toContain('Design the cake.');
    expect(scriptJson(home.html, PAGE_CODE_ID)).toBeUndefined();
  });
});

describe('when the page-rendering bundle is broken', () => {
  it('a signed-in page still carries its session and first answers, for the browser to render', async () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'frosted-signed-in-broken-'));
    cpSync(dist!, broken, { recursive: true });
    writeFileSync(
      path.join(broken, '.ssr', 'entry-server.js'),
      'export const render = async () => { throw new Error("render failed"); };\n',
    );
    const other = await createTestApp({ webDist: broken });
    try {
      const db = other.database.db;
      const owner = await createUser(db, { userType: 'vendor' });
      const vendor = await createVendor(db, { userId: owner.id, businessName: 'Alder Sugar Co' });
      const buyer = await createUser(db, { firstName: 'Lena' });
      const order = await createOrder(db, { customerId: buyer.id, vendorId: vendor.id });
      const cookie = await signIn(other.app, buyer.email);
      const res = await other.app.request('/customer-dashboard', { headers: { cookie } });
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      const answers = scriptJson(html, FIRST_ANSWERS_ID) as Record<string, unknown>;
      expect(Object.keys(answers).sort()).toEqual(['/api/auth/get-session', '/api/me/dashboard/customer']);
      expect(JSON.stringify(answers['/api/me/dashboard/customer'])).toContain(order.orderNumber);
      // The page's code and first fonts are named, each a file the server has, to be fetched at once.
      const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1]!,
      );
      expect(preloads.some((href) => /\/assets\/customer-dashboard-[\w-]+\.js$/.test(href))).toBe(true);
      const fonts = [
        ...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/g),
      ].map((m) => m[1]!);
      expect(fonts).toHaveLength(2);
      for (const href of [...preloads, ...fonts])
        expect((await other.app.request(href)).status, href).toBe(200);
    } finally {
      await other.close();
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
