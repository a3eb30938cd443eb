/** A cut slice on a side plate: the one place the sponge and filling colours show on a frosted cake. */
import { darken, lighten } from './color.ts';
import type { Palette, Sponge } from './palette.ts';
import type { Rng } from './random.ts';
import { type Defs, f, type Point, polyPath, softShadow } from './svg.ts';

export function slicePlate(
  defs: Defs,
  at: Point,
  unit: number,
  p: Palette,
  sponge: Sponge,
  naked: boolean,
  rng: Rng,
): string {
  const u = unit;
  const rx = 125 * u;
  let out = softShadow(defs, at.x, at.y + 8 * u, rx * 1.1, rx * 0.3, 0.3);
  const plate = defs.radial([
    [0, '#ffffff'],
    [0.7, '#f4f2ef'],
    [0.85, '#e3dfda'],
    [1, '#fbfaf8'],
  ]);
  out += `<ellipse cx="${f(at.x)}" cy="${f(at.y)}" rx="${f(rx)}" ry="${f(rx * 0.3)}" fill="${plate}" stroke="#d8d3cc" stroke-width="${f(1.5 * u)}"/>`;

  const fw = 150 * u;
  const fh = 100 * u;
  const A = { x: at.x - fw * 0.58, y: at.y + 6 * u };
  const B = { x: A.x + fw, y: A.y };
  const C = { x: B.x, y: B.y - fh };
  const D = { x: A.x, y: A.y - fh };
  const off = { x: fw * 0.34, y: -fw * 0.2 };
  const E = { x: C.x + off.x, y: C.y + off.y };
  const F = { x: B.x + off.x, y: B.y + off.y };
  const coat = naked ? sponge.crumb : p.frosting;
  out += `<path d="${polyPath([C, E, F, B], true)}" fill="${darken(coat, 0.12)}"/>`;
  out += `<path d="${polyPath([D, C, E], true)}" fill="${lighten(p.frosting, 0.15)}"/>`;

  // Cut face: sponge layers with filling between, frosting on top and on the outside edge.
  const band = (y0: number, y1: number, c: string) =>
    `<rect x="${f(A.x)}" y="${f(A.y - y1 * fh)}" width="${f(fw)}" height="${f((y1 - y0) * fh)}" fill="${c}"/>`;
  const crumb = defs.linear(
    [
      [0, lighten(sponge.crumb, 0.1)],
      [1, darken(sponge.crumb, 0.08)],
    ],
    0,
    0,
    0,
    1,
  );
  out += `<rect x="${f(A.x)}" y="${f(D.y)}" width="${f(fw)}" height="${f(fh)}" fill="${crumb}"/>`;
  out += band(0.3, 0.37, sponge.filling) + band(0.6, 0.67, sponge.filling) + band(0.88, 1, p.frosting);
  // Crumb texture and flavour flecks.
  const dots = sponge.flecks.length ? sponge.flecks : [darken(sponge.crumb, 0.18)];
  for (let i = 0; i < 34; i++) {
    const y = rng.range(0.03, 0.86);
    if ((y > 0.29 && y < 0.38) || (y > 0.59 && y < 0.68)) continue;
    out += `<circle cx="${f(A.x + rng.range(0.03, 0.9) * fw)}" cy="${f(A.y - y * fh)}" r="${f(rng.range(1.2, 2.6) * u)}" fill="${rng.pick(dots)}" fill-opacity="0.75"/>`;
  }
  if (!naked)
    out += `<rect x="${f(B.x - 7 * u)}" y="${f(C.y)}" width="${f(7 * u)}" height="${f(fh)}" fill="${p.frosting}"/>`;
  out += `<path d="${polyPath([D, C])}" stroke="${lighten(p.frosting, 0.4)}" stroke-width="${f(2 * u)}"/>`;
  return out;
}
