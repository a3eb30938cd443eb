/**
 * The demo event vendors' pictures, drawn as the cake pictures are: an SVG made from the category and
 * a seed, rasterised with resvg. No network, no key, the same picture for the same seed. Drawn by
 * `npm run demo-art` only, which writes the covers into public/demo/vendors and the portfolio pictures
 * into demo-portfolio/ beside the seeder (demo-portfolio.ts); nothing draws them as the server runs.
 */
import { Resvg } from '@resvg/resvg-js';
import type { VendorCategory } from '../../../shared/catalog.ts';

export type EventCategory = Exclude<VendorCategory, 'cakes'>;

interface Dims {
  width: number;
  height: number;
}

/** A small deterministic generator (mulberry32) seeded from the text. */
function rng(seed: string) {
  let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 2654435761) >>> 0, 1779033703);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Palettes per category: background top, background bottom, then accents. */
const PALETTES: Record<EventCategory, string[][]> = {
  flowers: [
    ['#fdf2f4', '#f6dfe3', '#e8889a', '#f4b6c2', '#fff4e6', '#c75b7a', '#7a9e7e'],
    ['#f4f7ef', '#e3ecd9', '#f2a65a', '#f7d488', '#e9677b', '#fbe3e8', '#5f8a62'],
  ],
  decor: [
    ['#eef4fb', '#dbe7f5', '#f28cb1', '#ffd166', '#7fc8f8', '#b39ddb', '#ffffff'],
    ['#fff6ec', '#fbe3cf', '#e9c46a', '#f4a261', '#e76f51', '#fefae0', '#d4a373'],
  ],
  catering: [
    ['#f7f3ee', '#ebe2d6', '#c96f4a', '#8fb572', '#f2c14e', '#ffffff', '#6b4f3a'],
    ['#f1f5f2', '#dfe9e2', '#e07a5f', '#81b29a', '#f2cc8f', '#ffffff', '#3d405b'],
  ],
  photography: [
    ['#f3efe9', '#e4dccf', '#2f2f35', '#5a5a66', '#c9a66b', '#ffe9b8', '#8d99ae'],
    ['#eef2f6', '#d9e1ea', '#22223b', '#4a4e69', '#c9ada7', '#f2e9e4', '#9a8c98'],
  ],
  entertainment: [
    ['#1f1b3a', '#3b2f63', '#ffcf56', '#ff6b9d', '#4cc9f0', '#f8f7ff', '#7b2cbf'],
    ['#14213d', '#27406b', '#fca311', '#e5e5e5', '#ef476f', '#ffffff', '#06d6a0'],
  ],
  rentals: [
    ['#f5f7f2', '#e4ead9', '#ffffff', '#d8c3a5', '#8e8d8a', '#e98074', '#b9c6ae'],
    ['#fbf8f3', '#efe6d8', '#ffffff', '#c2b280', '#6d6875', '#b5838d', '#a3b18a'],
  ],
};

type Draw = (r: () => number, p: string[], d: Dims) => string;

const circle = (x: number, y: number, rad: number, fill: string, extra = '') =>
  `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${rad.toFixed(1)}" fill="${fill}" ${extra}/>`;

const flower = (x: number, y: number, s: number, petal: string, heart: string, turn: number) => {
  let out = '';
  for (let i = 0; i < 6; i++) {
    const a = turn + (i * Math.PI) / 3;
    out += `<ellipse cx="${(x + Math.cos(a) * s * 0.55).toFixed(1)}" cy="${(y + Math.sin(a) * s * 0.55).toFixed(1)}" rx="${(s * 0.5).toFixed(1)}" ry="${(s * 0.32).toFixed(1)}" transform="rotate(${((a * 180) / Math.PI).toFixed(0)} ${(x + Math.cos(a) * s * 0.55).toFixed(1)} ${(y + Math.sin(a) * s * 0.55).toFixed(1)})" fill="${petal}"/>`;
  }
  return out + circle(x, y, s * 0.3, heart);
};

