/**
 * Writes the hand-drawn demo illustrations in public/demo (testimonial avatars, the hero cake). The demo
 * designs and vendor pictures come from the procedural renderer instead: npm run demo-art.
 * Deterministic: run `node --import tsx scripts/generate-demo-art.ts` after changing it and commit the SVGs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';

type Palette = {
  bg: [string, string];
  sponge: string;
  frosting: string;
  drip: string;
  accent: string;
  accent2: string;
};
type Deco = 'roses' | 'sprinkles' | 'berries' | 'stars' | 'lemons' | 'holly' | 'geometric' | 'gold';
type Topper = 'none' | 'candles' | 'heart' | 'moon' | 'cap' | 'star' | 'flowers';
interface CakeSpec {
  title: string;
  tiers: number;
  sheet?: boolean;
  naked?: boolean;
  palette: Palette;
  deco: Deco;
  topper: Topper;
}

// A tiny deterministic random generator, so the art is the same on every run.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const rose = (x: number, y: number, r: number, c: string, c2: string) =>
  `<g transform="translate(${x} ${y})"><circle r="${r}" fill="${c}"/><path d="M${-r * 0.6} 0a${r * 0.6} ${r * 0.6} 0 1 1 ${r * 1.2} 0" fill="none" stroke="${c2}" stroke-width="${r * 0.18}" stroke-linecap="round"/><path d="M${-r * 0.3} ${r * 0.15}a${r * 0.3} ${r * 0.3} 0 1 0 ${r * 0.6} 0" fill="none" stroke="${c2}" stroke-width="${r * 0.16}" stroke-linecap="round"/></g>`;
const leaf = (x: number, y: number, s: number, rot: number, c = '#7d9b76') =>
  `<path transform="translate(${x} ${y}) rotate(${rot})" d="M0 0q${s * 0.5} ${-s * 0.45} ${s} 0q${-s * 0.5} ${s * 0.45} ${-s} 0z" fill="${c}"/>`;

function tier(cx: number, bottom: number, w: number, h: number, p: Palette, naked: boolean, seed: number) {
  const r = rng(seed);
  const x = cx - w / 2;
  const top = bottom - h;
  const ry = w * 0.09;
  let out = `<rect x="${x}" y="${top}" width="${w}" height="${h}" rx="6" fill="${naked ? p.sponge : p.frosting}"/>`;
  out += `<ellipse cx="${cx}" cy="${bottom}" rx="${w / 2}" ry="${ry}" fill="${naked ? p.sponge : p.frosting}"/>`;
  if (naked) {
    for (let i = 1; i < 3; i++)
      out += `<rect x="${x}" y="${top + (h * i) / 3 - 5}" width="${w}" height="10" fill="${p.frosting}" opacity="0.95"/>`;
  }
  // Shading on the sides gives the tier its roundness.
  out += `<rect x="${x}" y="${top}" width="${w}" height="${h + ry}" rx="6" fill="url(#side)" opacity="0.55"/>`;
  // Drip along the top edge.
  let d = `M${x} ${top}`;
  const n = Math.max(6, Math.round(w / 34));
  for (let i = 0; i < n; i++) {
    const x0 = x + (w * i) / n;
    const x1 = x + (w * (i + 1)) / n;
    const len = h * (0.18 + r() * 0.32);
    d += ` L${x0 + (x1 - x0) * 0.2} ${top} q${(x1 - x0) * 0.05} ${len} ${(x1 - x0) * 0.3} ${len} q${(x1 - x0) * 0.25} 0 ${(x1 - x0) * 0.3} ${-len}`;
  }
  d += ` L${x + w} ${top} Z`;
  out += `<path d="${d}" fill="${p.drip}"/>`;
  out += `<ellipse cx="${cx}" cy="${top}" rx="${w / 2}" ry="${ry}" fill="${p.drip}"/>`;
  out += `<ellipse cx="${cx}" cy="${top - 2}" rx="${w / 2 - 6}" ry="${ry - 3}" fill="#ffffff" opacity="0.18"/>`;
  // Piped beads along the base.
  for (let i = 0; i <= n * 2; i++) {
    const bx = x + (w * i) / (n * 2);
    const by = bottom + Math.sin((i / (n * 2)) * Math.PI) * ry * 0.9;
    out += `<circle cx="${bx}" cy="${by}" r="${Math.max(4, w * 0.018)}" fill="${p.frosting}" stroke="${p.accent2}" stroke-opacity="0.25"/>`;
  }
  return out;
}

function decorate(
  spec: CakeSpec,
  cx: number,
  tiers: { bottom: number; w: number; h: number }[],
  seed: number,
) {
  const r = rng(seed);
  const p = spec.palette;
  let out = '';
  for (const t of tiers) {
    const top = t.bottom - t.h;
    const x = cx - t.w / 2;
    if (spec.deco === 'sprinkles') {
      for (let i = 0; i < t.w / 6; i++) {
        const colors = ['#f25f8c', '#ffd166', '#06d6a0', '#5fa8f2', '#b07cf2'];
        out += `<rect x="${x + 10 + r() * (t.w - 20)}" y="${top + t.h * 0.45 + r() * t.h * 0.45}" width="9" height="3" rx="1.5" fill="${colors[i % 5]}"/>`;
      }
    } else if (spec.deco === 'roses') {
      for (let i = 0; i < 3; i++) {
        const rx = x + t.w * (0.2 + i * 0.3);
        out += leaf(rx - 16, top + t.h * 0.6, 20, 200) + leaf(rx + 10, top + t.h * 0.62, 20, -20);
        out += rose(rx, top + t.h * 0.55, 13, p.accent, p.accent2);
      }
    } else if (spec.deco === 'berries' || spec.deco === 'holly') {
      for (let i = 0; i < 5; i++) {
        const bx = x + t.w * (0.12 + i * 0.19);
        if (spec.deco === 'holly')
          out += leaf(bx - 14, top + 6, 18, 160, '#3f7a4f') + leaf(bx + 2, top + 6, 18, 10, '#3f7a4f');
        out += `<circle cx="${bx}" cy="${top + 2}" r="7" fill="${p.accent}"/><circle cx="${bx - 2}" cy="${top}" r="2" fill="#fff" opacity="0.6"/>`;
      }
    } else if (spec.deco === 'stars') {
      for (let i = 0; i < 6; i++)
        out += star(x + 14 + r() * (t.w - 28), top + t.h * 0.35 + r() * t.h * 0.5, 7, p.accent);
    } else if (spec.deco === 'lemons') {
      for (let i = 0; i < 4; i++) {
        const lx = x + t.w * (0.15 + i * 0.23);
        out += `<g transform="translate(${lx} ${top - 4})"><circle r="14" fill="#f7d64a"/><circle r="11" fill="#fbe98a"/>${[0, 60, 120].map((a) => `<line x1="0" y1="0" x2="${11 * Math.cos((a * Math.PI) / 180)}" y2="${11 * Math.sin((a * Math.PI) / 180)}" stroke="#f7d64a" stroke-width="2"/>`).join('')}</g>`;
        out += flower(lx + 16, top + t.h * 0.5, 8, '#ffffff', '#f2c14e');
      }
    } else if (spec.deco === 'geometric') {
      for (let i = 0; i < 7; i++)
        out += `<path d="M${x + 16 + i * ((t.w - 32) / 6)} ${top + t.h * 0.45} l10 12 l-10 12 l-10 -12z" fill="${p.accent}"/>`;
      out += `<rect x="${x}" y="${top + t.h * 0.82}" width="${t.w}" height="6" fill="${p.accent}"/>`;
    } else if (spec.deco === 'gold') {
      out += `<path d="M${x + t.w * 0.15} ${top + t.h * 0.3} q${t.w * 0.2} ${t.h * 0.3} ${t.w * 0.05} ${t.h * 0.55}" stroke="${p.accent}" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.9"/>`;
      for (let i = 0; i < 10; i++)
        out += `<circle cx="${x + 10 + r() * (t.w - 20)}" cy="${top + 10 + r() * (t.h - 20)}" r="${2 + r() * 3}" fill="${p.accent}"/>`;
    }
  }
  return out;
}

const star = (x: number, y: number, s: number, c: string) =>
  `<path transform="translate(${x} ${y})" d="${Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rad = i % 2 ? s * 0.45 : s;
    return `${i ? 'L' : 'M'}${(rad * Math.cos(a)).toFixed(1)} ${(rad * Math.sin(a)).toFixed(1)}`;
  }).join(' ')}Z" fill="${c}"/>`;

const flower = (x: number, y: number, s: number, petal: string, center: string) =>
  `<g transform="translate(${x} ${y})">${[0, 72, 144, 216, 288].map((a) => `<ellipse rx="${s * 0.55}" ry="${s * 0.32}" cx="${s * 0.5}" fill="${petal}" transform="rotate(${a})"/>`).join('')}<circle r="${s * 0.3}" fill="${center}"/></g>`;

function topper(kind: Topper, cx: number, top: number, p: Palette) {
  switch (kind) {
    case 'candles':
      return [-40, 0, 40]
        .map(
          (dx, i) =>
            `<rect x="${cx + dx - 6}" y="${top - 70}" width="12" height="66" rx="3" fill="${['#f25f8c', '#5fa8f2', '#ffd166'][i]}"/><path d="M${cx + dx} ${top - 98}q12 16 0 24q-12 -8 0 -24z" fill="#ffb703"/><path d="M${cx + dx} ${top - 88}q5 8 0 12q-5 -4 0 -12z" fill="#fff3b0"/>`,
        )
        .join('');
    case 'heart':
      return `<path d="M${cx} ${top - 20} c-40 -30 -40 -75 0 -60 c40 -15 40 30 0 60z" fill="${p.accent2}" stroke="#b8892b" stroke-width="3"/><rect x="${cx - 2}" y="${top - 22}" width="4" height="22" fill="#b8892b"/>`;
    case 'moon':
      return `<path d="M${cx + 20} ${top - 100} a45 45 0 1 0 0 90 a35 35 0 1 1 0 -90z" fill="#ffe08a"/>${star(cx + 45, top - 90, 10, '#ffe08a')}`;
    case 'cap':
      return `<path d="M${cx - 70} ${top - 50} l70 -30 l70 30 l-70 30z" fill="#1f1f2e"/><path d="M${cx - 40} ${top - 38} v22 q40 18 80 0 v-22" fill="#1f1f2e"/><path d="M${cx + 60} ${top - 48} v40" stroke="#d9b04a" stroke-width="4"/><circle cx="${cx + 60}" cy="${top - 6}" r="7" fill="#d9b04a"/>`;
    case 'star':
      return `<rect x="${cx - 3}" y="${top - 60}" width="6" height="60" fill="#8a5a3b"/>${star(cx, top - 75, 34, '#c98a4b')}${star(cx, top - 75, 24, '#e0a866')}`;
    case 'flowers':
      return [
        rose(cx - 34, top - 14, 22, p.accent, p.accent2),
        rose(cx + 10, top - 24, 28, p.accent, p.accent2),
        rose(cx + 44, top - 10, 18, '#fff4ec', '#e8c9b5'),
        leaf(cx - 70, top - 10, 34, 200),
        leaf(cx + 60, top - 8, 30, -20),
      ].join('');
    default:
      return '';
  }
}

/** A complete cake on a stand, centred at cx, standing on baseY, within width maxW. */
function cake(spec: CakeSpec, cx: number, baseY: number, maxW: number, seed: number) {
  const p = spec.palette;
  const tiers: { bottom: number; w: number; h: number }[] = [];
  let bottom = baseY - 30;
  const n = spec.tiers;
  for (let i = 0; i < n; i++) {
    const w = spec.sheet ? maxW : maxW * (1 - i * (0.7 / Math.max(n, 2)));
    const h = spec.sheet
      ? maxW * 0.32
      : Math.min(n > 2 ? 150 : 185, maxW * (n > 2 ? 0.3 : 0.42) * (1 - i * 0.08));
    tiers.push({ bottom, w, h });
    bottom -= h;
  }
  let out = `<ellipse cx="${cx}" cy="${baseY + 20}" rx="${maxW * 0.62}" ry="22" fill="#000" opacity="0.08"/>`;
  out += `<path d="M${cx - 40} ${baseY + 16} h80 l-16 -30 h-48z" fill="#d8c3a8"/>`;
  out += `<ellipse cx="${cx}" cy="${baseY - 14}" rx="${maxW * 0.6}" ry="${maxW * 0.07}" fill="#e9dccb"/><ellipse cx="${cx}" cy="${baseY - 18}" rx="${maxW * 0.6}" ry="${maxW * 0.065}" fill="#f7efe4"/>`;
  tiers.forEach((t, i) => (out += tier(cx, t.bottom, t.w, t.h, p, !!spec.naked, seed + i * 7)));
  out += decorate(spec, cx, tiers, seed);
  const last = tiers[tiers.length - 1]!;
  out += topper(spec.topper, cx, last.bottom - last.h - last.w * 0.05, p);
  return out;
}

