/**
 * npm run bench:lighthouse: Lighthouse (mobile form factor, default simulated throttling) on the home
 * page, Browse Vendors and a vendor page, and, signed in as the demo accounts (README), the customer
 * dashboard, the full one (My orders), Messages, one of the demo customer's orders and the vendor
 * dashboard, against the real server with the built app (npm run build first) and the demo data, in
 * Debian's Chromium. Three runs per page, each in a fresh browser; prints medians (with the requests
 * and bytes the page loaded) and the accessibility audits that failed in any run, and keeps every JSON
 * report in ./lighthouse. Goal: performance ≥ 95 on the public pages and ≥ 90 on the signed-in ones,
 * accessibility 100, CLS ≤ 0.05.
 *
 * A signed-in page gets the session cookie of a sign-in through the API (POST /api/auth/sign-in/email)
 * as an extra request header; Lighthouse's fresh profile has no cookies of its own.
 *
 * Simulated throttling still scales with the CPU: on a busy machine the performance score drops while
 * CLS, accessibility, bytes and the LCP element do not. The load average is printed to judge by.
 *
 * Options (while working on one page): --runs N (default 3), --only home|browse-vendors|vendor|
 * customer-dashboard|full-dashboard|messages|order|vendor-dashboard (several: comma-separated),
 * --trace (also keeps each run's Chromium trace, {page}-{run}.trace.json, for the DevTools'
 * Performance panel: which task blocked, and with what).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_ARGS } from '../tests/support/browser.ts';
import { startTestServer } from '../tests/support/server.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('--runs') ?? 3);
const ONLY = arg('--only')?.split(',');
const TRACE = process.argv.includes('--trace');
const OUT_DIR = 'lighthouse';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  requests: number;
  scripts: number;
  /** Requests to /api (the session, the page's data, the event stream). */
  apiRequests: number;
  kilobytes: number;
  lcpElement: string;
  failing: { id: string; title: string }[];
}

/** Headless Chromium with its DevTools port; a fresh profile each time, so no cache survives a run. */
async function launchChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'frosted-lighthouse-'));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before listening:\n${seen}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) resolve(Number(match[1]));
    });
  });
  child.stderr?.resume();
  return {
    port,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      // Chromium's helper processes may still be writing to the profile a moment after it exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

/** The LCP element, from the LCP breakdown insight (a list whose node item is the element). */
function lcpElement(lhr: Result): string {
  const details = lhr.audits['lcp-breakdown-insight']?.details as
    { items?: { type?: string; snippet?: string; nodeLabel?: string }[] } | undefined;
  const node = details?.items?.find((item) => item.type === 'node');
  return node ? `${node.snippet ?? ''} "${node.nodeLabel ?? ''}"` : 'none';
}

/** Requests and bytes over the wire (transfer sizes), from the resource summary and the request list. */
function traffic(lhr: Result) {
  const rows =
    (
      lhr.audits['resource-summary']?.details as
        { items?: { resourceType: string; requestCount: number; transferSize: number }[] } | undefined
    )?.items ?? [];
  const row = (type: string) => rows.find((r) => r.resourceType === type);
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
  return {
    requests: row('total')?.requestCount ?? Number.NaN,
    scripts: row('script')?.requestCount ?? Number.NaN,
    apiRequests: requests.filter((r) => new URL(r.url).pathname.startsWith('/api/')).length,
    kilobytes: (row('total')?.transferSize ?? Number.NaN) / 1024,
  };
}

function summarize(lhr: Result): Run {
  const accessibilityAudits = lhr.categories.accessibility?.auditRefs ?? [];
  const failing = accessibilityAudits
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => ({ id: a!.id, title: a!.title }));
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbt: numeric(lhr, 'total-blocking-time'),
    fcp: numeric(lhr, 'first-contentful-paint'),
    ...traffic(lhr),
    lcpElement: lcpElement(lhr),
    failing,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A demo account's session cookie (README's demo accounts), from a sign-in through the API. */
