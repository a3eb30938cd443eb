/** "Cupcakes (12 count)": a three-level cupcake stand holding 5 + 4 + 3 cupcakes. */
import type { ImageDims } from '../../../../shared/designer.ts';
import { darken, lighten } from './color.ts';
import type { DecoContext } from './decorations.ts';
import { berryCluster } from './decorations.ts';
import { roundBody, type Stage, TILT } from './layout.ts';
import { leaf, metalFill, rose, sphere } from './shapes.ts';
import { softShadow, f } from './svg.ts';
import { topper, topperFor } from './toppers.ts';

export function cupcakeScene(ctx: DecoContext, dims: ImageDims, stage: Stage, occasion: string): string {
  const { defs, p } = ctx;
  const u = stage.unit;
  const cx = dims.width / 2;
  const c = 118 * u;
  const levels = [
    { n: 5, width: 700 * u },
    { n: 4, width: 560 * u },
    { n: 3, width: 420 * u },
  ];
  const metal = ctx.style === 'luxe' || ctx.style === 'modern' ? p.metal : lighten(p.accent, 0.5);
  const rodFill = metalFill(defs, metal);
  let out = softShadow(defs, cx, stage.floor, 380 * u, 70 * u, 0.3);
  const gap = c * 1.45;
  const top = stage.floor - 40 * u - gap * 2;
  out += `<rect x="${f(cx - 9 * u)}" y="${f(top - 40 * u)}" width="${f(18 * u)}" height="${f(stage.floor - top + 30 * u)}" rx="${f(6 * u)}" fill="${rodFill}"/>`;
  out += sphere(defs, cx, top - 46 * u, 16 * u, metal);
  let topCake = { x: cx, y: top };
  for (const [li, level] of levels.entries()) {
    const y = stage.floor - 40 * u - gap * li;
    const rx = level.width / 2;
    out += softShadow(defs, cx, y + 6 * u, rx, rx * TILT * 0.9, 0.2);
    out += `<ellipse cx="${f(cx)}" cy="${f(y + 6 * u)}" rx="${f(rx)}" ry="${f(rx * TILT)}" fill="${darken(metal, 0.2)}"/>`;
    out += `<ellipse cx="${f(cx)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(rx * TILT)}" fill="${lighten(metal, 0.35)}"/>`;
    // Back row first so front cupcakes overlap it.
    const spots = Array.from({ length: level.n }, (_, i) => {
      const a = Math.PI * (level.n === 3 ? 0.2 + i * 0.3 : 0.1 + (i * 0.8) / (level.n - 1));
      return {
        x: cx + Math.cos(a) * rx * 0.68,
        y: y + Math.sin(a) * rx * TILT * 0.5 - (i % 2) * rx * TILT * 0.45,
        i,
      };
    }).sort((a, b) => a.y - b.y);
    for (const s of spots) out += cupcake(ctx, s.x, s.y, c * (li === 2 ? 0.95 : 1), (s.i + li) % 2);
    if (li === 2) topCake = spots.find((s) => s.i === 1) ?? topCake;
  }
  const body = roundBody(topCake.x, topCake.y - c * 0.95, c * 0.7, c * 0.35, 0, 1);
  return out + topper(topperFor(occasion, ctx.rng), ctx, body);
}

function cupcake(ctx: DecoContext, x: number, y: number, c: number, alt: number): string {
  const { defs, p, sponge, rng } = ctx;
  const linerColor =
    ctx.style === 'luxe' ? p.metal : ctx.style === 'rustic' ? '#c8a57a' : alt ? p.accent : p.accent2;
  const linerH = c * 0.5;
  const bw = c * 0.36;
  const tw = c * 0.48;
  const liner = metalFill(defs, linerColor);
  let out = `<path d="M${f(x - bw)} ${f(y)}L${f(x - tw)} ${f(y - linerH)}H${f(x + tw)}L${f(x + bw)} ${f(y)}Z" fill="${liner}"/>`;
  for (let i = 1; i < 8; i++) {
    const k = i / 8;
    out += `<path d="M${f(x - bw + 2 * bw * k)} ${f(y)}L${f(x - tw + 2 * tw * k)} ${f(y - linerH)}" stroke="${darken(linerColor, 0.25)}" stroke-width="${f(c * 0.012)}" stroke-opacity="0.6"/>`;
  }
  out += `<ellipse cx="${f(x)}" cy="${f(y - linerH)}" rx="${f(tw * 1.04)}" ry="${f(c * 0.09)}" fill="${sponge.crumb}"/>`;
  // Piped swirl: three stacked rings shrinking upward, then a soft peak.
  const frost = alt ? p.frosting2 : p.frosting;
  const shade = defs.linear([
    [0, darken(frost, 0.18)],
    [0.35, lighten(frost, 0.25)],
    [1, darken(frost, 0.2)],
  ]);
  const rings = [
    [0.5, 0.13],
    [0.4, 0.26],
    [0.28, 0.38],
  ] as const;
  for (const [r, lift] of rings)
    out += `<ellipse cx="${f(x)}" cy="${f(y - linerH - c * lift)}" rx="${f(c * r)}" ry="${f(c * 0.12)}" fill="${shade}" stroke="${darken(frost, 0.1)}" stroke-width="${f(c * 0.01)}"/>`;
  const peak = y - linerH - c * 0.62;
  out += `<path d="M${f(x - c * 0.16)} ${f(y - linerH - c * 0.43)}Q${f(x - c * 0.04)} ${f(peak + c * 0.04)} ${f(x + c * 0.03)} ${f(peak)}Q${f(x + c * 0.06)} ${f(peak + c * 0.1)} ${f(x + c * 0.16)} ${f(y - linerH - c * 0.43)}Z" fill="${shade}"/>`;
  const ty = y - linerH - c * 0.42;
  switch (ctx.style) {
    case 'elegant':
      out +=
        rose(defs, x + c * 0.12, ty, c * 0.13, p.accent) +
        sphere(defs, x - c * 0.14, ty + c * 0.04, c * 0.035, '#ffffff');
      break;
    case 'modern':
      out += sphere(defs, x, ty - c * 0.02, c * 0.09, alt ? p.accent : p.metal);
      break;
    case 'whimsical':
      for (let i = 0; i < 9; i++)
        out += `<rect x="${f(x + rng.range(-0.3, 0.3) * c)}" y="${f(ty + rng.range(-0.1, 0.2) * c)}" width="${f(c * 0.07)}" height="${f(c * 0.025)}" rx="${f(c * 0.012)}" fill="${rng.pick([p.accent, p.accent2, '#ffffff'])}" transform="rotate(${f(rng.range(0, 180))} ${f(x)} ${f(ty)})"/>`;
      break;
    case 'rustic':
      out += berryCluster(ctx, x, ty, c * 0.18);
      break;
    case 'luxe':
      out +=
        leaf(defs, x - c * 0.05, ty, c * 0.22, -30, p.metal) +
        sphere(defs, x + c * 0.1, ty + c * 0.03, c * 0.04, p.metal);
      break;
  }
  return out;
}
