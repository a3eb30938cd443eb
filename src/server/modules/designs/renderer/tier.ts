/** Cake bodies: shaded cylinders and sheet boxes, frosted or semi-naked. */
import { darken, lighten, mix } from './color.ts';
import type { Body } from './layout.ts';
import type { Sponge } from './palette.ts';
import type { Rng } from './random.ts';
import { type Defs, f, type Point, polyPath } from './svg.ts';

const STEPS = 36;

/** Points along the side at height v, left to right. */
export function sideLine(body: Body, v: number, u0 = 0, u1 = 1, steps = STEPS): Point[] {
  return Array.from({ length: steps + 1 }, (_, i) => body.side(u0 + ((u1 - u0) * i) / steps, v));
}

/** A closed strip around the visible side between heights v0 and v1. */
export function sideBand(body: Body, v0: number, v1: number, u0 = 0, u1 = 1): string {
  return polyPath([...sideLine(body, v1, u0, u1), ...sideLine(body, v0, u0, u1).reverse()], true);
}

/** Outline of the whole visible side, from the bottom edge to the top edge. */
function sideOutline(body: Body): string {
  return sideBand(body, 0, 1);
}

/** Cylinder shading: light from the upper left, darker rims. */
function sideShade(defs: Defs, c: string): string {
  return defs.linear([
    [0, darken(c, 0.2)],
    [0.1, darken(c, 0.06)],
    [0.32, lighten(c, 0.14)],
    [0.55, c],
    [0.86, darken(c, 0.1)],
    [1, darken(c, 0.24)],
  ]);
}

function topEllipse(defs: Defs, body: Body, c: string): string {
  const fill = defs.linear(
    [
      [0, lighten(c, 0.22)],
      [1, mix(c, '#ffffff', 0.04)],
    ],
    0,
    0,
    0.4,
    1,
  );
  const p = body.top(0, 0);
  const rim = polyPath(
    Array.from({ length: 25 }, (_, i) =>
      body.top(Math.cos((Math.PI * i) / 24), Math.sin((Math.PI * i) / 24)),
    ),
  );
  return (
    `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="${f(body.width / 2)}" ry="${f(body.ry)}" fill="${fill}"/>` +
    `<path d="${rim}" fill="none" stroke="${lighten(c, 0.45)}" stroke-width="${f(body.width * 0.008)}" stroke-opacity="0.7"/>`
  );
}

/** Darkening toward the base sells the contact with the board below. */
function baseOcclusion(defs: Defs, body: Body): string {
  const fill = defs.linear(
    [
      [0, '#000000', 0],
      [0.7, '#000000', 0],
      [1, '#000000', 0.22],
    ],
    0,
    0,
    0,
    1,
  );
  return `<path d="${sideOutline(body)}" fill="${fill}"/>`;
}

export function frostedRound(defs: Defs, body: Body, frosting: string): string {
  return `<path d="${sideOutline(body)}" fill="${sideShade(defs, frosting)}"/>${baseOcclusion(defs, body)}${topEllipse(defs, body, frosting)}`;
}

/** Rustic semi-naked tier: sponge and filling show through a scraped coat of frosting. */
export function nakedRound(defs: Defs, body: Body, frosting: string, sponge: Sponge, rng: Rng): string {
  let out = `<path d="${sideOutline(body)}" fill="${sideShade(defs, sponge.crumb)}"/>`;
  for (const v of [0.34, 0.67])
    out += `<path d="${sideBand(body, v - 0.05, v + 0.05)}" fill="${sponge.filling}"/>`;
  // Scraped frosting: a thin veil everywhere, and horizontal smears where the scraper skipped, with
  // ragged edges and ends that fade out (hard-edged patches read as bricks).
  const coat = sideShade(defs, frosting);
  out += `<path d="${sideOutline(body)}" fill="${coat}" fill-opacity="0.45"/>`;
  const smear = defs.linear([
    [0, frosting, 0],
    [0.25, frosting, 0.55],
    [0.75, frosting, 0.55],
    [1, frosting, 0],
  ]);
  for (let i = 0; i < 18; i++) {
    const v0 = rng.range(0.04, 0.9);
    const v1 = Math.min(0.98, v0 + rng.range(0.03, 0.09));
    const u0 = rng.range(0, 0.75);
    const u1 = Math.min(1, u0 + rng.range(0.15, 0.45));
    const steps = 8;
    const edge = (v: number, k: number) => {
      const u = u0 + ((u1 - u0) * k) / steps;
      return body.side(u, Math.min(1, Math.max(0, v + rng.range(-0.012, 0.012))));
    };
    const top = Array.from({ length: steps + 1 }, (_, k) => edge(v1, k));
    const bottom = Array.from({ length: steps + 1 }, (_, k) => edge(v0, steps - k));
    out += `<path d="${polyPath([...top, ...bottom], true)}" fill="${smear}" fill-opacity="${f(rng.range(0.6, 1))}"/>`;
  }
  out += `<path d="${sideBand(body, 0.9, 1)}" fill="${coat}" fill-opacity="0.8"/>`;
  out += `<path d="${sideBand(body, 0, 0.06)}" fill="${coat}" fill-opacity="0.6"/>`;
  return out + baseOcclusion(defs, body) + topEllipse(defs, body, frosting);
}

export function frostedSheet(defs: Defs, body: Body, frosting: string): string {
  const front = sideOutline(body);
  const corners = [body.top(-1, 1), body.top(1, 1), body.top(1, -1), body.top(-1, -1)];
  const topFill = defs.linear(
    [
      [0, lighten(frosting, 0.12)],
      [1, lighten(frosting, 0.28)],
    ],
    0,
    1,
    0,
    0,
  );
  const frontFill = defs.linear(
    [
      [0, lighten(frosting, 0.05)],
      [0.8, frosting],
      [1, darken(frosting, 0.16)],
    ],
    0,
    0,
    0,
    1,
  );
  const sideFade = defs.linear([
    [0, '#000000', 0.14],
    [0.12, '#000000', 0],
    [0.88, '#000000', 0],
    [1, '#000000', 0.16],
  ]);
  return (
    `<path d="${front}" fill="${frontFill}"/><path d="${front}" fill="${sideFade}"/>` +
    `<path d="${polyPath(corners, true)}" fill="${topFill}"/>` +
    `<path d="${polyPath(sideLine(body, 1))}" stroke="${lighten(frosting, 0.5)}" stroke-width="${f(body.height * 0.03)}" stroke-linecap="round" fill="none" stroke-opacity="0.8"/>`
  );
}
