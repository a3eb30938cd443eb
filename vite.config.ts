import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : '../../public',
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress()])],
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
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
}));
