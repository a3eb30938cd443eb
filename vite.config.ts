import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Text files worth compressing. Fonts (woff2) and images (webp, png) are compressed already; source
 * maps only reach developer tools, and the server compresses them on the fly if asked.
 */
const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|txt|xml|webmanifest|ico)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a `.br` (brotli, maximum quality) and a `.gz` (gzip -9) sibling of every compressible file in
 * the build, when smaller, for src/server/http/spa.ts to send as they are. index.html is left out: the
 * server rewrites it per request (link previews) and compresses that.
 */
function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'frosted:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => path.join(e.parentPath, e.name))
        .filter(
          (file) => file !== path.join(outDir, 'index.html') && !file.includes(`${path.sep}.vite${path.sep}`),
        );
      let plain = 0;
      let sent = 0;
      await Promise.all(
        files.map(async (file) => {
          const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
          const variants = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
              },
            }).then((out) => ['.br', out] as const),
            gzipAsync(bytes, { level: 9 }).then((out) => ['.gz', out] as const),
          ]);
          let smallest = bytes.byteLength;
          for (const [suffix, out] of variants) {
            if (out.byteLength >= bytes.byteLength) continue;
            smallest = Math.min(smallest, out.byteLength);
            await writeFile(file + suffix, out);
            // Same Last-Modified whichever variant is sent.
            await utimes(file + suffix, info.atime, info.mtime);
          }
          plain += bytes.byteLength;
          sent += smallest;
        }),
      );
      log(`precompressed ${files.length} files: ${kb(plain)} → ${kb(sent)} as sent`);
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * How the app's code is cut into files (decision 024). Left to itself Rolldown makes a file for each set
 * of pages that share a module: a signed-in page loaded 53 to 77 scripts, most of a few hundred bytes
 * (an icon, a helper), and on a phone's connection each costs a round trip. The groups:
 * - libraries: the libraries the app starts with; icons: every Lucide icon the app uses (7 KB);
 *   app: the app's own modules that start with it (layouts, navigation, home page).
 * - signed-in: what every signed-in page loads (the bell, the event stream) and what the pages of two
 *   areas (AREAS) share; signed-in-forms: what of that needs forms; signed-in-<area>: what the pages of
 *   one area alone use.
 * What visitors' lazily loaded pages use keeps Rolldown's own files: they load nothing they do not use,
 * and the app's start loads no signed-in code (`separateSignedIn` checks each build).
 */
const LIBRARIES =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack|tailwind-merge|sonner|better-auth|@better-auth|@better-fetch|better-call|nanostores|defu|clsx|class-variance-authority|@radix-ui[\\/]react-(?:slot|compose-refs))[\\/]/;
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const ZOD_CONFIG = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](?:core|util)\.js$/;
const FORM_LIBRARIES = /[\\/]node_modules[\\/](?:react-hook-form|@hookform)[\\/]/;

/** Signed-in pages (src/web/pages) that are visited together; a page in no area gets its own file. */
const AREAS: Record<string, string[]> = {
  customer: ['customer-dashboard', 'customer-dashboard-simple'],
  orders: ['order', 'customer-dashboard-original'],
  documents: ['receipt', 'fee-invoice'],
  checkout: ['checkout'],
  messages: ['messages'],
  quotes: ['quotes', 'quote-new', 'quote-request'],
  plans: ['plans', 'plan'],
  vendor: ['vendor-dashboard'],
  'vendor-settings': ['vendor-profile-edit', 'vendor-verification', 'vendor-tax-information'],
  // With the diagnostic pages, which are built on the admin's checks.
  admin: ['admin', 'admin-mailbox', 'admin-seeder', 'dashboard-debug', 'customer-dashboard-test'],
};

const WEB = path.resolve('src/web') + path.sep;
const SRC = path.resolve('src') + path.sep;
const PAGES = `${WEB}pages${path.sep}`;
const ENTRY = `${WEB}index.html`;
const MAIN = `${WEB}main.tsx`;
/** Lazily loaded parts of the layouts that only signed-in people get: their code is signed-in code. */
const SIGNED_IN_PARTS = ['live-updates', 'nav-items'].map((n) => `${WEB}features/notifications/${n}.tsx`);
const areaOf = new Map<string, string>(
  Object.entries(AREAS).flatMap(([area, pages]) => pages.map((p) => [`${PAGES}${p}.tsx`, area] as const)),
);

/** radix-ui's index file, which imports every primitive: a module using one imports the index. */
const RADIX_INDEX = /[\\/]node_modules[\\/]radix-ui[\\/]dist[\\/]index\.mjs$/;

