import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestProject } from 'vitest/node';

/** How long to wait for a build that is being written (another `npm run build` in this tree). */
const BUILD_WAIT_MS = 180_000;

/**
 * Browser tests serve a copy of the built web app taken when the run starts, so another
 * `npm run build` in the same working tree (which empties dist/web) cannot pull the page's code
 * from under a test. A copy taken while such a build is writing (files missing, or the app and the
 * page renderer from two builds) is thrown away and taken again once the build is whole.
 */
export default async function setup(project: TestProject) {
  const built = path.resolve('dist/web');
  if (!existsSync(path.join(built, 'index.html')))
    throw new Error('No built web app in dist/web: run `npm run build` first (`npm run test:e2e` does).');
  const copy = await mkdtemp(path.join(tmpdir(), 'frosted-web-'));
  const until = Date.now() + BUILD_WAIT_MS;
  for (;;) {
    const before = await buildStamp(built);
    await rm(copy, { recursive: true, force: true });
    await cp(built, copy, { recursive: true });
    const problem =
      before === (await buildStamp(built)) ? await incomplete(copy) : 'a build wrote to it meanwhile';
    if (!problem) break;
    if (Date.now() > until) {
      await rm(copy, { recursive: true, force: true });
      throw new Error(`dist/web is not a whole build (${problem}): run \`npm run build\` again.`);
    }
    await sleep(2_000);
  }
  project.provide('webDist', copy);
  return () => rm(copy, { recursive: true, force: true });
}

/** Changes whenever a build rewrites the app or the page renderer (a build empties dist/web first). */
async function buildStamp(dir: string): Promise<string> {
  const files = ['index.html', '.vite/manifest.json', '.ssr/entry-server.js'];
  const stamps = await Promise.all(
    files.map((file) =>
      stat(path.join(dir, file)).then(
        (s) => `${s.ino}:${s.mtimeMs}:${s.size}`,
        () => 'missing',
      ),
    ),
  );
  return stamps.join('|');
}

/** What a copy of the build lacks, or undefined when every file its pages and renderer load is there. */
async function incomplete(dir: string): Promise<string | undefined> {
  const has = (file: string) => existsSync(path.join(dir, file));
  for (const file of ['index.html', '.vite/manifest.json', '.ssr/entry-server.js'])
    if (!has(file)) return `no ${file}`;
  const html = await readFile(path.join(dir, 'index.html'), 'utf8');
  for (const [, file] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g))
    if (!has(file!)) return `no ${file}`;
  const manifest = JSON.parse(await readFile(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; css?: string[]; assets?: string[] }
  >;
  for (const entry of Object.values(manifest))
    for (const file of [entry.file, ...(entry.css ?? []), ...(entry.assets ?? [])])
      if (!has(file)) return `no ${file}`;
  // The renderer's modules import one another by relative path.
  const renderer = path.join(dir, '.ssr');
  for (const name of await readdir(renderer, { recursive: true })) {
    if (!name.endsWith('.js')) continue;
    const code = await readFile(path.join(renderer, name), 'utf8');
    for (const [, spec] of code.matchAll(
      /(?:\bfrom|\bimport\s*\(|\bimport)\s*["'](\.\.?\/[^"'\s]+\.js)["']/g,
    )) {
      const file = path.join(renderer, path.dirname(name), spec!);
      if (!existsSync(file)) return `no ${path.relative(dir, file)}`;
    }
  }
  return undefined;
}
