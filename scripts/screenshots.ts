/**
 * npm run screenshots -- [--as customer|vendor|admin] [paths...]: full-page PNGs of pages at 1280 px
 * and 390 px, against a fresh seeded server with the built app, into ./screenshots.
 */
import { mkdirSync } from 'node:fs';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/modules/seed/index.ts';
import { launchBrowser, signInAs } from '../tests/support/browser.ts';
import { startTestServer } from '../tests/support/server.ts';

const args = process.argv.slice(2);
const as = args.includes('--as') ? (args[args.indexOf('--as') + 1] as keyof typeof DEMO_ACCOUNTS) : undefined;
const paths = args.filter((a) => a.startsWith('/'));
const list = paths.length ? paths : ['/'];
mkdirSync('screenshots', { recursive: true });
const [server, browser] = await Promise.all([startTestServer({ seed: true }), launchBrowser()]);
try {
  for (const [label, width] of [
    ['desktop', 1280],
    ['mobile', 390],
  ] as const) {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width, height: 900 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    if (as) {
      await signInAs(page, DEMO_ACCOUNTS[as].email, DEMO_PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    }
    for (const p of list) {
      await page.goto(p, { waitUntil: 'networkidle' });
      // Scroll through the page so lazy images load, then back to the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForTimeout(400);
      const name =
        (as ? `${as}-` : '') + (p === '/' ? 'home' : p.slice(1).replace(/[/?=&]/g, '_')) + `-${label}.png`;
      await page.screenshot({ path: `screenshots/${name}`, fullPage: true });
      console.log(`screenshots/${name}`);
      if (width < 600) {
        // Tall mobile pages are also cut into screen-sized parts, to be readable at full size.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, i = 1; y < height; y += 1400, i++) {
          const part = name.replace('.png', `-part${i}.png`);
          await page.screenshot({
            path: `screenshots/${part}`,
            fullPage: true,
            clip: { x: 0, y, width, height: Math.min(1400, height - y) },
          });
        }
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