const defs = (bg: [string, string]) =>
  `<defs><radialGradient id="bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></radialGradient><linearGradient id="side" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="0.25" stop-color="#000" stop-opacity="0"/><stop offset="0.7" stop-color="#fff" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient></defs>`;

function sparkles(w: number, h: number, seed: number, color = '#ffffff') {
  const r = rng(seed);
  return Array.from({ length: 14 }, () => star(r() * w, r() * h * 0.7, 3 + r() * 6, color)).join('');
}

const svg = (w: number, h: number, title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}"><title>${title}</title>${body}</svg>\n`;

const P = {
  ivory: {
    bg: ['#fff6f2', '#f6dfe0'],
    sponge: '#f3d9a4',
    frosting: '#fffaf2',
    drip: '#fff4e8',
    accent: '#f2a7b8',
    accent2: '#d9788f',
  },
  rainbow: {
    bg: ['#fff9e6', '#ffd9e6'],
    sponge: '#f7d9a0',
    frosting: '#fdf1f6',
    drip: '#ff9fc2',
    accent: '#f25f8c',
    accent2: '#c2407a',
  },
  redvelvet: {
    bg: ['#fff3ef', '#f3d3cf'],
    sponge: '#9e2a35',
    frosting: '#fdf6ee',
    drip: '#fbf1e4',
    accent: '#c81d3a',
    accent2: '#e7c26a',
  },
  baby: {
    bg: ['#f3fbff', '#dff3ea'],
    sponge: '#f7e3a4',
    frosting: '#d9f2e6',
    drip: '#fff6c9',
    accent: '#f7d25c',
    accent2: '#b8dccb',
  },
  chocolate: {
    bg: ['#fbf3ea', '#ead7c4'],
    sponge: '#5a3424',
    frosting: '#6b3e2b',
    drip: '#3e2218',
    accent: '#d9b04a',
    accent2: '#a8742f',
  },
  navy: {
    bg: ['#f2f5fb', '#dbe2f0'],
    sponge: '#f3d9a4',
    frosting: '#1f3358',
    drip: '#f7f3ea',
    accent: '#d9b04a',
    accent2: '#b8892b',
  },
  holiday: {
    bg: ['#f5fbf7', '#dcebe2'],
    sponge: '#b07a4f',
    frosting: '#ffffff',
    drip: '#f4f8fb',
    accent: '#c81d3a',
    accent2: '#3f7a4f',
  },
  lemon: {
    bg: ['#fffdf0', '#f4efcf'],
    sponge: '#f6d77a',
    frosting: '#fffdf5',
    drip: '#fffbea',
    accent: '#f7d64a',
    accent2: '#e5b92f',
  },
} satisfies Record<string, Palette>;

