/** What each style preset puts on the cake; the description's keywords add a few extras. */
import type { StylePreset } from '../../../../shared/catalog.ts';
import { darken, lighten, luminance, mix } from './color.ts';
import type { Body } from './layout.ts';
import type { Palette, Sponge } from './palette.ts';
import type { Rng } from './random.ts';
import { berry, flowerSpray, leaf, metalFill, sphere, starPath } from './shapes.ts';
import {
  drip,
  goldLeaf,
  marble,
  metalBand,
  pearlBorder,
  polkaDots,
  sprinkles,
  stripes,
  swags,
  quilting,
} from './surface-decor.ts';
import { type Defs, f } from './svg.ts';
import { frostedRound, frostedSheet, nakedRound } from './tier.ts';

export type Extra = 'flowers' | 'drip' | 'gold' | 'stars' | 'berries' | 'sprinkles' | 'naked' | 'marble';

const EXTRA_WORDS: [RegExp, Extra][] = [
  [/flower|floral|rose|peon|blossom|bloom/, 'flowers'],
  [/drip|ganache/, 'drip'],
  [/gold|gilded|gilt/, 'gold'],
  [/star/, 'stars'],
  [/berr|fruit/, 'berries'],
  [/sprinkle|confetti/, 'sprinkles'],
  [/rustic|naked/, 'naked'],
  [/marble/, 'marble'],
];

export function extrasFrom(description: string | null | undefined): Set<Extra> {
  const text = (description ?? '').slice(0, 2000).toLowerCase();
  return new Set(EXTRA_WORDS.filter(([re]) => re.test(text)).map(([, e]) => e));
}

export interface DecoContext {
  defs: Defs;
  rng: Rng;
  p: Palette;
  sponge: Sponge;
  style: StylePreset;
  extras: Set<Extra>;
  /** Per-cake choice within the style (modern drip or stripes, whimsical dots first or sprinkles first). */
  variant: number;
}

const GREENS = ['#6f8a5a', '#8aa37a', '#5a7a5e'];

export function drawBody(ctx: DecoContext, body: Body): string {
  const { defs, p } = ctx;
  const frosting = body.index % 2 === 1 ? p.frosting2 : p.frosting;
  if (body.kind === 'sheet') return frostedSheet(defs, body, frosting);
  if (ctx.style === 'rustic' || ctx.extras.has('naked'))
    return nakedRound(defs, body, frosting, ctx.sponge, ctx.rng);
  return frostedRound(defs, body, frosting);
}

/** Decoration on the side of one tier, including its base border. */
export function decorateSide(ctx: DecoContext, body: Body): string {
  const { defs, rng, p } = ctx;
  const isTop = body.index === body.count - 1;
  const bright = [p.accent, p.accent2, lighten(p.accent, 0.4), '#ffffff'];
  let out = '';
  switch (ctx.style) {
    case 'elegant':
      out +=
        body.index % 2 === 0 || body.kind === 'sheet'
          ? swags(defs, body, p.detail, 6)
          : quilting(defs, body, p.detail);
      out += pearlBorder(defs, body, p.detail);
      break;
    case 'modern':
      if (ctx.variant === 0 && (body.index === 0 || body.count === 1) && !isTop)
        out += stripes(body, p.accent2, 7);
      if (ctx.variant === 0 && body.count === 1) out += stripes(body, p.accent2, 7);
      if (ctx.variant === 1 && isTop) out += drip(defs, body, p.accent, rng);
      out += metalBand(defs, body, p.metal, 0.035);
      break;
    case 'whimsical':
      out +=
        (body.index + ctx.variant) % 2 === 0
          ? polkaDots(body, bright, rng)
          : sprinkles(body, bright, rng, 70);
      if (isTop && ctx.variant === 1) out += drip(defs, body, p.accent, rng);
      out += pearlBorder(defs, body, p.accent, 0.05, [p.accent, p.accent2, lighten(p.accent2, 0.4)]);
      break;
    case 'rustic':
      break;
    case 'luxe': {
      const vein =
        luminance(body.index % 2 === 1 ? p.frosting2 : p.frosting) > 0.4 ? '#6d6a70' : lighten(p.metal, 0.2);
      if (body.index % 2 === 0 || ctx.extras.has('marble')) out += marble(body, vein, rng);
      if (isTop && ctx.variant === 1) out += drip(defs, body, p.metal, rng);
      else if (body.index === Math.min(1, body.count - 1)) out += goldLeaf(defs, body, p.metal, rng);
      out += metalBand(defs, body, p.metal);
      break;
    }
  }
  const styleDrips =
    (ctx.style === 'modern' || ctx.style === 'whimsical' || ctx.style === 'luxe') && ctx.variant === 1;
  if (isTop && ctx.extras.has('drip') && !styleDrips) out += drip(defs, body, p.accent, rng);
  if (isTop && ctx.extras.has('gold') && ctx.style !== 'luxe') out += goldLeaf(defs, body, p.metal, rng);
  if (body.index === 0 && ctx.extras.has('stars')) out += sideStars(body, p.metal, rng);
  return out;
}