/** Assigns each module to its group once per build, from the module graph. */
function chunkGroups(graph: Rolldown.ChunkingContext): Map<string, string> {
  const info = (id: string) => graph.getModuleInfo(id);
  // What a module imports, radix-ui's index read as the primitives the module names
  // (`import { Dialog as DialogPrimitive } from 'radix-ui'`): the index imports all of them.
  const imports = (id: string): readonly string[] => {
    const ids = info(id)?.importedIds ?? [];
    const index = ids.find((dep) => RADIX_INDEX.test(dep));
    if (!index) return ids;
    const named = [...(info(id)?.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']radix-ui["']/g)]
      .flatMap((m) => m[1]!.split(','))
      .map((part) => part.trim().split(/\s+as\s+/)[0]!)
      .filter(Boolean);
    const indexCode = info(index)?.code ?? '';
    const parts = named.map((name) => {
      const from = new RegExp(`import \\* as ${name} from "([^"]+)"`).exec(indexCode)?.[1];
      return (
        from &&
        info(index)?.importedIds.find((dep) =>
          dep.includes(`${path.sep}node_modules${path.sep}${from}${path.sep}`),
        )
      );
    });
    // Anything not understood: the whole index, as before.
    if (parts.length === 0 || parts.some((part) => !part)) return ids;
    return [...ids.filter((dep) => dep !== index), ...(parts as string[])];
  };
  const closure = (start: string, into = new Set<string>()) => {
    const todo = [start];
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      if (into.has(id)) continue;
      into.add(id);
      todo.push(...imports(id));
    }
    return into;
  };
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const todo = [ENTRY];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(info(id)?.importedIds ?? []), ...(info(id)?.dynamicallyImportedIds ?? []));
    for (const target of info(id)?.dynamicallyImportedIds ?? []) lazy.add(target);
  }
  // Pages behind RequireAuth, and the bell and event stream.
  const signedIn = [...lazy].filter(
    (id) =>
      SIGNED_IN_PARTS.includes(id) || (id.startsWith(PAGES) && /\bRequireAuth\b/.test(info(id)?.code ?? '')),
  );
  // What visitors can load: the app and each lazy module that public code imports, with their imports.
  const open = closure(ENTRY);
  for (let grew = true; grew;) {
    grew = false;
    for (const id of lazy) {
      if (open.has(id) || signedIn.includes(id) || !info(id)?.dynamicImporters.some((by) => open.has(by)))
        continue;
      closure(id, open);
      grew = true;
    }
  }
  const main = closure(MAIN);
  const groups = new Map<string, string>();
  for (const id of main) if (id.startsWith(SRC) && id !== MAIN) groups.set(id, 'app');

  // Forms (react-hook-form, and what is built on it) go to a file of their own: the bell, the event
  // stream and most first screens need none.
  const forms = (id: string) => [...closure(id)].some((dep) => FORM_LIBRARIES.test(dep));

  // What visitors' pages share with other pages beyond the app's start, in four files by what it needs:
  // forms (what is built on react-hook-form, with it), public-schemas (what needs zod: running its
  // schemas is work a page without them should not do), public-ui (what is built on the libraries of
  // dialogs and tabs, with them) and public (the rest). Left to Rolldown, a file per set of pages
  // sharing a module: Browse Vendors loaded 16 files of its own, most of one or two KB, and starting
  // each fetch cost a phone's main thread about as much as running the page's libraries did. What one
  // page alone uses stays in that page's file.
  const start = closure(ENTRY);
  const pagesUsing = new Map<string, number>();
  for (const page of lazy) {
    for (const id of closure(page))
      if (id !== page && open.has(id) && !main.has(id) && !start.has(id))
        pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1);
  }
  const uiLibrary = (id: string) =>
    !id.startsWith(SRC) && ![LIBRARIES, ICONS, ZOD, FORM_LIBRARIES].some((group) => group.test(id));
  for (const [id, pages] of pagesUsing) {
    if (pages < 2) continue;
    if (!id.startsWith(SRC)) {
      if (FORM_LIBRARIES.test(id)) groups.set(id, 'forms');
      else if (uiLibrary(id)) groups.set(id, 'public-ui');
    } else {
      const needs = [...closure(id)];
      if (needs.some((dep) => FORM_LIBRARIES.test(dep))) groups.set(id, 'forms');
      else if (needs.some((dep) => ZOD.test(dep))) groups.set(id, 'public-schemas');
      else groups.set(id, needs.some(uiLibrary) ? 'public-ui' : 'public');
    }
  }

  // Signed-in code: by the areas of the pages that import it; a page in no area counts as one of its own
  // (else what the account page shares with the admin's pages went to the admin's file, and the
  // account page loaded all of it).
  const areas = new Map<string, Set<string>>();
  for (const page of signedIn) {
    const area = SIGNED_IN_PARTS.includes(page) ? 'signed-in' : (areaOf.get(page) ?? page);
    for (const id of closure(page))
      if (!open.has(id)) (areas.get(id) ?? areas.set(id, new Set()).get(id)!).add(area);
  }
  // Libraries too: one that only signed-in code uses (the bell's popover) goes with it, or Rolldown puts
  // it in a page's own file, which would then import, and be imported by, the group's.
  for (const [id, of] of areas) {
    if (lazy.has(id)) continue;
    const [only] = of;
    if (of.has('signed-in')) groups.set(id, 'signed-in');
    // One page in no area: that page's own file.
    else if (of.size === 1 && only!.startsWith(PAGES)) continue;
    else if (of.size === 1) groups.set(id, `signed-in-${only}`);
    else groups.set(id, forms(id) ? 'signed-in-forms' : 'signed-in');
  }
  return groups;
}

