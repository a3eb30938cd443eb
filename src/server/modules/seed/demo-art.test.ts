import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DIETARY_VALUES } from '../../../shared/catalog.ts';
import { type ImageDims, imageSizeFor } from '../../../shared/designer.ts';
import { DEMO_ART, DEMO_DESIGNS, demoDesignForm, demoDesignImageUrl, fitLongSide } from './demo-designs.ts';
import { DEMO_EVENT_VENDORS } from './demo-event-vendors.ts';
import { DEMO_PORTFOLIO, demoPortfolioFile, demoPortfolioKeys } from './demo-portfolio.ts';
import { DEMO_VENDORS } from './demo-vendors.ts';

const PUBLIC_DIR = join(import.meta.dirname, '..', '..', '..', '..', 'public');

/** Every picture the seeder stores, with the size scripts/render-demo-art.ts writes it at. */
const pictures: [string, ImageDims][] = [
  ...DEMO_DESIGNS.map((d): [string, ImageDims] => [
    demoDesignImageUrl(d.id),
    fitLongSide(imageSizeFor(d), DEMO_ART.designMaxSide),
  ]),
  ...[...DEMO_VENDORS, ...DEMO_EVENT_VENDORS].map((v): [string, ImageDims] => [
    v.imageUrl,
    fitLongSide(DEMO_ART.vendorRender, DEMO_ART.vendorMaxSide),
  ]),
];

/** The event vendors' portfolio pictures and thumbnails the seeder copies into the portfolio bucket. */
const { picture, thumbWidth } = DEMO_PORTFOLIO;
const portfolio: [string, ImageDims][] = DEMO_EVENT_VENDORS.flatMap((v) =>
  v.portfolio.flatMap((_, i): [string, ImageDims][] => {
    const keys = demoPortfolioKeys(v.id, i);
    const thumb = { width: thumbWidth, height: (picture.height * thumbWidth) / picture.width };
    return [
      [keys.imageKey, picture],
      [keys.thumbKey, thumb],
    ];
  }),
);

async function expectWebp(file: string, size: ImageDims) {
  expect(existsSync(file), `${file} is missing: run npm run demo-art`).toBe(true);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP');
  const meta = await sharp(bytes).metadata();
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
    format: 'webp',
    ...size,
  });
}

describe('demo art', () => {
  it.each(pictures)('%s is a WebP of the expected size under public/', async (url, size) => {
    expect(url).toMatch(/^\/demo\/(designs|vendors)\/[a-z0-9-]+\.webp$/);
    await expectWebp(join(PUBLIC_DIR, url), size);
  });

  it.each(portfolio)('%s is a WebP of the expected size beside the seeder', async (key, size) => {
    await expectWebp(demoPortfolioFile(key), size);
  });

  it('keeps the designer aspect ratio: the wedding design is portrait, vendors are 3:2', () => {
    const wedding = DEMO_DESIGNS.find((d) => d.occasion === 'Wedding');
    expect(wedding && fitLongSide(imageSizeFor(wedding), DEMO_ART.designMaxSide)).toEqual({
      width: 585,
      height: 1024,
    });
    expect(fitLongSide(DEMO_ART.vendorRender, DEMO_ART.vendorMaxSide)).toEqual({ width: 1200, height: 800 });
  });

  it('uses one picture per design and per vendor', () => {
    const urls = pictures.map(([url]) => url);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('stores dietary needs as catalog values, comma-separated', () => {
    for (const d of DEMO_DESIGNS) {
      const { dietary } = demoDesignForm(d);
      if (dietary === null) continue;
      for (const value of dietary.split(',')) expect(DIETARY_VALUES).toContain(value);
    }
    expect(DEMO_DESIGNS.some((d) => d.dietary.length > 0)).toBe(true);
  });
});
