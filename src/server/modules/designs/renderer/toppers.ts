/** The occasion topper standing on the top tier. */
import { darken, lighten } from './color.ts';
import type { Body } from './layout.ts';
import type { Palette } from './palette.ts';
import type { Rng } from './random.ts';
import { berry, flowerSpray, leaf, metalFill, sphere, starPath } from './shapes.ts';
import { type Defs, f } from './svg.ts';

export type TopperKind =
  'candles' | 'rings' | 'spray' | 'heart' | 'mortarboard' | 'moon' | 'plaque' | 'snowflake' | 'star' | 'bow';

export function topperFor(occasion: string, rng: Rng): TopperKind {
  const o = occasion.toLowerCase();
  if (o.includes('birthday')) return 'candles';
  if (o.includes('wedding')) return rng.chance(0.5) ? 'rings' : 'spray';
  if (o.includes('anniversary')) return 'heart';
  if (o.includes('graduat')) return 'mortarboard';
  if (o.includes('baby')) return 'moon';
  if (o.includes('corporate')) return 'plaque';
  if (o.includes('holiday') || o.includes('christmas')) return 'snowflake';
  return rng.chance(0.5) ? 'star' : 'bow';
}

interface TopperContext {
  defs: Defs;
  rng: Rng;
  p: Palette;
}

const wire = (x: number, y0: number, y1: number, c: string, w: number) =>
  `<path d="M${f(x)} ${f(y0)}V${f(y1)}" stroke="${c}" stroke-width="${f(w)}" stroke-linecap="round"/>`;

