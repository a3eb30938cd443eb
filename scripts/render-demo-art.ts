/**
 * Renders the demo seeder's pictures with Frosted's own procedural cake renderer, so the demo shows
 * what the designer produces: public/demo/designs/{id}.webp for every demo design and
 * public/demo/vendors/{id}.webp for every demo vendor; the event vendors' covers are drawn by the
 * seeder's event-art.ts the same way, and so are their portfolio pictures, which go next to the seeder
 * (src/server/modules/seed/demo-portfolio), from where it copies them into the portfolio bucket.
 * Deterministic: run `npm run demo-art` after changing the demo data or the renderer, and commit the files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { type CakeRenderInput, renderCakePng } from '../src/server/modules/designs/renderer/index.ts';
import {
  DEMO_ART,
  DEMO_DESIGNS,
  DEMO_VENDORS,
  type DemoVendor,
  demoDesignForm,
  demoDesignImageUrl,
  fitLongSide,
} from '../src/server/modules/seed/index.ts';
import { DEMO_EVENT_VENDORS } from '../src/server/modules/seed/demo-event-vendors.ts';
import { type EventCategory, renderEventArtPng } from '../src/server/modules/seed/event-art.ts';
import {
  DEMO_PORTFOLIO,
  demoPortfolioFile,
  demoPortfolioKeys,
} from '../src/server/modules/seed/demo-portfolio.ts';
import type { ImageDims } from '../src/shared/designer.ts';
import { imageSizeFor } from '../src/shared/designer.ts';

const PUBLIC_DIR = join(import.meta.dirname, '..', 'public');
const WEBP = { quality: 82, effort: 6 } as const;

/** The occasion each specialty shows; a gourmet vendor gets a custom cake in a luxe or elegant style. */
const SPECIALTY_OCCASION: Record<DemoVendor['specialty'], string> = {
  wedding: 'Wedding',
  birthday: 'Birthday',
  custom: 'Custom Design',
  gourmet: 'Custom Design',
};

/**
 * Each vendor's picture, after what its description says it bakes; style, colours and tiers differ per
 * vendor. Sizes are picked so the topper stays inside the landscape frame: a tall topper on a one- or
 * two-tier custom cake is cut off at the top edge.
 */
const VENDOR_LOOKS: Record<string, Omit<CakeRenderInput, 'occasion' | 'dietary'>> = {
  // Wedding: a 12 inch wedding cake is three tiers.
  'vendor-sweet-dreams': {
    flavor: 'Vanilla',
    size: '12 inch (20-25)',
    style: 'elegant',
    colors: 'Ivory, dusty rose, gold',
    description: 'Hand-piped lace and dusty rose sugar flowers.',
  },
  'vendor-artisan-cakes': {
    flavor: 'Chocolate',
    size: '14 inch (30-35)',
    style: 'modern',
    colors: 'Terracotta, navy, peach',
    description: 'Hand-painted marble fondant with sculpted geometric accents.',
  },
  // Wedding: an 8 inch wedding cake is two tiers.
  'vendor-sugar-bloom': {
    flavor: 'Strawberry',
    size: '8 inch (8-10)',
    style: 'rustic',
    colors: 'Cream, sage green, dusty rose',
    description: 'Pressed edible flowers and fresh Fraser Valley berries.',
  },
  'vendor-island-bakehouse': {
    flavor: 'Strawberry',
    size: '10 inch (12-15)',
    style: 'whimsical',
    colors: 'Sky blue, yellow, pink',
    description: 'Cheerful sprinkles and candles.',
  },
  'vendor-golden-crumb': {
    flavor: 'Vanilla',
    size: '10 inch (12-15)',
    style: 'elegant',
    colors: 'White, strawberry red, peach',
    description: 'Light chiffon with fresh cream and fresh fruit.',
  },
  'vendor-maple-whisk': {
    flavor: 'Carrot',
    size: '14 inch (30-35)',
    style: 'rustic',
    colors: 'Cream, maple red, caramel',
    description: 'Semi-naked with a maple drip and saskatoon berries.',
  },
  'vendor-cocoa-atelier': {
    flavor: 'Chocolate',
    size: '10 inch (12-15)',
    style: 'luxe',
    colors: 'Chocolate, gold',
    description: 'Mirror-glazed chocolate with a ganache drip and gold leaf.',
  },
  'vendor-velvet-crumb': {
    flavor: 'Coffee',
    size: '8 inch (8-10)',
    style: 'elegant',
    colors: 'Charcoal, butter, gold',
    description: 'Minimalist black sesame and yuzu cake with a brown-butter drip.',
  },
};

