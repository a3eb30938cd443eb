/** Patterns laid onto a cake body's side: drips, stripes, dots, sprinkles, swags, veins, leaf, bands. */
import { darken, lighten } from './color.ts';
import type { Body } from './layout.ts';
import type { Rng } from './random.ts';
import { metalFill, sphere } from './shapes.ts';
import { type Defs, f, polyPath } from './svg.ts';
import { sideBand, sideLine } from './tier.ts';

/** Ganache drip: a wavy curtain hanging from the top edge, with a matching pooled top. */
export function drip(defs: Defs, body: Body, c: string, rng: Rng, glossy = true): string {
  const drips = Array.from({ length: Math.round(body.width / 38) }, () => ({
    at: rng.range(0, 1),
    len: rng.range(0.12, 0.48),
    w: rng.range(0.012, 0.022),
  }));
  const depth = (u: number) => {
    let d = 0.07 + 0.02 * Math.sin(u * 23);
    for (const dr of drips) {
      const t = (u - dr.at) / dr.w;
      if (Math.abs(t) < 1) d = Math.max(d, 0.07 + dr.len * Math.sqrt(1 - t * t));
    }
    return d;
  };
  const steps = 360;
  const lower = Array.from({ length: steps + 1 }, (_, i) =>
    body.side(1 - i / steps, 1 - depth(1 - i / steps)),
  );
  const fill = defs.linear([
    [0, darken(c, 0.25)],
    [0.35, lighten(c, 0.12)],
    [0.7, c],
    [1, darken(c, 0.3)],
  ]);
  let out = `<path d="${polyPath([...sideLine(body, 1, 0, 1, 60), ...lower], true)}" fill="${fill}"/>`;
  const top = body.top(0, 0);
  if (body.kind === 'round')
    out += `<ellipse cx="${f(top.x)}" cy="${f(top.y)}" rx="${f(body.width / 2)}" ry="${f(body.ry)}" fill="${defs.linear(
      [
        [0, lighten(c, 0.2)],
        [1, c],
      ],
      0,
      0,
      0.3,
      1,
    )}"/>`;
  else {
    const corners = [body.top(-1, 1), body.top(1, 1), body.top(1, -1), body.top(-1, -1)];
    out += `<path d="${polyPath(corners, true)}" fill="${lighten(c, 0.1)}"/>`;
  }
  if (glossy)
    out += `<path d="${polyPath(sideLine(body, 0.97, 0.22, 0.42, 12))}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${f(body.width * 0.008)}" stroke-linecap="round" fill="none"/>`;
  return out;
}

export function stripes(body: Body, c: string, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const u0 = (i + 0.25) / count;
    out += `<path d="${sideBand(body, 0, 1, u0, u0 + 0.5 / count)}" fill="${c}" fill-opacity="0.9"/>`;
  }
  return out;
}

/** Foreshortened dots, skipped near the silhouette where they would be slivers. */
export function polkaDots(body: Body, colors: readonly string[], rng: Rng): string {
  let out = '';
  const r = body.height * 0.07;
  for (let row = 0; row < 3; row++)
    for (let i = 0; i < 9; i++) {
      const p = body.side((i + (row % 2) * 0.5 + 0.3) / 9.5, 0.2 + row * 0.3);
      if (p.s < 0.2) continue;
      out += `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="${f(r * p.s)}" ry="${f(r)}" fill="${rng.pick(colors)}"/>`;
    }
  return out;
}

export function sprinkles(
  body: Body,
  colors: readonly string[],
  rng: Rng,
  count: number,
  onTop = false,
): string {
  let out = '';
  const len = Math.max(6, body.width * 0.022);
  for (let i = 0; i < count; i++) {
    const p = onTop
      ? { ...body.top(rng.range(-0.85, 0.85), rng.range(-0.8, 0.8)), s: 1 }
      : body.side(rng.range(0.04, 0.96), rng.range(0.08, 0.92));
    if (p.s < 0.25) continue;
    out += `<rect x="${f(p.x - len / 2)}" y="${f(p.y - len * 0.18)}" width="${f(len * p.s)}" height="${f(len * 0.36)}" rx="${f(len * 0.18)}" fill="${rng.pick(colors)}" transform="rotate(${f(rng.range(0, 180))} ${f(p.x)} ${f(p.y)})"/>`;
  }
  return out;
}

/** Lace swags: two hanging garlands per bay with pearl drops at the joins. */
export function swags(defs: Defs, body: Body, c: string, bays: number): string {
  let out = '';
  const w = f(Math.max(2, body.width * 0.007));
  for (let b = 0; b < bays; b++) {
    const u0 = b / bays;
    for (const [top, sag] of [
      [0.9, 0.3],
      [0.82, 0.24],
    ] as const) {
      const pts = Array.from({ length: 21 }, (_, i) =>
        body.side(u0 + i / 20 / bays, top - sag * Math.sin((Math.PI * i) / 20)),
      );
      out += `<path d="${polyPath(pts)}" stroke="${c}" stroke-width="${w}" fill="none" stroke-linecap="round"/>`;
    }
    const mid = body.side(u0 + 0.5 / bays, 0.9 - 0.3);
    if (mid.s > 0.3)
      out += `<circle cx="${f(mid.x)}" cy="${f(mid.y + body.height * 0.04)}" r="${f(body.height * 0.018)}" fill="${c}"/>`;
  }
  for (let b = 0; b <= bays; b++) {
    const p = body.side(b / bays, 0.9);
    if (p.s > 0.15) out += sphere(defs, p.x, p.y, body.height * 0.03, c);
  }
  return out;
}