/** Draws the topper centred on the top tier; size follows the tier so small cakes get small toppers. */
export function topper(kind: TopperKind, ctx: TopperContext, body: Body): string {
  const { defs, p, rng } = ctx;
  const base = body.top(0, 0.15);
  const s = Math.min(body.width * 0.6, body.height * 1.5);
  const x = base.x;
  const y = base.y;
  const metal = metalFill(defs, p.metal);
  switch (kind) {
    case 'candles': {
      const n = body.width > 300 ? 5 : 3;
      const turn = rng.range(0, Math.PI);
      const spots = Array.from({ length: n }, (_, i) => {
        const a = turn + (i / n) * Math.PI * 2;
        return body.top(Math.cos(a) * 0.42, Math.sin(a) * 0.42);
      }).sort((a, b) => a.y - b.y);
      return spots
        .map((q, i) => candle(defs, q.x, q.y, s * 0.5, s * 0.07, i % 2 ? p.accent : p.accent2))
        .join('');
    }
    case 'rings': {
      const r = s * 0.22;
      return `<g fill="none" stroke="${metal}" stroke-width="${f(r * 0.2)}"><ellipse cx="${f(x - r * 0.45)}" cy="${f(y - r * 1.05)}" rx="${f(r)}" ry="${f(r * 0.95)}"/><ellipse cx="${f(x + r * 0.45)}" cy="${f(y - r * 1.05)}" rx="${f(r * 0.88)}" ry="${f(r * 0.95)}" transform="rotate(12 ${f(x + r * 0.45)} ${f(y - r)})"/></g>${sphere(defs, x - r * 0.45, y - r * 2.05, r * 0.2, '#eef6fb')}`;
    }
    case 'spray':
      return flowerSpray(
        defs,
        x,
        y - s * 0.1,
        s * 0.32,
        [p.flower, lighten(p.flower, 0.4), p.frosting],
        '#7d9b76',
        rng.next,
      );
    case 'heart': {
      const h = s * 0.55;
      const cy = y - s * 0.7;
      return `${wire(x - h * 0.15, y, cy, darken(p.metal, 0.2), s * 0.015)}${wire(x + h * 0.15, y, cy, darken(p.metal, 0.2), s * 0.015)}<path d="M${f(x)} ${f(cy + h * 0.45)}C${f(x - h * 0.9)} ${f(cy - h * 0.05)} ${f(x - h * 0.45)} ${f(cy - h * 0.65)} ${f(x)} ${f(cy - h * 0.25)}C${f(x + h * 0.45)} ${f(cy - h * 0.65)} ${f(x + h * 0.9)} ${f(cy - h * 0.05)} ${f(x)} ${f(cy + h * 0.45)}Z" fill="${defs.radial(
        [
          [0, lighten(p.accent, 0.45)],
          [0.5, p.accent],
          [1, darken(p.accent, 0.3)],
        ],
        0.35,
        0.3,
        0.8,
      )}" stroke="${metal}" stroke-width="${f(s * 0.025)}"/>`;
    }
    case 'mortarboard': {
      const w = s * 0.55;
      const cy = y - s * 0.22;
      const cap = `<path d="M${f(x - w * 0.3)} ${f(cy)}V${f(y - s * 0.02)}Q${f(x)} ${f(y + s * 0.06)} ${f(x + w * 0.3)} ${f(y - s * 0.02)}V${f(cy)}Z" fill="#25252b"/>`;
      const board = `<path d="M${f(x)} ${f(cy - w * 0.26)}L${f(x + w * 0.55)} ${f(cy)}L${f(x)} ${f(cy + w * 0.2)}L${f(x - w * 0.55)} ${f(cy)}Z" fill="#2f2f36" stroke="#45454e" stroke-width="${f(s * 0.01)}"/>`;
      const tassel = `<path d="M${f(x)} ${f(cy - w * 0.03)}L${f(x + w * 0.42)} ${f(cy + w * 0.02)}V${f(cy + w * 0.35)}" stroke="${p.metal}" stroke-width="${f(s * 0.015)}" fill="none"/><path d="M${f(x + w * 0.39)} ${f(cy + w * 0.3)}h${f(w * 0.06)}l${f(w * 0.02)} ${f(w * 0.18)}h${f(-w * 0.1)}Z" fill="${metal}"/>`;
      return cap + board + sphere(defs, x, cy - w * 0.03, s * 0.02, p.metal) + tassel;
    }
    case 'moon': {
      const r = s * 0.3;
      const cy = y - s * 0.75;
      const c = lighten(p.accent, 0.2);
      return `${wire(x, y, cy + r, darken(p.metal, 0.2), s * 0.015)}<path d="M${f(x + r * 0.3)} ${f(cy - r)}A${f(r)} ${f(r)} 0 1 0 ${f(x + r * 0.3)} ${f(cy + r)}A${f(r * 0.75)} ${f(r * 0.8)} 0 1 1 ${f(x + r * 0.3)} ${f(cy - r)}Z" fill="${defs.linear(
        [
          [0, lighten(c, 0.4)],
          [1, c],
        ],
        0,
        0,
        1,
        1,
      )}" stroke="${metal}" stroke-width="${f(s * 0.015)}"/>${wire(x + r * 0.9, y, cy - r * 0.2, darken(p.metal, 0.2), s * 0.012)}<path d="${starPath(x + r * 0.9, cy - r * 0.3, r * 0.35)}" fill="${metal}"/><path d="${starPath(x - r * 0.75, cy + r * 0.9, r * 0.22)}" fill="${metal}"/>`;
    }
    case 'plaque': {
      const w = s * 0.8;
      const h = s * 0.42;
      const top = y - s * 0.55;
      let lines = '';
      for (const [i, k] of [0.7, 0.5, 0.35].entries())
        lines += `<rect x="${f(x - (w * k) / 2)}" y="${f(top + h * (0.32 + i * 0.2))}" width="${f(w * k)}" height="${f(h * 0.06)}" rx="${f(h * 0.03)}" fill="${p.metal}" fill-opacity="0.85"/>`;
      return `<path d="M${f(x - w * 0.25)} ${f(y)}L${f(x - w * 0.15)} ${f(top + h)}M${f(x + w * 0.25)} ${f(y)}L${f(x + w * 0.15)} ${f(top + h)}" stroke="${darken(p.metal, 0.2)}" stroke-width="${f(s * 0.02)}"/><rect x="${f(x - w / 2)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" rx="${f(h * 0.12)}" fill="${metal}"/><rect x="${f(x - w / 2 + h * 0.06)}" y="${f(top + h * 0.06)}" width="${f(w - h * 0.12)}" height="${f(h * 0.88)}" rx="${f(h * 0.09)}" fill="${darken(p.accent, 0.35)}"/>${lines}`;
    }
    case 'snowflake': {
      const r = s * 0.3;
      const cy = y - s * 0.75;
      let arms = '';
      for (let i = 0; i < 6; i++) {
        const a = (i * Math.PI) / 3;
        const ex = x + Math.cos(a) * r;
        const ey = cy + Math.sin(a) * r;
        const mx = x + Math.cos(a) * r * 0.55;
        const my = cy + Math.sin(a) * r * 0.55;
        arms += `M${f(x)} ${f(cy)}L${f(ex)} ${f(ey)}M${f(mx)} ${f(my)}L${f(mx + Math.cos(a + 0.8) * r * 0.28)} ${f(my + Math.sin(a + 0.8) * r * 0.28)}M${f(mx)} ${f(my)}L${f(mx + Math.cos(a - 0.8) * r * 0.28)} ${f(my + Math.sin(a - 0.8) * r * 0.28)}`;
      }
      const holly = [-1, 1].map((d) => leaf(defs, x, y, s * 0.28, d > 0 ? -15 : 195, '#2f6b3f')).join('');
      const berries = [-0.05, 0.05, 0]
        .map((d, i) => berry(defs, x + d * s, y - (i === 2 ? s * 0.05 : 0), s * 0.04, '#b3202f', false))
        .join('');
      return `${wire(x, y, cy + r, darken(p.metal, 0.2), s * 0.015)}<path d="${arms}" stroke="${lighten(p.metal, 0.5)}" stroke-width="${f(s * 0.035)}" stroke-linecap="round" fill="none"/>${holly}${berries}`;
    }
    case 'star': {
      const cy = y - s * 0.75;
      return `${wire(x, y, cy, darken(p.metal, 0.2), s * 0.015)}<path d="${starPath(x, cy, s * 0.3)}" fill="${metal}" stroke="${darken(p.metal, 0.25)}" stroke-width="${f(s * 0.01)}" stroke-linejoin="round"/>`;
    }
    case 'bow': {
      const w = s * 0.3;
      const cy = y - s * 0.12;
      const c = defs.linear(
        [
          [0, lighten(p.accent, 0.35)],
          [1, darken(p.accent, 0.2)],
        ],
        0,
        0,
        0,
        1,
      );
      return `<path d="M${f(x)} ${f(cy)}L${f(x - w * 0.6)} ${f(cy + w * 0.55)}M${f(x)} ${f(cy)}L${f(x + w * 0.55)} ${f(cy + w * 0.6)}" stroke="${darken(p.accent, 0.1)}" stroke-width="${f(w * 0.22)}"/><path d="M${f(x)} ${f(cy)}C${f(x - w * 1.2)} ${f(cy - w * 0.9)} ${f(x - w * 1.3)} ${f(cy + w * 0.5)} ${f(x)} ${f(cy)}C${f(x + w * 1.3)} ${f(cy - w * 0.9)} ${f(x + w * 1.2)} ${f(cy + w * 0.5)} ${f(x)} ${f(cy)}Z" fill="${c}"/>${sphere(defs, x, cy, w * 0.18, p.accent)}`;
    }
  }
}