function sideStars(body: Body, c: string, rng: Rng): string {
  let out = '';
  for (let i = 0; i < 9; i++) {
    const q = body.side(rng.range(0.1, 0.9), rng.range(0.25, 0.85));
    out += `<path d="${starPath(q.x, q.y, body.height * 0.06 * q.s)}" fill="${c}"/>`;
  }
  return out;
}

/** Ornaments on the visible ring of a lower tier, in front of the tier above. */
export function decorateLedge(ctx: DecoContext, lower: Body, upper: Body): string {
  const { defs, rng, p } = ctx;
  const side = lower.index % 2 === 0 ? 1 : -1;
  const ring = (upper.width / lower.width + 1) / 2;
  const at = lower.top(side * ring * 0.62, ring * 0.78);
  const size = lower.height * 0.2;
  if (ctx.style === 'elegant' || (ctx.extras.has('flowers') && ctx.style !== 'rustic'))
    return flowerSpray(
      defs,
      at.x,
      at.y,
      size,
      [p.flower, lighten(p.flower, 0.35), p.frosting],
      GREENS[0] as string,
      rng.next,
    );
  if (ctx.style === 'rustic' || ctx.extras.has('berries')) return berryCluster(ctx, at.x, at.y, size * 1.1);
  if (ctx.style === 'luxe') {
    let out = '';
    for (let i = 0; i < 9; i++) {
      const q = lower.top(rng.range(-0.9, 0.9), ring + rng.range(0, 0.1));
      out += sphere(defs, q.x, q.y, lower.height * rng.range(0.015, 0.03), p.metal);
    }
    return out;
  }
  return '';
}

/** Berries with greenery: the rustic signature, also used when the description asks for fruit. */
export function berryCluster(ctx: DecoContext, x: number, y: number, size: number): string {
  const { defs, rng } = ctx;
  let out = '';
  for (let i = 0; i < 6; i++)
    out += leaf(
      defs,
      x + rng.range(-0.6, 0.6) * size,
      y + rng.range(-0.2, 0.3) * size,
      size * rng.range(0.8, 1.2),
      rng.range(150, 390),
      rng.pick(GREENS),
    );
  const kinds = [
    { c: '#3a3f7a', crown: true },
    { c: '#8e1f3a', crown: false },
    { c: '#c2334a', crown: false },
  ];
  for (let i = 0; i < 11; i++) {
    const k = rng.pick(kinds);
    out += berry(
      defs,
      x + rng.range(-0.8, 0.8) * size,
      y + rng.range(-0.25, 0.35) * size,
      size * rng.range(0.14, 0.22),
      k.c,
      k.crown,
    );
  }
  return out;
}

/** Ornaments on the top tier behind the topper (shards, blooms, balloons) and in front of it. */
export function decorateTop(ctx: DecoContext, body: Body): { back: string; front: string } {
  const { defs, rng, p } = ctx;
  let back = '';
  let front = '';
  const s = body.height;
  switch (ctx.style) {
    case 'modern':
      back += shards(ctx, body);
      break;
    case 'whimsical':
      back += balloons(ctx, body);
      front += sprinkles(body, [p.accent, p.accent2, '#ffffff', lighten(p.accent, 0.4)], rng, 40, true);
      break;
    case 'rustic': {
      const a = body.top(-0.55, -0.15);
      const b = body.top(0.6, 0.3);
      back += berryCluster(ctx, a.x, a.y, s * 0.22);
      front += berryCluster(ctx, b.x, b.y, s * 0.2);
      break;
    }
    case 'elegant': {
      const a = body.top(-0.55, 0.2);
      front += flowerSpray(
        defs,
        a.x,
        a.y,
        s * 0.17,
        [p.flower, lighten(p.flower, 0.35)],
        GREENS[1] as string,
        rng.next,
      );
      break;
    }
    case 'luxe':
      for (let i = 0; i < 7; i++) {
        const q = body.top(rng.range(-0.8, 0.8), rng.range(0.55, 0.85));
        front += sphere(defs, q.x, q.y, s * rng.range(0.02, 0.035), p.metal);
      }
      break;
  }
  if (ctx.extras.has('flowers') && ctx.style !== 'elegant') {
    const a = body.top(0.5, 0.25);
    front += flowerSpray(
      defs,
      a.x,
      a.y,
      s * 0.15,
      [p.flower, lighten(p.flower, 0.35)],
      GREENS[0] as string,
      rng.next,
    );
  }
  if (ctx.extras.has('sprinkles') && ctx.style !== 'whimsical')
    front += sprinkles(body, [p.accent, p.accent2, '#ffffff'], rng, 30, true);
  return { back, front };
}