async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    // A browser's sign-in: the server takes POSTs from its own origin only.
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'frosted-demo' }),
  });
  if (!response.ok) throw new Error(`Signing in as ${email}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  if (!cookie) throw new Error(`Signing in as ${email} set no cookie`);
  return cookie;
}

mkdirSync(OUT_DIR, { recursive: true });
const server = await startTestServer({ seed: true });
try {
  // The first vendor Browse Vendors lists: an approved demo vendor with a portfolio.
  const list = (await (await fetch(`${server.url}/api/vendors?limit=1`)).json()) as {
    vendors: { id: string }[];
  };
  const vendorId = list.vendors[0]?.id;
  if (!vendorId) throw new Error('The demo seed has no approved vendor');
  const customer = await signIn(server.url, 'customer@frosted.demo');
  const vendor = await signIn(server.url, 'vendor@frosted.demo');
  // The demo customer's newest order (the dashboard lists them newest first).
  const dashboard = (await (
    await fetch(`${server.url}/api/me/dashboard/customer`, { headers: { cookie: customer } })
  ).json()) as { orders: { id: string }[] };
  const orderId = dashboard.orders[0]?.id;
  if (!orderId) throw new Error('The demo customer has no order');
  const pages: { name: string; path: string; cookie?: string }[] = [
    { name: 'home', path: '/' },
    { name: 'browse-vendors', path: '/browse-vendors' },
    { name: 'vendor', path: `/vendor/${vendorId}` },
    { name: 'customer-dashboard', path: '/customer-dashboard', cookie: customer },
    { name: 'full-dashboard', path: '/customer-dashboard-original', cookie: customer },
    { name: 'messages', path: '/messages', cookie: customer },
    { name: 'order', path: `/orders/${orderId}`, cookie: customer },
    { name: 'vendor-dashboard', path: '/vendor-dashboard', cookie: vendor },
  ];
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  };

  const selected = pages.filter((p) => !ONLY || ONLY.includes(p.name));
  // A server's first answers load code (the page-rendering bundle, each route's handlers), which
  // Lighthouse reads as a slow server: each page once, unmeasured, before the runs.
  for (const page of selected) {
    await (
      await fetch(`${server.url}${page.path}`, { headers: page.cookie ? { cookie: page.cookie } : {} })
    ).text();
  }

  console.log(`Lighthouse mobile, simulated throttling, ${RUNS} runs per page; load average ${load()}\n`);
  for (const page of selected) {
    const runs: Run[] = [];
    for (let i = 1, attempts = 0; i <= RUNS;) {
      const chromium = await launchChromium();
      try {
        const result = await lighthouse(`${server.url}${page.path}`, {
          ...flags,
          port: chromium.port,
          ...(page.cookie && { extraHeaders: { Cookie: page.cookie } }),
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        const error = result.lhr.runtimeError;
        // A trace that failed to record (NO_NAVSTART and the like, frequent on a loaded machine) is
        // run again, up to twice per page; anything else stops the benchmark.
        if (error && attempts < 2 && /trace|NO_/i.test(`${error.code} ${error.message}`)) {
          attempts++;
          console.log(`  ${page.path}: run ${i} failed (${error.code}), running it again`);
          continue;
        }
        if (error) throw new Error(error.message);
        writeFileSync(path.join(OUT_DIR, `${page.name}-${i}.json`), result.report as string);
        if (TRACE) {
          const trace = JSON.stringify(result.artifacts.Trace);
          writeFileSync(path.join(OUT_DIR, `${page.name}-${i}.trace.json`), trace);
        }
        runs.push(summarize(result.lhr));
        i++;
      } finally {
        await chromium.close();
      }
    }
    const pick = (key: keyof Omit<Run, 'lcpElement' | 'failing'>) => median(runs.map((r) => r[key]));
    const failing = new Map(runs.flatMap((r) => r.failing).map((f) => [f.id, f.title]));
    console.log(
      `${page.path}${page.cookie ? ' (signed in)' : ''}  (medians of ${RUNS}; load average ${load()})`,
    );
    console.log(
      `  performance ${pick('performance')}  (runs ${runs.map((r) => r.performance).join(', ')})` +
        `   accessibility ${pick('accessibility')}   best practices ${pick('bestPractices')}   SEO ${pick('seo')}`,
    );
    console.log(
      `  LCP ${seconds(pick('lcp'))}   CLS ${pick('cls').toFixed(3)}   TBT ${Math.round(pick('tbt'))} ms` +
        `   FCP ${seconds(pick('fcp'))}`,
    );
    console.log(
      `  requests ${pick('requests')} (scripts ${pick('scripts')}, /api ${pick('apiRequests')})` +
        `   transferred ${Math.round(pick('kilobytes'))} KB`,
    );
    console.log(`  LCP element: ${[...new Set(runs.map((r) => r.lcpElement))].join(' | ')}`);
    console.log(
      failing.size
        ? `  failing accessibility audits:\n${[...failing].map(([id, title]) => `    ${id}: ${title}`).join('\n')}`
        : '  failing accessibility audits: none',
    );
    console.log();
  }
  console.log(`JSON reports in ./${OUT_DIR}`);
} finally {
  await server.close();
}
