/**
 * npm run bench:bundle: what a cold page load really sends. Starts the server with the built app and
 * the demo data, loads each page in headless Chromium at a phone's size, and adds up the response
 * bodies as they went over the wire (encoded; headers not counted) by kind, three times each way:
 * plain (Accept-Encoding: identity, the server as it was before compression), gzip, and brotli.
 * Prints medians. Goal: the JavaScript the home page loads first (the entry chunk, the route's lazy
 * module and what they import statically) is at most 170 KB gzipped.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser.ts';
import { startTestServer } from '../tests/support/server.ts';

const RUNS = 3;
const KINDS = ['JS', 'CSS', 'fonts', 'images', 'HTML', 'API JSON', 'other'] as const;
type Kind = (typeof KINDS)[number];

// Brotli is Chromium as it comes (it sends `gzip, deflate, br, zstd`, printed below); gzip is a client
// without brotli, and the measure of the goal.
const MODES = [
  { name: 'plain', acceptEncoding: 'identity' },
  { name: 'gzip', acceptEncoding: 'gzip, deflate' },
  { name: 'brotli', acceptEncoding: undefined },
] as const;
type Mode = (typeof MODES)[number]['name'];

/** One response of a page load: its path and its body's size as sent. */
interface Sent {
  path: string;
  kind: Kind;
  bytes: number;
}

function kindOf(request: Request): Kind {
  const { pathname } = new URL(request.url());
  if (request.resourceType() === 'document') return 'HTML';
  if (pathname.startsWith('/api/files/')) return 'images';
  if (pathname.startsWith('/api/')) return 'API JSON';
  if (/\.m?js$/.test(pathname)) return 'JS';
  if (pathname.endsWith('.css')) return 'CSS';
  if (/\.woff2?$/.test(pathname)) return 'fonts';
  if (/\.(?:webp|png|jpe?g|svg|ico|avif|gif)$/.test(pathname)) return 'images';
  return 'other';
}

/** The Accept-Encoding values the documents went out with, to show what each column really asked. */
const sentAcceptEncoding = new Set<string>();

/** One cold load (fresh context, empty cache) of `pagePath` until the network is idle. */
async function load(
  browser: Browser,
  baseURL: string,
  pagePath: string,
  acceptEncoding: string | undefined,
): Promise<Sent[]> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    ...(acceptEncoding && { extraHTTPHeaders: { 'Accept-Encoding': acceptEncoding } }),
  });
  const page = await context.newPage();
  const pending: Promise<Sent>[] = [];
  let closing = false;
  page.on('requestfinished', (request) => {
    if (closing || !request.url().startsWith(baseURL)) return;
    const { pathname } = new URL(request.url());
    pending.push(
      request.sizes().then((s) => ({ path: pathname, kind: kindOf(request), bytes: s.responseBodySize })),
    );
  });
  const res = await page.goto(pagePath, { waitUntil: 'networkidle', timeout: 60_000 });
  if (!res?.ok()) throw new Error(`${pagePath} answered ${res?.status()}`);
  sentAcceptEncoding.add((await res.request().headerValue('accept-encoding')) ?? '(none)');
  // Requests that finish while the sizes are read are counted too; none are taken after that.
  let counted = -1;
  while (counted < pending.length) {
    counted = pending.length;
    await Promise.all(pending);
  }
  closing = true;
  const sent = await Promise.all(pending);
  await context.close();
  return sent;
}

/**
 * The home page's first JavaScript, by the build manifest: the entry and its static imports, with the
 * home route's module when it is a chunk of its own (it is part of the entry today).
 */
function homeFirstScripts(): Set<string> {
  type Chunk = { file: string; isEntry?: boolean; imports?: string[] };
  const manifest = JSON.parse(readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const keys = Object.keys(manifest);
  const entry = keys.find((k) => manifest[k]!.isEntry);
  const home = keys.find((k) => /(?:^|\/)pages\/home\.tsx$/.test(k));
  if (!entry) throw new Error('no entry in the build manifest');
  const chunks = closure(entry, new Set());
  if (home) closure(home, chunks);
  return new Set([...chunks].map((k) => `/${manifest[k]!.file}`).filter((f) => f.endsWith('.js')));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sum = (sent: Sent[], keep: (s: Sent) => boolean = () => true) =>
  sent.filter(keep).reduce((t, s) => t + s.bytes, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const firstScripts = homeFirstScripts();
const [server, browser] = await Promise.all([startTestServer({ seed: true }), launchBrowser()]);
try {
  const { vendors } = (await (await fetch(`${server.url}/api/vendors`)).json()) as {
    vendors: { id: string }[];
  };
  if (!vendors[0]) throw new Error('the demo data has no vendors');
  const pages = ['/', '/browse-vendors', `/vendor/${vendors[0].id}`, '/auth'];

  // loads[page][mode]: one list per run; each run goes through every mode, so drift hits all alike.
  const loads = new Map(pages.map((p) => [p, new Map<Mode, Sent[][]>(MODES.map((m) => [m.name, []]))]));
  for (let run = 0; run < RUNS; run++) {
    for (const p of pages) {
      for (const mode of MODES)
        loads
          .get(p)!
          .get(mode.name)!
          .push(await load(browser, server.url, p, mode.acceptEncoding));
    }
  }
  /** Median over the runs of the bytes that `keep` selects. */
  const measure = (p: string, mode: Mode, keep?: (s: Sent) => boolean) =>
    median(
      loads
        .get(p)!
        .get(mode)!
        .map((sent) => sum(sent, keep)),
    );

  console.log(
    `Bytes over the wire per cold page load at 390×844 (response bodies as sent, median of ${RUNS}).`,
  );
  console.log(`Accept-Encoding sent: ${[...sentAcceptEncoding].join(' | ')}`);
  const row = (cells: string[]) =>
    console.log(
      `  ${cells[0]!.padEnd(12)}${cells
        .slice(1)
        .map((c) => c.padStart(11))
        .join('')}`,
    );
  for (const p of pages) {
    console.log(`\n${p}`);
    row(['', ...MODES.map((m) => m.name), 'saved']);
    for (const kind of [...KINDS, 'total'] as const) {
      const keep = kind === 'total' ? undefined : (s: Sent) => s.kind === kind;
      const bytes = MODES.map((m) => measure(p, m.name, keep));
      const [plain, , brotli] = bytes as [number, number, number];
      if (kind !== 'total' && plain === 0) continue;
      row([kind, ...bytes.map(kb), plain ? `${Math.round((1 - brotli / plain) * 100)}%` : '']);
    }
  }

  const first = (s: Sent) => s.kind === 'JS' && firstScripts.has(s.path);
  const firstGzip = measure('/', 'gzip', first);
  console.log(
    `\nHome page JavaScript loaded first (${firstScripts.size} chunks): ${kb(firstGzip)} gzip, ` +
      `${kb(measure('/', 'brotli', first))} brotli, ${kb(measure('/', 'plain', first))} plain; ` +
      `of the 170 KB gzip goal: ${firstGzip <= 170 * 1024 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `All JavaScript the home page fetched (lazy modules too): ${kb(measure('/', 'gzip', (s) => s.kind === 'JS'))} gzip`,
  );
} finally {
  await browser.close();
  await server.close();
}