function vendorRenderInput(v: DemoVendor): CakeRenderInput {
  const look = VENDOR_LOOKS[v.id];
  if (!look) throw new Error(`no picture described for ${v.id}`);
  return { occasion: SPECIALTY_OCCASION[v.specialty], ...look, dietary: null };
}

async function writeWebp(png: Buffer, size: ImageDims, urlPath: string): Promise<number> {
  const webp = await sharp(png)
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .webp(WEBP)
    .toBuffer();
  const meta = await sharp(webp).metadata();
  if (meta.format !== 'webp' || meta.width !== size.width || meta.height !== size.height)
    throw new Error(`${urlPath}: not a ${size.width}x${size.height} WebP`);
  const file = join(PUBLIC_DIR, urlPath);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, webp);
  console.log(`${urlPath}  ${size.width}x${size.height}  ${(webp.length / 1024).toFixed(0)} KB`);
  return webp.length;
}

/** An event vendor's portfolio picture and its thumbnail, from the picture's own seed. */
async function writePortfolio(vendorId: string, category: EventCategory, i: number): Promise<number> {
  const png = renderEventArtPng(category, `${vendorId}:${i}`, DEMO_PORTFOLIO.picture);
  const keys = demoPortfolioKeys(vendorId, i);
  const files = [
    { key: keys.imageKey, webp: await sharp(png).webp(DEMO_PORTFOLIO.webp).toBuffer() },
    {
      key: keys.thumbKey,
      webp: await sharp(png)
        .resize({ width: DEMO_PORTFOLIO.thumbWidth })
        .webp(DEMO_PORTFOLIO.thumbWebp)
        .toBuffer(),
    },
  ];
  let bytes = 0;
  for (const { key, webp } of files) {
    const file = demoPortfolioFile(key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, webp);
    console.log(`${relative(process.cwd(), file)}  ${(webp.length / 1024).toFixed(0)} KB`);
    bytes += webp.length;
  }
  return bytes;
}

async function main() {
  let total = 0;
  for (const d of DEMO_DESIGNS) {
    const input: CakeRenderInput = { ...demoDesignForm(d), style: d.style };
    const dims = imageSizeFor(input);
    total += await writeWebp(
      renderCakePng(input, dims),
      fitLongSide(dims, DEMO_ART.designMaxSide),
      demoDesignImageUrl(d.id),
    );
  }
  for (const v of DEMO_VENDORS) {
    total += await writeWebp(
      renderCakePng(vendorRenderInput(v), DEMO_ART.vendorRender),
      fitLongSide(DEMO_ART.vendorRender, DEMO_ART.vendorMaxSide),
      v.imageUrl,
    );
  }
  for (const v of DEMO_EVENT_VENDORS) {
    total += await writeWebp(
      renderEventArtPng(v.category, `${v.id}:cover`, DEMO_ART.vendorRender),
      fitLongSide(DEMO_ART.vendorRender, DEMO_ART.vendorMaxSide),
      v.imageUrl,
    );
  }
  let pictures = 0;
  for (const v of DEMO_EVENT_VENDORS)
    for (const i of v.portfolio.keys()) {
      total += await writePortfolio(v.id, v.category, i);
      pictures++;
    }
  const files = DEMO_DESIGNS.length + DEMO_VENDORS.length + DEMO_EVENT_VENDORS.length + 2 * pictures;
  console.log(`${files} files, ${total} bytes in total`);
}

await main();