const DRAW: Record<EventCategory, Draw> = {
  flowers: (r, p, { width: w, height: h }) => {
    const cx = w / 2;
    let out = `<path d="M${cx - w * 0.09} ${h * 0.62}L${cx - w * 0.07} ${h * 0.92}H${cx + w * 0.07}L${cx + w * 0.09} ${h * 0.62}Z" fill="${p[6]}" fill-opacity="0.55"/>`;
    for (let i = 0; i < 7; i++)
      out += `<path d="M${cx} ${h * 0.7}Q${cx + (r() - 0.5) * w * 0.3} ${h * 0.5} ${cx + (r() - 0.5) * w * 0.42} ${h * (0.28 + r() * 0.15)}" stroke="${p[6]}" stroke-width="${w * 0.006}" fill="none"/>`;
    for (let i = 0; i < 16; i++) {
      const a = r() * Math.PI * 2;
      const d = Math.sqrt(r()) * w * 0.2;
      out += flower(
        cx + Math.cos(a) * d,
        h * 0.36 + Math.sin(a) * d * 0.6,
        w * (0.035 + r() * 0.03),
        p[2 + Math.floor(r() * 4)]!,
        p[5]!,
        r() * 3,
      );
    }
    return out;
  },
  decor: (r, p, { width: w, height: h }) => {
    let out = '';
    for (let i = 0; i < 34; i++) {
      const t = i / 33;
      const a = Math.PI * (1 - t);
      const x = w / 2 + Math.cos(a) * w * 0.36 + (r() - 0.5) * w * 0.03;
      const y = h * 0.9 - Math.sin(a) * h * 0.66 + (r() - 0.5) * h * 0.04;
      out += circle(x, y, w * (0.035 + r() * 0.02), p[2 + Math.floor(r() * 4)]!, 'fill-opacity="0.95"');
      out += circle(x - w * 0.01, y - w * 0.012, w * 0.008, '#ffffff', 'fill-opacity="0.6"');
    }
    for (let i = 0; i < 5; i++) {
      const x = w * (0.35 + r() * 0.3);
      const y = h * (0.35 + r() * 0.2);
      out += `<path d="M${x} ${y + w * 0.05}q${w * 0.01} ${h * 0.1} 0 ${h * 0.22}" stroke="${p[6]}" stroke-width="2" fill="none"/>`;
      out += `<ellipse cx="${x}" cy="${y}" rx="${w * 0.04}" ry="${w * 0.05}" fill="${p[2 + (i % 4)]}"/>`;
    }
    return out;
  },
  catering: (r, p, { width: w, height: h }) => {
    let out = `<rect x="0" y="${h * 0.55}" width="${w}" height="${h * 0.45}" fill="${p[5]}" fill-opacity="0.7"/>`;
    for (let i = 0; i < 3; i++) {
      const x = w * (0.22 + i * 0.28);
      const y = h * (0.68 + (i % 2) * 0.06);
      out += `<ellipse cx="${x}" cy="${y + h * 0.02}" rx="${w * 0.13}" ry="${h * 0.09}" fill="#000" fill-opacity="0.08"/>`;
      out += `<ellipse cx="${x}" cy="${y}" rx="${w * 0.13}" ry="${h * 0.09}" fill="#ffffff" stroke="${p[6]}" stroke-opacity="0.25"/>`;
      for (let k = 0; k < 9; k++)
        out += circle(
          x + (r() - 0.5) * w * 0.14,
          y + (r() - 0.5) * h * 0.08,
          w * (0.012 + r() * 0.014),
          p[2 + Math.floor(r() * 3)]!,
        );
    }
    // Glasses behind the plates.
    for (let i = 0; i < 5; i++) {
      const x = w * (0.14 + i * 0.18);
      out += `<path d="M${x - w * 0.02} ${h * 0.38}h${w * 0.04}l-${w * 0.008} ${h * 0.1}h-${w * 0.024}Z" fill="#ffffff" fill-opacity="0.8" stroke="${p[6]}" stroke-opacity="0.3"/>`;
      out += `<rect x="${x - w * 0.002}" y="${h * 0.48}" width="${w * 0.004}" height="${h * 0.06}" fill="${p[6]}" fill-opacity="0.3"/>`;
    }
    return out;
  },
  photography: (r, p, { width: w, height: h }) => {
    const cx = w * (0.45 + r() * 0.1);
    const cy = h * 0.55;
    let out = `<rect x="${cx - w * 0.24}" y="${cy - h * 0.2}" width="${w * 0.48}" height="${h * 0.4}" rx="${w * 0.03}" fill="${p[2]}"/>`;
    out += `<rect x="${cx - w * 0.08}" y="${cy - h * 0.28}" width="${w * 0.14}" height="${h * 0.1}" rx="${w * 0.01}" fill="${p[3]}"/>`;
    out +=
      circle(cx, cy, h * 0.16, p[3]!) +
      circle(cx, cy, h * 0.12, '#111') +
      circle(cx, cy, h * 0.07, p[6]!, 'fill-opacity="0.6"');
    out += circle(cx - h * 0.03, cy - h * 0.03, h * 0.02, '#ffffff', 'fill-opacity="0.7"');
    out += circle(cx + w * 0.18, cy - h * 0.13, h * 0.025, p[4]!);
    for (let i = 0; i < 6; i++)
      out += `<rect x="${w * (0.04 + r() * 0.1)}" y="${h * (0.1 + i * 0.14)}" width="${w * 0.1}" height="${h * 0.1}" fill="${p[5]}" stroke="${p[6]}" stroke-opacity="0.4" transform="rotate(${(r() - 0.5) * 20} ${w * 0.1} ${h * (0.15 + i * 0.14)})"/>`;
    return out;
  },
  entertainment: (r, p, { width: w, height: h }) => {
    let out = '';
    for (let i = 0; i < 4; i++) {
      const x = w * (0.15 + i * 0.23);
      out += `<path d="M${x} 0L${x - w * 0.14} ${h * 0.8}H${x + w * 0.14}Z" fill="${p[2 + (i % 3)]}" fill-opacity="0.18"/>`;
    }
    out += `<rect x="0" y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#000" fill-opacity="0.35"/>`;
    for (let i = 0; i < 2; i++) {
      const x = w * (0.12 + i * 0.66);
      out += `<rect x="${x}" y="${h * 0.45}" width="${w * 0.14}" height="${h * 0.35}" rx="${w * 0.01}" fill="#111"/>`;
      out +=
        circle(x + w * 0.07, h * 0.56, w * 0.04, '#333') + circle(x + w * 0.07, h * 0.7, w * 0.025, '#333');
    }
    for (let i = 0; i < 7; i++) {
      const x = w * (0.3 + r() * 0.4);
      const y = h * (0.2 + r() * 0.45);
      const c = p[2 + Math.floor(r() * 3)]!;
      out +=
        circle(x, y, w * 0.018, c) +
        `<rect x="${x + w * 0.014}" y="${y - h * 0.12}" width="${w * 0.006}" height="${h * 0.12}" fill="${c}"/>`;
    }
    return out;
  },
  rentals: (r, p, { width: w, height: h }) => {
    const cx = w / 2;
    let out = `<path d="M${cx - w * 0.38} ${h * 0.42}L${cx} ${h * 0.1}L${cx + w * 0.38} ${h * 0.42}Z" fill="${p[2]}" stroke="${p[4]}" stroke-opacity="0.3"/>`;
    out += `<rect x="${cx - w * 0.36}" y="${h * 0.42}" width="${w * 0.72}" height="${h * 0.4}" fill="${p[2]}" fill-opacity="0.6" stroke="${p[4]}" stroke-opacity="0.3"/>`;
    for (let i = 0; i < 3; i++) {
      const x = w * (0.26 + i * 0.24);
      out += `<ellipse cx="${x}" cy="${h * 0.7}" rx="${w * 0.08}" ry="${h * 0.035}" fill="${p[5]}"/>`;
      out += `<rect x="${x - w * 0.005}" y="${h * 0.7}" width="${w * 0.01}" height="${h * 0.12}" fill="${p[4]}"/>`;
      for (const dx of [-0.1, 0.1])
        out += `<rect x="${x + w * dx - w * 0.015}" y="${h * 0.66}" width="${w * 0.03}" height="${h * 0.16}" rx="${w * 0.006}" fill="${p[3]}"/>`;
    }
    for (let i = 0; i < 9; i++)
      out += circle(w * (0.16 + i * 0.085), h * (0.44 + r() * 0.01), w * 0.008, p[6]!);
    return out;
  },
};

/** The picture as SVG: a soft background of the category's palette and its scene. */
export function eventArtSvg(category: EventCategory, seed: string, dims: Dims): string {
  const r = rng(`${category}:${seed}`);
  const palettes = PALETTES[category];
  const p = palettes[Math.floor(r() * palettes.length)]!;
  const { width: w, height: h } = dims;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>${DRAW[category](r, p, dims)}</svg>`
  );
}

const RESVG_OPTIONS = { font: { loadSystemFonts: false }, shapeRendering: 2, imageRendering: 0 } as const;

/** PNG bytes of the picture. */
export function renderEventArtPng(category: EventCategory, seed: string, dims: Dims): Buffer {
  return new Resvg(eventArtSvg(category, seed, dims), RESVG_OPTIONS).render().asPng();
}