/** Quilted lattice with a pearl at each crossing. */
export function quilting(defs: Defs, body: Body, c: string): string {
  let out = '';
  const n = 10;
  const w = f(Math.max(1.5, body.width * 0.004));
  for (let i = -n; i <= n; i++) {
    for (const dir of [1, -1]) {
      const pts = Array.from({ length: 13 }, (_, k) => ({ u: i / n + (dir * k) / 12 / 2.2, v: k / 12 }))
        .filter((p) => p.u >= 0 && p.u <= 1)
        .map((p) => body.side(p.u, 0.08 + p.v * 0.84));
      if (pts.length > 1)
        out += `<path d="${polyPath(pts)}" stroke="${c}" stroke-width="${w}" fill="none" stroke-opacity="0.8"/>`;
    }
  }
  // Pearls where the two line families cross at mid-height (param v 0.55 shifts u by 0.55 / 2.2).
  for (let i = -1; i <= n; i++) {
    const p = body.side(i / n + 0.25, 0.08 + 0.55 * 0.84);
    if (p.s > 0.25 && i / n + 0.25 <= 1) out += sphere(defs, p.x, p.y, body.height * 0.022, c);
  }
  return out;
}

/** Marble veining: meandering strokes, a soft wide one under a fine one. */
export function marble(body: Body, c: string, rng: Rng): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    let v = rng.range(0.1, 0.9);
    let u = rng.range(-0.1, 0.4);
    const pts = [];
    while (u < 1.05) {
      pts.push(body.side(Math.min(1, Math.max(0, u)), Math.min(0.98, Math.max(0.02, v))));
      u += 0.03;
      v += rng.range(-0.07, 0.06);
    }
    const d = polyPath(pts);
    out += `<path d="${d}" stroke="${c}" stroke-width="${f(body.width * 0.012)}" stroke-opacity="0.12" fill="none" stroke-linejoin="round"/>`;
    out += `<path d="${d}" stroke="${c}" stroke-width="${f(body.width * 0.0025)}" stroke-opacity="0.55" fill="none" stroke-linejoin="round"/>`;
  }
  return out;
}

/**
 * Gold leaf as a baker applies it: two or three torn patches of overlapping flakes with a few loose
 * specks, softly shaded as one sheet (single flakes with their own metal stripes read as lettering).
 */
export function goldLeaf(defs: Defs, body: Body, metal: string, rng: Rng): string {
  const fill = defs.linear(
    [
      [0, lighten(metal, 0.5)],
      [0.55, metal],
      [1, darken(metal, 0.12)],
    ],
    0,
    0,
    1,
    1,
  );
  const speck = lighten(metal, 0.25);
  const clamp = (v: number) => Math.min(0.98, Math.max(0.02, v));
  // Flakes roughly as wide as tall on screen: u spans the width, v the height.
  const vPerU = body.width / Math.max(1, body.height);
  const patches = rng.chance(0.5) ? 3 : 2;
  let out = '';
  for (let c = 0; c < patches; c++) {
    const cu = 0.14 + ((c + rng.range(0.25, 0.75)) / patches) * 0.72;
    const cv = rng.range(0.35, 0.72);
    for (let i = 0; i < 5; i++) {
      const fu = cu + rng.range(-0.045, 0.045);
      const fv = cv + rng.range(-0.07, 0.07) * vPerU * 0.5;
      const size = rng.range(0.025, 0.045);
      const pts = Array.from({ length: 9 }, (_, k) => {
        const a = (k / 9) * Math.PI * 2;
        const r = size * rng.range(0.55, 1.05);
        return body.side(clamp(fu + Math.cos(a) * r), clamp(fv + Math.sin(a) * r * vPerU * 0.8));
      });
      out += `<path d="${polyPath(pts, true)}" fill="${fill}" fill-opacity="0.95"/>`;
    }
    for (let i = 0; i < 5; i++) {
      const p = body.side(clamp(cu + rng.range(-0.1, 0.1)), clamp(cv + rng.range(-0.16, 0.16) * vPerU * 0.5));
      out += `<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(body.width * rng.range(0.003, 0.006))}" fill="${speck}"/>`;
    }
  }
  return out;
}

/** A metallic ribbon around the base of a tier. */
export function metalBand(defs: Defs, body: Body, metal: string, v1 = 0.11): string {
  return `<path d="${sideBand(body, 0, v1)}" fill="${metalFill(defs, metal)}"/><path d="${polyPath(sideLine(body, v1))}" stroke="${lighten(metal, 0.6)}" stroke-width="${f(body.width * 0.003)}" fill="none"/>`;
}

/** Pearl (or bead) border along the bottom edge, spaced evenly along the arc. */
export function pearlBorder(
  defs: Defs,
  body: Body,
  c: string,
  rScale = 0.045,
  colors?: readonly string[],
): string {
  const r = Math.max(4, body.height * rScale);
  const n =
    body.kind === 'round'
      ? Math.round((Math.PI * body.width) / 2 / (r * 1.9))
      : Math.round(body.width / (r * 1.9));
  let out = '';
  for (let i = 0; i <= n; i++) {
    const p = body.side(i / n, 0);
    out += sphere(defs, p.x, p.y - r * 0.6, r, colors ? (colors[i % colors.length] as string) : c);
  }
  return out;
}
