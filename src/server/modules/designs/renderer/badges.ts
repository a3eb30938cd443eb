/**
 * Dietary badges as icon pills in the top-left corner. Icons rather than words: no font is
 * guaranteed on the machines that render, and resvg draws no text without one.
 */
import { darken, lighten } from './color.ts';
import type { Palette } from './palette.ts';
import { type Defs, f } from './svg.ts';

type BadgeKind =
  'vegan' | 'gluten-free' | 'nut-free' | 'dairy-free' | 'egg-free' | 'sugar-free' | 'halal' | 'kosher';

const WORDS: [RegExp, BadgeKind][] = [
  [/vegan|plant/, 'vegan'],
  [/gluten|celiac|coeliac/, 'gluten-free'],
  [/nut|peanut/, 'nut-free'],
  [/dairy|lactose|milk/, 'dairy-free'],
  [/egg/, 'egg-free'],
  [/sugar|diabet/, 'sugar-free'],
  [/halal/, 'halal'],
  [/kosher/, 'kosher'],
];

export function badgesFor(dietary: string | null | undefined): BadgeKind[] {
  const text = (dietary ?? '').slice(0, 1000).toLowerCase();
  return WORDS.filter(([re]) => re.test(text)).map(([, k]) => k);
}

// Icons drawn in a 0..40 box, centred on (20, 20).
const ICONS: Record<BadgeKind, string> = {
  vegan:
    '<path d="M10 30C8 16 18 8 32 8C33 22 24 31 10 30Z" fill="C"/><path d="M10 30L24 16" stroke="W" stroke-width="2.4" stroke-linecap="round"/>',
  'gluten-free':
    '<path d="M20 33V10" stroke="C" stroke-width="2.6" stroke-linecap="round"/><g fill="C"><ellipse cx="15.5" cy="14" rx="3" ry="5" transform="rotate(-30 15.5 14)"/><ellipse cx="24.5" cy="14" rx="3" ry="5" transform="rotate(30 24.5 14)"/><ellipse cx="15.5" cy="21" rx="3" ry="5" transform="rotate(-30 15.5 21)"/><ellipse cx="24.5" cy="21" rx="3" ry="5" transform="rotate(30 24.5 21)"/><ellipse cx="20" cy="8" rx="2.6" ry="4.5"/></g>',
  'nut-free':
    '<path d="M20 7C27 7 30 13 30 20C30 28 25 33 20 33C15 33 10 28 10 20C10 13 13 7 20 7Z" fill="C"/><path d="M14 17H26M13.5 22H26.5M15 27H25" stroke="W" stroke-width="1.6" stroke-opacity="0.7"/>',
  'dairy-free':
    '<path d="M15 7H25V11L29 17V33H11V17L15 11Z" fill="C"/><rect x="15" y="20" width="10" height="7" rx="1.5" fill="W" fill-opacity="0.8"/>',
  'egg-free': '<path d="M20 6C26 6 31 16 31 23C31 29 26 34 20 34C14 34 9 29 9 23C9 16 14 6 20 6Z" fill="C"/>',
  'sugar-free':
    '<path d="M9 15L20 9L31 15V27L20 33L9 27Z" fill="C"/><path d="M9 15L20 21L31 15M20 21V33" stroke="W" stroke-width="1.6" fill="none" stroke-opacity="0.7"/>',
  halal:
    '<path d="M25 8A12 12 0 1 0 25 32A9.5 9.5 0 1 1 25 8Z" fill="C"/><path d="M29 15L30.2 18.3H33.6L30.9 20.3L31.9 23.6L29 21.6L26.1 23.6L27.1 20.3L24.4 18.3H27.8Z" fill="C"/>',
  kosher:
    '<path d="M20 7L31 26H9Z M20 33L9 14H31Z" fill="none" stroke="C" stroke-width="2.6" stroke-linejoin="round"/>',
};

// The "free of" badges cross out their ingredient.
const CROSSED = new Set<BadgeKind>(['gluten-free', 'nut-free', 'dairy-free', 'egg-free', 'sugar-free']);

export function badges(defs: Defs, kinds: readonly BadgeKind[], unit: number, p: Palette): string {
  const size = 64 * unit;
  const gap = 14 * unit;
  const bg = p.dark ? '#1d1b20' : '#ffffff';
  const ink = p.dark ? lighten(p.metal, 0.2) : '#4f7a55';
  const fill = defs.linear(
    [
      [0, bg],
      [1, p.dark ? '#29262c' : '#f6f3ef'],
    ],
    0,
    0,
    0,
    1,
  );
  return kinds
    .map((kind, i) => {
      const x = 36 * unit + i * (size + gap);
      const y = 36 * unit;
      const icon = (ICONS[kind] as string).replaceAll('"C"', `"${ink}"`).replaceAll('"W"', `"${bg}"`);
      const cross = CROSSED.has(kind)
        ? `<path d="M8 32L32 8" stroke="${bg}" stroke-width="6" stroke-linecap="round"/><path d="M8 32L32 8" stroke="${darken('#c0563f', 0)}" stroke-width="3" stroke-linecap="round"/>`
        : '';
      return (
        `<g transform="translate(${f(x)} ${f(y)}) scale(${f(size / 40)})">` +
        `<circle cx="20" cy="21.2" r="20" fill="#000000" fill-opacity="0.12"/>` +
        `<circle cx="20" cy="20" r="20" fill="${fill}" stroke="${ink}" stroke-opacity="0.35" stroke-width="1"/>` +
        `<g transform="translate(5.6 5.6) scale(0.72)">${icon}${cross}</g></g>`
      );
    })
    .join('');
}
