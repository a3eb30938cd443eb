/** Colour arithmetic and the free-text colour parser ("blush pink and gold", "#2a6f97"). */

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = ([r, g, b]: Rgb): string =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Linear blend: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export const darken = (c: string, t: number) => mix(c, '#1a1014', t);

/** Relative luminance in [0, 1]; decides light or dark details on a colour. */
export function luminance(c: string): number {
  const [r, g, b] = toRgb(c).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export interface ParsedColor {
  hex: string;
  /** Gold, silver and friends are drawn as metal leaf, not as frosting. */
  metallic: boolean;
}

const METALS: Record<string, string> = {
  'rose gold': '#d4a08e',
  gold: '#d4af37',
  golden: '#d4af37',
  silver: '#c4c9cf',
  bronze: '#b07a43',
  copper: '#c47e5a',
  platinum: '#d9dcdf',
};

// Baker's names, tuned to look like frosting rather than pure screen colours.
const NAMED: Record<string, string> = {
  'blush pink': '#f4c6c3',
  'dusty rose': '#d9a3a5',
  'dusty pink': '#dcaab0',
  'hot pink': '#e8508c',
  'baby pink': '#f7cdd8',
  'pale pink': '#f8d7dc',
  'light pink': '#f7cdd8',
  'baby blue': '#bcdaf0',
  'sky blue': '#9fcdea',
  'light blue': '#b7d6ef',
  'dusty blue': '#9db4c9',
  'powder blue': '#c3d9ea',
  'royal blue': '#2f55a4',
  'navy blue': '#1f3556',
  'sage green': '#a9bd9f',
  'mint green': '#bfe6d2',
  'forest green': '#2f5a3d',
  'emerald green': '#1d6b4f',
  'olive green': '#7f8a4a',
  'off white': '#f8f3ea',
  'off-white': '#f8f3ea',
  'burnt orange': '#c8642c',
  white: '#fbf8f3',
  ivory: '#fdf6e6',
  cream: '#f6ead2',
  champagne: '#f0dcc0',
  nude: '#e8c9ad',
  beige: '#e9d9bf',
  blush: '#f4c6c3',
  pink: '#f3a9be',
  rose: '#e59aa6',
  fuchsia: '#d43f8d',
  magenta: '#c8378f',
  red: '#c9343c',
  scarlet: '#c62c2c',
  crimson: '#b0213a',
  burgundy: '#7a1f2e',
  maroon: '#6f1d28',
  wine: '#722f37',
  coral: '#f08a6c',
  peach: '#f9c7a3',
  apricot: '#f6b88a',
  salmon: '#f29b86',
  orange: '#f0913a',
  terracotta: '#c56b4f',
  rust: '#b5552f',
  yellow: '#f6d76b',
  lemon: '#f7e58a',
  butter: '#f8e7a6',
  mustard: '#d8a93a',
  caramel: '#c68a4c',
  tan: '#d2b48c',
  brown: '#7b5236',
  chocolate: '#5a3824',
  mocha: '#8a6450',
  coffee: '#6f4e37',
  green: '#6aa477',
  sage: '#a9bd9f',
  mint: '#bfe6d2',
  emerald: '#1d6b4f',
  olive: '#7f8a4a',
  teal: '#2a8a8c',
  turquoise: '#45c2bd',
  aqua: '#7fd8d4',
  seafoam: '#a8e0cf',
  blue: '#4f82c4',
  navy: '#1f3556',
  cobalt: '#2a4fa0',
  periwinkle: '#a9b4e8',
  lavender: '#c8b6e2',
  lilac: '#d5bfe4',
  purple: '#7d52a6',
  violet: '#8a5cc2',
  plum: '#6d3b60',
  mauve: '#c49aae',
  black: '#2a2629',
  charcoal: '#3b3a3e',
  grey: '#a3a7ad',
  gray: '#a3a7ad',
  slate: '#6b7683',
};

const HEX = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/gi;
// Long free text is cut: nobody names more than a handful of colours, and parsing stays cheap.
const MAX_PARSE = 400;
const MAX_COLORS = 6;

/** "Rainbow" as bakers pipe it: soft pastel bands rather than screen primaries. */
const RAINBOW = ['#f6a5b8', '#ffd36e', '#9fd3f0', '#a8e0c4', '#c9b3ec'];

/** Colour words and hex codes in order of appearance; unknown words are ignored. */
export function parseColors(text: string | null | undefined): ParsedColor[] {
  const found: { at: number; color: ParsedColor }[] = [];
  const src = (text ?? '').slice(0, MAX_PARSE).toLowerCase();
  for (const m of src.matchAll(HEX)) found.push({ at: m.index, color: { hex: m[0], metallic: false } });
  const words = [...src.replace(HEX, (m) => ' '.repeat(m.length)).matchAll(/[a-z]+(?:-[a-z]+)?/g)];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as RegExpMatchArray;
    const pair = i + 1 < words.length ? `${w[0]} ${(words[i + 1] as RegExpMatchArray)[0]}` : '';
    const at = w.index ?? 0;
    if (pair && (METALS[pair] || NAMED[pair])) {
      found.push({ at, color: { hex: (METALS[pair] ?? NAMED[pair]) as string, metallic: !!METALS[pair] } });
      i++;
    } else if (METALS[w[0]]) found.push({ at, color: { hex: METALS[w[0]] as string, metallic: true } });
    else if (NAMED[w[0]]) found.push({ at, color: { hex: NAMED[w[0]] as string, metallic: false } });
    else if (w[0] === 'rainbow') {
      RAINBOW.forEach((hex, k) => found.push({ at: at + k / 10, color: { hex, metallic: false } }));
    }
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => ({ ...f.color, hex: expandHex(f.color.hex) }))
    .filter((c) => !seen.has(c.hex) && seen.add(c.hex))
    .slice(0, MAX_COLORS);
}

const expandHex = (hex: string) => toHex(toRgb(hex));
