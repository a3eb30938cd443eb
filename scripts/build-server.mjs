// npm run build:server: bundles the API server into dist/server, so `npm start` runs plain JavaScript
// instead of compiling TypeScript through tsx at every start. Plain JS, so it runs without tsx.
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SERVER_OUT = 'dist/server';
export const SERVER_ENTRY = 'src/server/main.ts';
// The piscina render pool resolves its worker next to main.js (`./render-worker.js`).
const RENDER_WORKER = 'src/server/modules/designs/renderer/render-worker.ts';
// Folders a module finds at `new URL('./name', import.meta.url)`: copied next to the bundle's modules.
const BESIDE_THE_BUNDLE = ['src/server/db/migrations', 'src/server/modules/seed/demo-portfolio'];
// Everything the bundle is made of. src/shared is bundled in; packages stay imports of node_modules,
// so package-lock.json stands for them. This file is listed too: other build options, other bundle.
export const SERVER_INPUTS = [
  'src/server',
  'src/shared',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.server.json',
  'scripts/build-server.mjs',
];
// Tests are not built; editors' swap and backup files are not sources.
export const notAnInput = (file) => /\.test\.tsx?$|\.sw[px]$|~$/.test(file);

/**
 * Bundles src/server/main.ts (and the render worker, when there is one) into dist/server and copies
 * the migrations and the demo portfolio pictures next to it: db/client.ts finds the migrations at
 * `new URL('./migrations', import.meta.url)`, which in the bundle is dist/server/migrations, as pool.ts
 * finds `./render-worker.js`.
 */
export async function buildServer({ root = process.cwd() } = {}) {
  const started = performance.now();
  const out = path.join(root, SERVER_OUT);
  const entryPoints = { main: path.join(root, SERVER_ENTRY) };
  const worker = path.join(root, RENDER_WORKER);
  if (await exists(worker)) entryPoints['render-worker'] = worker;
  // Loaded here, not at the top: npm start imports this file also when there is nothing to build.
  const esbuild = await import('esbuild');
  await rm(out, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // node_modules stay imports: Better Auth, PGlite (WASM next to its JS), sharp and resvg (native)
    // find their files where npm put them.
    packages: 'external',
    // A dynamic import() becomes a chunk of its own with its own package imports, so main.ts can load
    // the request side while the database starts. Chunks sit next to main.js: every module's
    // import.meta.url is then in dist/server, whichever file it lands in.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    sourcemap: 'linked',
    tsconfig: path.join(root, 'tsconfig.server.json'),
    // No `define`: NODE_ENV is read at run time (config.ts), never inlined.
    legalComments: 'none',
    logLevel: 'warning',
  });
  // esbuild's service process would otherwise live on next to the server.
  await esbuild.stop();
  for (const dir of BESIDE_THE_BUNDLE)
    await cp(path.join(root, dir), path.join(out, path.basename(dir)), { recursive: true });
  return { ms: performance.now() - started, entries: Object.keys(entryPoints) };
}

const exists = (file) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Every file under `inputs` (files or folders, relative to root), sorted, with size and mtime. */
export async function listInputs(root, inputs, skip = () => false) {
  const files = [];
  for (const input of inputs) {
    const full = path.join(root, input);
    const info = await stat(full).catch(() => undefined);
    if (!info) continue;
    if (info.isFile()) {
      files.push({ file: input, size: info.size, mtimeMs: info.mtimeMs });
      continue;
    }
    const entries = await readdir(full, { recursive: true, withFileTypes: true });
    await Promise.all(
      entries
        .filter((e) => e.isFile())
        .map(async (e) => {
          const file = path.relative(root, path.join(e.parentPath, e.name));
          if (skip(file)) return;
          const s = await stat(path.join(root, file));
          files.push({ file, size: s.size, mtimeMs: s.mtimeMs });
        }),
    );
  }
  return files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** Cheap: names, sizes and mtimes. Equal stamps mean nothing was touched; unequal ones, maybe something. */
export function statStamp(files, extra = '') {
  const h = createHash('sha256').update(extra);
  for (const f of files) h.update(`${f.file}\0${f.size}\0${f.mtimeMs}\n`);
  return h.digest('hex');
}

/** Exact: names and contents. */
export async function contentHash(root, files, extra = '') {
  const h = createHash('sha256').update(extra);
  for (const f of files) {
    h.update(`${f.file}\0`);
    h.update(await readFile(path.join(root, f.file)));
    h.update('\0');
  }
  return h.digest('hex');
}

/**
 * Whether the build in `stampFile` was made from the inputs as they are now, and their stamp (to
 * record once a new build succeeds). Compares names, sizes and mtimes first (a few ms); only when
 * those differ (a checkout, a touched file) it hashes the contents, and when the contents still
 * match it refreshes the stamp, so the next check is the quick one again.
 */
export async function checkInputs({ root, stampFile, inputs, skip, extra = '', output }) {
  const files = await listInputs(root, inputs, skip);
  const stat = statStamp(files, extra);
  const saved = await readFile(path.join(root, stampFile), 'utf8')
    .then((text) => JSON.parse(text))
    .catch(() => undefined);
  if (saved?.stat === stat && (await exists(path.join(root, output))))
    return { upToDate: true, files: files.length, stamp: saved };
  const stamp = { stat, hash: await contentHash(root, files, extra) };
  const upToDate = saved?.hash === stamp.hash && (await exists(path.join(root, output)));
  if (upToDate) await writeStamp(root, stampFile, stamp);
  return { upToDate, files: files.length, stamp };
}

/** Records the inputs a build was made from (after the build succeeded). */
export async function writeStamp(root, stampFile, stamp) {
  await mkdir(path.dirname(path.join(root, stampFile)), { recursive: true });
  await writeFile(path.join(root, stampFile), `${JSON.stringify(stamp)}\n`);
}

/** What checkInputs needs to know about the server build. */
export const serverInputs = (root) => ({
  root,
  stampFile: `${SERVER_OUT}/.build-hash`,
  inputs: SERVER_INPUTS,
  skip: notAnInput,
  output: `${SERVER_OUT}/main.js`,
});

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = process.cwd();
  // Stamped with the inputs as they were before the build: an edit made meanwhile counts as a change.
  const { stamp } = await checkInputs(serverInputs(root));
  const { ms, entries } = await buildServer({ root });
  await writeStamp(root, serverInputs(root).stampFile, stamp);
  console.log(`server built into ${SERVER_OUT} (${entries.join(', ')}) in ${Math.round(ms)} ms`);
}
