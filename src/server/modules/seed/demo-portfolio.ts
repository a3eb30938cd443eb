/**
 * The demo event vendors' portfolio pictures: drawn by event-art.ts from each picture's seed, encoded
 * to WebP by `npm run demo-art` (scripts/render-demo-art.ts) and committed next to this module, in
 * demo-portfolio/. The seeder copies the files into the portfolio bucket; it draws nothing, so a first
 * start and the seeder page spend no CPU and keep no memory on 36 renders (decision 021).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_PORTFOLIO = {
  /** The picture as stored and shown (3:2, as the covers). */
  picture: { width: 1200, height: 800 },
  thumbWidth: 480,
  webp: { quality: 80 },
  thumbWebp: { quality: 78 },
} as const;

/** The storage keys of a demo portfolio picture (written again on every run: seeding stays idempotent). */
export const demoPortfolioKeys = (vendorId: string, i: number) => ({
  imageKey: `demo/${vendorId}/portfolio-${i + 1}.webp`,
  thumbKey: `demo/${vendorId}/portfolio-${i + 1}-thumb.webp`,
});

/**
 * demo-portfolio/ beside this module; in the built server every module is in dist/server, and the
 * build copies the folder there (scripts/build-server.mjs), as it does the migrations.
 */
const DIR = fileURLToPath(new URL('./demo-portfolio', import.meta.url));

/** The committed file of a demo portfolio picture's storage key (`demo/{vendor}/portfolio-{n}….webp`). */
export function demoPortfolioFile(key: string): string {
  if (!key.startsWith('demo/') || key.includes('..')) throw new Error(`not a demo portfolio key: ${key}`);
  return path.join(DIR, key.slice('demo/'.length));
}