/** Modern geometric shards and sugar spheres standing on the top tier. */
function shards(ctx: DecoContext, body: Body): string {
  const { defs, rng, p } = ctx;
  let out = '';
  const colors = [metalFill(defs, p.metal), p.accent, mix(p.accent2, '#ffffff', 0.2)];
  // Clustered back left, leaving the centre to the topper.
  for (let i = 0; i < 3; i++) {
    const base = body.top(-0.62 + i * 0.2 + rng.range(-0.04, 0.04), -0.3 + i * 0.15);
    const h = body.height * rng.range(0.45, 0.9);
    const w = body.width * rng.range(0.07, 0.12);
    const lean = rng.range(-0.25, 0.25) * w;
    const tip = { x: base.x + lean + w * 0.2, y: base.y - h };
    const c = colors[i % colors.length] as string;
    out += `<path d="M${f(base.x - w / 2)} ${f(base.y)}L${f(tip.x)} ${f(tip.y)}L${f(base.x + w / 2)} ${f(base.y)}Z" fill="${c}"/>`;
    // Facet shading on the right half.
    out += `<path d="M${f(base.x + w * 0.05)} ${f(base.y)}L${f(tip.x)} ${f(tip.y)}L${f(base.x + w / 2)} ${f(base.y)}Z" fill="#000000" fill-opacity="0.15"/>`;
  }
  const a = body.top(0.55, 0.1);
  out += sphere(defs, a.x, a.y - body.height * 0.06, body.height * 0.09, p.accent2);
  out += sphere(
    defs,
    a.x + body.height * 0.16,
    a.y + body.height * 0.04,
    body.height * 0.06,
    darken(p.accent, 0.05),
  );
  return out;
}

/** Balloons on wires, tied into the top tier. */
function balloons(ctx: DecoContext, body: Body): string {
  const { defs, rng, p } = ctx;
  let out = '';
  const colors = [p.accent, p.accent2, lighten(p.accent, 0.3)];
  const spots = [-0.5, 0.45, -0.05];
  for (const [i, a] of spots.entries()) {
    const base = body.top(a * 0.6, -0.4);
    const r = body.width * rng.range(0.1, 0.13);
    const bx = base.x + a * body.width * 0.55;
    // Lift follows the tier's width, not its height, so tall single tiers keep balloons in frame.
    const by = base.y - body.width * (i === 2 ? 0.85 : 0.65) - rng.range(0, 0.08) * body.width;
    const c = colors[i] as string;
    out += `<path d="M${f(base.x)} ${f(base.y)}Q${f((base.x + bx) / 2 + r * 0.3)} ${f((base.y + by) / 2)} ${f(bx)} ${f(by + r * 1.15)}" stroke="${darken(c, 0.3)}" stroke-width="${f(r * 0.03)}" fill="none"/>`;
    out += `<path d="M${f(bx - r * 0.12)} ${f(by + r * 1.22)}L${f(bx)} ${f(by + r * 1.08)}L${f(bx + r * 0.12)} ${f(by + r * 1.22)}Z" fill="${darken(c, 0.1)}"/>`;
    out += `<ellipse cx="${f(bx)}" cy="${f(by)}" rx="${f(r)}" ry="${f(r * 1.12)}" fill="${defs.radial(
      [
        [0, lighten(c, 0.5)],
        [0.4, c],
        [1, darken(c, 0.25)],
      ],
      0.35,
      0.3,
      0.8,
    )}"/>`;
  }
  return out;
}