const AVATARS: [string, string, string, string][] = [
  // skin, hair, shirt, background
  ['#f1c7a5', '#3b2a20', '#d4537a', '#fde0e7'],
  ['#c68c5f', '#1f1714', '#6f8f6c', '#e8efe6'],
  ['#f6d5bd', '#b5652d', '#c4962c', '#fbf1d3'],
];

function avatarSvg([skin, hair, shirt, bg]: (typeof AVATARS)[number], i: number) {
  const longHair = i % 2 === 0;
  const hairBack = longHair ? `<path d="M52 100 q0 -62 48 -62 q48 0 48 62 v50 h-96z" fill="${hair}"/>` : '';
  const body = `<rect width="200" height="200" rx="100" fill="${bg}"/>${hairBack}<path d="M30 200 q10 -58 70 -58 q60 0 70 58z" fill="${shirt}"/><rect x="88" y="120" width="24" height="26" rx="10" fill="${skin}"/><ellipse cx="100" cy="95" rx="38" ry="44" fill="${skin}"/><path d="M60 90 q4 -52 42 -50 q40 2 40 50 q-18 -26 -48 -24 q-20 2 -34 24z" fill="${hair}"/><circle cx="86" cy="98" r="4" fill="#2a1a14"/><circle cx="114" cy="98" r="4" fill="#2a1a14"/><path d="M88 116 q12 10 24 0" stroke="#2a1a14" stroke-width="3" fill="none" stroke-linecap="round"/><circle cx="78" cy="110" r="6" fill="#f28fb0" opacity="0.35"/><circle cx="122" cy="110" r="6" fill="#f28fb0" opacity="0.35"/>`;
  return svg(200, 200, `Illustrated portrait ${i + 1}`, body);
}

