import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RENDER_DEADLINE_MS, setRenderDeadline } from '../../src/server/http/ssr.ts';

const BUILT = path.resolve('dist/web');

/**
 * A copy of the built web app for the server-rendering tests of one file (a build in the same tree
 * meanwhile then changes nothing under them), with no render deadline: these tests check the HTML,
 * not how fast it comes, and on a busy machine a render may take longer than production allows.
 */
export function takeBuiltWeb(prefix: string): { dir: string; release(): void } {
  if (!existsSync(path.join(BUILT, '.ssr', 'entry-server.js'))) {
    throw new Error(
      'No page-rendering bundle in dist/web/.ssr: run `npm run build` first (`npm test` does).',
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(BUILT, dir, { recursive: true });
  setRenderDeadline(Infinity);
  return {
    dir,
    // The deadline is restored for the next file.
    release: () => {
      setRenderDeadline(RENDER_DEADLINE_MS);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
