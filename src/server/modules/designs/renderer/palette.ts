/** Turns the form into colours: frosting and accents from the colours field, sponge from the flavor. */
import type { StylePreset } from '../../../../shared/catalog.ts';
import { darken, lighten, luminance, mix, parseColors } from './color.ts';
import type { Rng } from './random.ts';

export interface Palette {
  frosting: string;
  /** Second frosting for alternate tiers; often equal to frosting. */
  frosting2: string;
  accent: string;
  accent2: string;
  /** Sugar flowers: the colour the description gives them ("red roses"), else the accent. */
  flower: string;
  metal: string;
  /** Piping, pearls and lace: a tone that reads on the frosting. */
  detail: string;
  backdropTop: string;
  backdropBottom: string;
  table: string;
  dark: boolean;
}

export interface Sponge {
  crumb: string;
  filling: string;
  /** Carrot cake shows orange and walnut flecks. */
  flecks: string[];
}

const SPONGES: [RegExp, Sponge][] = [
  [/red velvet/, { crumb: '#a4232e', filling: '#f7f0e6', flecks: [] }],
  [/choc|cocoa/, { crumb: '#5b3722', filling: '#3b2216', flecks: [] }],
  [/carrot/, { crumb: '#c98c4e', filling: '#f6eedf', flecks: ['#e8731f', '#7a4b26'] }],
  [/lemon|citrus/, { crumb: '#f3e08c', filling: '#f7d64a', flecks: [] }],
  [/strawberr|raspberr/, { crumb: '#f1a9b4', filling: '#d94b62', flecks: [] }],
  [/coffee|mocha|espresso/, { crumb: '#9a6b4b', filling: '#d9b99a', flecks: [] }],
  [/coconut/, { crumb: '#f7f3ea', filling: '#fffdf7', flecks: ['#e9e2d2'] }],
  [/pistachio/, { crumb: '#c9d79a', filling: '#f4efd9', flecks: ['#8fa85a'] }],
  [/vanilla/, { crumb: '#f4dca0', filling: '#fbf5e6', flecks: [] }],
];
const NEUTRAL_SPONGE: Sponge = { crumb: '#e8cf9e', filling: '#f8f1e2', flecks: [] };

export function spongeFor(flavor: string): Sponge {
  const key = flavor.toLowerCase();
  return SPONGES.find(([re]) => re.test(key))?.[1] ?? NEUTRAL_SPONGE;
}

// Frosting, accent, accent2 per style: what a baker would suggest when no colours are given.
const STYLE_FALLBACKS: Record<StylePreset, [string, string, string][]> = {
  elegant: [
    ['#fbf6ee', '#e9b8b5', '#9fb59a'],
    ['#f7efe6', '#c9a6c8', '#a7bda0'],
    ['#fdf8f0', '#f1c9b5', '#b7c7a8'],
  ],
  modern: [
    ['#f2efea', '#2f3438', '#d9a38d'],
    ['#e8ecef', '#1f3556', '#e6b38a'],
    ['#f4e6dc', '#bc6a4f', '#2e3a3f'],
  ],
  whimsical: [
    ['#f9c9d8', '#7fd0e6', '#ffd95e'],
    ['#bfe6d2', '#f59ab8', '#ffd15c'],
    ['#cdbcf0', '#ff9e7a', '#8fd9c8'],
  ],
  rustic: [
    ['#f6eedf', '#8e2f45', '#6f8a5a'],
    ['#f3ead8', '#5a3e7a', '#7a9360'],
  ],
  luxe: [
    ['#1f2430', '#f3ede4', '#8c6d3f'],
    ['#f4f1ec', '#1f4d3b', '#2a2629'],
    ['#0f3b34', '#f0e6d6', '#5a1e2c'],
  ],
};

// Nudges for the occasion when the colours field says nothing.
const OCCASION_ACCENT: [RegExp, string][] = [
  [/wedding/, '#f0d3cf'],
  [/anniversary/, '#c9343c'],
  [/graduation/, '#1f3556'],
  [/baby/, '#bcdaf0'],
  [/corporate/, '#2f55a4'],
  [/holiday|christmas/, '#b0213a'],
];

export interface PaletteInput {
  occasion: string;
  style: StylePreset;
  colors?: string | null;
  description?: string | null;
}

const FLOWER_WORDS =
  /((?:[a-z]+[ -])?[a-z]+)\s+(?:(?:sugar|fresh|edible|fondant|buttercream|wafer)\s+)?(?:roses?|flowers?|peon(?:y|ies)|blooms?|blossoms?|florals?|dahlias?|ranunculus|tulips?|dais(?:y|ies)|orchids?|hydrangeas?)\b/;

/** The colour of the flowers when the description names one right before them ("fresh red roses"). */
export function flowerColorFrom(description: string | null | undefined): string | undefined {
  const match = FLOWER_WORDS.exec((description ?? '').slice(0, 2000).toLowerCase());
  const color = match?.[1] ? parseColors(match[1]).find((c) => !c.metallic) : undefined;
  return color?.hex;
}

export function resolvePalette(input: PaletteInput, rng: Rng): Palette {
  const parsed = parseColors(input.colors);
  const plain = parsed.filter((c) => !c.metallic).map((c) => c.hex);
  const metal = parsed.find((c) => c.metallic)?.hex ?? (input.style === 'rustic' ? '#c9a46a' : '#d4af37');
  const [fbFrost, fbAccent, fbAccent2] = rng.pick(STYLE_FALLBACKS[input.style]);
  const occasionAccent = OCCASION_ACCENT.find(([re]) => re.test(input.occasion.toLowerCase()))?.[1];

  const frosting = plain[0] ?? fbFrost;
  const accent = plain[1] ?? (plain.length ? metal : (occasionAccent ?? fbAccent));
  const accent2 = plain[2] ?? (plain.length ? mix(frosting, accent, 0.5) : fbAccent2);
  const frosting2 =
    plain.length >= 2 && input.style !== 'luxe'
      ? mix(plain[0] as string, plain[1] as string, 0.25)
      : frosting;
  const light = luminance(frosting) > 0.45;
  const dark = input.style === 'luxe';

  const tint = plain.length ? mix(frosting, accent, 0.35) : (occasionAccent ?? fbAccent);
  const backdropTop = dark
    ? mix(darken(tint, 0.82), '#101014', 0.4)
    : lighten(mix(tint, '#f6efe8', 0.5), 0.55);
  const backdropBottom = dark
    ? mix(darken(tint, 0.9), '#050507', 0.5)
    : lighten(mix(tint, '#e9ddd2', 0.6), 0.25);
  const table = dark
    ? '#2a2528'
    : input.style === 'rustic'
      ? '#b89470'
      : lighten(mix(tint, '#d8cbbf', 0.7), 0.35);

  return {
    frosting,
    frosting2,
    accent,
    accent2,
    flower: flowerColorFrom(input.description) ?? accent,
    metal,
    detail: light ? lighten(frosting, 0.6) : lighten(frosting, 0.3),
    backdropTop,
    backdropBottom,
    table,
    dark,
  };
}