function heroSvg() {
  const spec: CakeSpec = { title: '', tiers: 4, palette: P.ivory, deco: 'gold', topper: 'flowers' };
  const cascade = Array.from({ length: 9 }, (_, i) => {
    const t = i / 8;
    const x = 560 - t * 230 + Math.sin(t * 6) * 30;
    const y = 250 + t * 420;
    return (
      leaf(x - 20, y + 8, 30, 200) +
      rose(x, y, 16 + (i % 3) * 5, i % 2 ? '#f2a7b8' : '#fff4ec', i % 2 ? '#d9788f' : '#e8c9b5')
    );
  }).join('');
  return svg(
    900,
    900,
    'Four-tier celebration cake with cascading blush and cream flowers and gold leaf',
    `${defs(['#fff8f4', '#fbe3e6'])}<circle cx="450" cy="450" r="420" fill="url(#bg)"/>${sparkles(900, 900, 42, '#e0b84f')}${cake(spec, 450, 820, 480, 11)}${cascade}`,
  );
}

const out = 'public/demo';
mkdirSync(out, { recursive: true });
AVATARS.forEach((a, i) => writeFileSync(`${out}/avatar-${i + 1}.svg`, avatarSvg(a, i)));
writeFileSync(`${out}/hero-cake.svg`, heroSvg());
console.log(`wrote ${AVATARS.length + 1} files to ${out}`);