function candle(defs: Defs, x: number, y: number, h: number, w: number, c: string): string {
  const top = y - h;
  const body = defs.linear([
    [0, darken(c, 0.2)],
    [0.35, lighten(c, 0.35)],
    [1, darken(c, 0.25)],
  ]);
  let stripes = '';
  for (let k = 0; k < 4; k++) {
    const sy = top + h * (0.15 + k * 0.22);
    stripes += `<path d="M${f(x - w / 2)} ${f(sy + w * 0.5)}L${f(x + w / 2)} ${f(sy)}" stroke="#ffffff" stroke-width="${f(w * 0.3)}" stroke-opacity="0.8"/>`;
  }
  const glow = defs.radial([
    [0, '#fff3c4', 0.55],
    [1, '#ffd27a', 0],
  ]);
  const flame = defs.radial(
    [
      [0, '#fffbe8'],
      [0.45, '#ffd15a'],
      [1, '#f08a24'],
    ],
    0.5,
    0.7,
    0.6,
  );
  return (
    `<circle cx="${f(x)}" cy="${f(top - w * 1.3)}" r="${f(w * 3.2)}" fill="${glow}"/>` +
    `<rect x="${f(x - w / 2)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" rx="${f(w * 0.2)}" fill="${body}"/>${stripes}` +
    `<path d="M${f(x)} ${f(top)}V${f(top - w * 0.4)}" stroke="#3a3030" stroke-width="${f(w * 0.12)}"/>` +
    `<path d="M${f(x)} ${f(top - w * 2.3)}C${f(x + w * 0.7)} ${f(top - w * 1.2)} ${f(x + w * 0.55)} ${f(top - w * 0.3)} ${f(x)} ${f(top - w * 0.3)}C${f(x - w * 0.55)} ${f(top - w * 0.3)} ${f(x - w * 0.7)} ${f(top - w * 1.2)} ${f(x)} ${f(top - w * 2.3)}Z" fill="${flame}"/>`
  );
}
