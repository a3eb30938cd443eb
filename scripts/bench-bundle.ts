/**
 * npm run bench:bundle: gzip size of the JavaScript each route loads first (the entry chunk, the
 * route's lazy module, and every chunk they import statically). Goal: the home page at most 170 KB.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve('dist/web');
type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
let manifest: Record<string, Chunk>;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

const gz = new Map<string, number>();
const gzipSize = (file: string) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file)!;
};

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
const entry = closure(entryKey);
const pages = Object.keys(manifest).filter((k) => k.startsWith('pages/') || k.includes('/pages/'));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = pages
  .map((page) => {
    const files = new Set(
      [...entry, ...closure(page)].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')),
    );
    const bytes = [...files].reduce((t, f) => t + gzipSize(f), 0);
    const name = path.basename(page).replace(/\.tsx?$/, '');
    return { route: name === 'home' ? '/' : `/${name}`, gzip: bytes, chunks: files.size };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

console.log('JavaScript each route loads first (gzip -9):');
for (const r of rows) console.log(`  ${r.route.padEnd(32)} ${kb(r.gzip).padStart(10)}  (${r.chunks} chunks)`);
const home = rows.find((r) => r.route === '/');
if (home) {
  const goal = 170 * 1024;
  console.log(`\nHome page: ${kb(home.gzip)} of the 170 KB goal: ${home.gzip <= goal ? 'met' : 'MISSED'}`);
}