function codeSplitting(): Rolldown.CodeSplittingGroup[] {
  let groups: Map<string, string> | undefined;
  return [
    { name: 'libraries', test: LIBRARIES, priority: 3 },
    { name: 'icons', test: ICONS, priority: 2 },
    // zod in one file (Rolldown cut it into three), but for the part the app's start uses (its
    // configuration, main.tsx), which would otherwise bring the whole file to every page; not with
    // its dependencies either, or that part would come back with them.
    {
      name: 'zod',
      test: (id) => ZOD.test(id) && !ZOD_CONFIG.test(id),
      priority: 2,
      includeDependenciesRecursively: false,
    },
    // Each module where chunkGroups puts it, not with everything it imports (which has its own place).
    {
      name: (id, graph) => (groups ??= chunkGroups(graph)).get(id) ?? null,
      priority: 1,
      includeDependenciesRecursively: false,
    },
  ];
}

/**
 * Fails the build when the app's start (a visitor's every page) would load signed-in code, or when two
 * files import each other: which of them runs first would then depend on which arrives first, and a
 * module could read another's export before that module ran (a component undefined now and then).
 */
function separateSignedIn(): Plugin {
  return {
    name: 'frosted:separate-signed-in',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c]] : [])),
      );
      const start = [...chunks.values()].filter((c) => c.isEntry || c.facadeModuleId === MAIN);
      const loaded = new Set<string>();
      for (let chunk = start.pop(); chunk; chunk = start.pop()) {
        if (loaded.has(chunk.fileName)) continue;
        loaded.add(chunk.fileName);
        if (chunk.name.startsWith('signed-in')) {
          this.error(
            `The app's start loads ${chunk.fileName}: a module it imports went to a signed-in group`,
          );
        }
        for (const file of chunk.imports) if (chunks.has(file)) start.push(chunks.get(file)!);
      }
      // Depth-first: a file met again while its own imports are being walked closes a circle.
      const state = new Map<string, 'walking' | 'done'>();
      const walk = (file: string, path: string[]): void => {
        if (state.get(file) === 'done') return;
        if (state.get(file) === 'walking') {
          const circle = [...path.slice(path.indexOf(file)), file];
          const modules = circle.map((f) => `${f}: ${chunks.get(f)?.moduleIds.slice(0, 3).join(', ')}`);
          this.error(`Files import each other: ${circle.join(' → ')}\n${modules.join('\n')}`);
        }
        state.set(file, 'walking');
        for (const next of chunks.get(file)?.imports ?? []) walk(next, [...path, file]);
        state.set(file, 'done');
      };
      for (const file of chunks.keys()) walk(file, []);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : '../../public',
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress(), separateSignedIn()])],
  // The page-rendering bundle the server loads (src/server/http/ssr.ts): self-contained, so a copy of
  // dist/web runs anywhere, and in a dot folder, which the server never sends to a browser.
  ...(isSsrBuild && { ssr: { noExternal: true } }),
  build: isSsrBuild
    ? {
        outDir: '../../dist/web/.ssr',
        emptyOutDir: true,
        sourcemap: true,
        assetsInlineLimit: 0,
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: true,
        manifest: true,
        // Vite inlines small assets as data: URIs by default; the CSP allows them for images only,
        // so keep fonts and scripts as files.
        assetsInlineLimit: 0,
        rolldownOptions: {
          // A schema built with `z.…` that no page uses is left out: the shared schema files also hold
          // the server's answer schemas, and every one a page loads is built as its file is evaluated.
          // So a `z.…` call kept only for what it does (say `z.config(…)`) is dropped too: call it
          // under another name, as main.tsx calls `config` (decision 024).
          treeshake: { manualPureFunctions: ['z'] },
          output: { codeSplitting: { groups: codeSplitting() } },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
}));
