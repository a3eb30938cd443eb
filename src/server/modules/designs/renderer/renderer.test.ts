import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OCCASIONS, FLAVORS, SIZES, STYLE_PRESETS } from '../../../../shared/catalog.ts';
import { parseColors } from './color.ts';
import { type CakeRenderInput, renderCakePng, renderCakeSvg } from './index.ts';
import { tierCount } from './layout.ts';
import { flowerColorFrom, resolvePalette } from './palette.ts';
import { createRng } from './random.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const form = (over: Partial<CakeRenderInput> = {}): CakeRenderInput => ({
  occasion: 'Birthday',
  flavor: 'Vanilla',
  size: '8 inch (8-10)',
  description: 'Two layers with fresh berries',
  colors: 'blush pink and gold',
  dietary: null,
  style: 'elegant',
  ...over,
});

describe('renderCakePng', () => {
  it('renders a square PNG for every catalog size and cupcakes', () => {
    for (const size of [...SIZES, 'Cupcakes (12 count)'])
      expect(pngSize(renderCakePng(form({ size })))).toEqual({ width: 1024, height: 1024 });
  });

  it('renders portrait for weddings and tiered sizes, landscape for sheet cakes', () => {
    expect(pngSize(renderCakePng(form({ occasion: 'Wedding', size: '12 inch (20-25)' })))).toEqual({
      width: 1024,
      height: 1792,
    });
    expect(pngSize(renderCakePng(form({ size: '3-Tier' })))).toEqual({ width: 1024, height: 1792 });
    expect(pngSize(renderCakePng(form({ size: 'Sheet Cake' })))).toEqual({ width: 1792, height: 1024 });
  });

  it('honours explicit dimensions', () => {
    expect(pngSize(renderCakePng(form(), { width: 512, height: 384 }))).toEqual({ width: 512, height: 384 });
  });

  it('gives byte-identical output for the same form', () => {
    expect(sha(renderCakePng(form()))).toBe(sha(renderCakePng(form())));
  });

  it('draws each style preset differently', () => {
    const hashes = STYLE_PRESETS.map((s) => sha(renderCakePng(form({ style: s.id }))));
    expect(new Set(hashes).size).toBe(STYLE_PRESETS.length);
  });

  it('draws occasions and flavours differently', () => {
    const occasions = OCCASIONS.filter((o) => o !== 'Wedding').map((occasion) =>
      renderCakeSvg(form({ occasion })),
    );
    expect(new Set(occasions).size).toBe(occasions.length);
    const flavors = FLAVORS.map((flavor) => sha(renderCakePng(form({ flavor }))));
    expect(new Set(flavors).size).toBe(FLAVORS.length);
  });

  it('survives hostile and huge user text without leaking it into the SVG', () => {
    const hostile = '<script>alert(1)</script>"]]><!-- &amp; ' + 'x'.repeat(10_000);
    const input = form({
      description: hostile,
      colors: hostile,
      dietary: hostile,
      occasion: hostile,
      flavor: hostile,
      size: hostile,
    });
    const svg = renderCakeSvg(input);
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain(']]>');
    expect(pngSize(renderCakePng(input))).toEqual({ width: 1024, height: 1024 });
  });

  it('draws dietary badges when the dietary text names them', () => {
    expect(renderCakeSvg(form({ dietary: 'vegan, gluten-free' }))).not.toBe(renderCakeSvg(form()));
  });
});

describe('tierCount', () => {
  it('follows the size, a wedding adds one, explicit tiers win, capped at four', () => {
    expect(tierCount('6 inch (4-6 people)', 'Birthday')).toBe(1);
    expect(tierCount('8 inch (8-10)', 'Birthday')).toBe(1);
    expect(tierCount('12 inch (20-25)', 'Birthday')).toBe(2);
    expect(tierCount('16 inch (40-45)', 'Birthday')).toBe(3);
    expect(tierCount('Custom Size', 'Birthday')).toBe(2);
    expect(tierCount('16 inch (40-45)', 'Wedding')).toBe(4);
    expect(tierCount('3-Tier', 'Birthday')).toBe(3);
    expect(tierCount('9 tier tower', 'Wedding')).toBe(4);
  });
});

describe('parseColors', () => {
  it('finds colour words and metals in order', () => {
    expect(parseColors('blush pink and gold')).toEqual([
      { hex: '#f4c6c3', metallic: false },
      { hex: '#d4af37', metallic: true },
    ]);
    expect(parseColors('rose gold, sage green').map((c) => c.metallic)).toEqual([true, false]);
    expect(parseColors('navy, white').length).toBe(2);
  });

  it('accepts hex codes', () => {
    expect(parseColors('#2a6f97')).toEqual([{ hex: '#2a6f97', metallic: false }]);
    expect(parseColors('like #FFF please')).toEqual([{ hex: '#ffffff', metallic: false }]);
  });

  it('ignores unknown words, so nonsense falls back to the style palette', () => {
    expect(parseColors('sparkly wobbly zxq')).toEqual([]);
    const fallback = resolvePalette({ occasion: 'Birthday', style: 'modern', colors: 'zxq' }, createRng(1));
    const none = resolvePalette({ occasion: 'Birthday', style: 'modern', colors: null }, createRng(1));
    expect(fallback).toEqual(none);
  });

  it('reads "rainbow" as a set of pastel colours', () => {
    expect(parseColors('Rainbow, white').length).toBe(6);
    const rainbow = resolvePalette(
      { occasion: 'Birthday', style: 'whimsical', colors: 'rainbow' },
      createRng(1),
    );
    expect(new Set([rainbow.frosting, rainbow.accent, rainbow.accent2]).size).toBe(3);
  });

  it('colours the flowers as the description names them, else with the accent', () => {
    const red = parseColors('red')[0]?.hex;
    expect(flowerColorFrom('Red velvet with cream-cheese frosting, fresh red roses')).toBe(red);
    expect(flowerColorFrom('white chamomile flowers')).toBe(parseColors('white')[0]?.hex);
    expect(flowerColorFrom('sugar peonies cascading down')).toBeUndefined();
    const input = { occasion: 'Anniversary', style: 'elegant' as const, colors: 'Red, cream, gold' };
    const palette = resolvePalette({ ...input, description: 'fresh red roses' }, createRng(1));
    expect(palette.flower).toBe(red);
    expect(resolvePalette(input, createRng(1)).flower).toBe(palette.accent);
    expect(sha(renderCakePng(form({ description: 'blue roses' }), { width: 256, height: 256 }))).not.toBe(
      sha(renderCakePng(form({ description: 'yellow roses' }), { width: 256, height: 256 })),
    );
  });
});
