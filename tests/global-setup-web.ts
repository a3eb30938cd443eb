import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Browser tests serve a copy of the built web app taken when the run starts, so another
 * `npm run build` in the same working tree (which empties dist/web) cannot pull the page's code
 * from under a test.
 */
export default async function setup(project: TestProject) {
  const built = path.resolve('dist/web');
  if (!existsSync(path.join(built, 'index.html')))
    throw new Error('No built web app in dist/web: run `npm run build` first (`npm run test:e2e` does).');
  const copy = await mkdtemp(path.join(tmpdir(), 'frosted-web-'));
  await cp(built, copy, { recursive: true });
  project.provide('webDist', copy);
  return () => rm(copy, { recursive: true, force: true });
}
