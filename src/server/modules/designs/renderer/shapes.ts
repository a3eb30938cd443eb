/** Small ornaments reused by the style decorations and toppers: pearls, roses, leaves, berries, stars. */
import { darken, lighten } from './color.ts';
import { type Defs, f } from './svg.ts';

/** A shiny sphere (pearl, dragée, sugar ball): highlight up and to the left. */
export function sphere(defs: Defs, x: number, y: number, r: number, c: string): string {
  const fill = defs.radial(
    [
      [0, lighten(c, 0.75)],
      [0.35, lighten(c, 0.15)],
      [1, darken(c, 0.3)],
    ],
    0.35,
    0.3,
    0.75,
  );
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"/>`;
}

/** Metallic gradient: the sharp light bands are what make it read as metal, not paint. */
export function metalFill(defs: Defs, c: string, vertical = false): string {
  const stops: [number, string][] = [
    [0, darken(c, 0.35)],
    [0.22, lighten(c, 0.55)],
    [0.4, c],
    [0.62, darken(c, 0.2)],
    [0.78, lighten(c, 0.4)],
    [1, darken(c, 0.4)],
  ];
  return vertical ? defs.linear(stops, 0, 0, 0, 1) : defs.linear(stops);
}

/** A sugar rose seen from above at an angle: cupped petals around a tight spiral. */
export function rose(defs: Defs, x: number, y: number, r: number, c: string): string {
  const fill = defs.radial(
    [
      [0, darken(c, 0.15)],
      [0.5, c],
      [1, lighten(c, 0.25)],
    ],
    0.5,
    0.45,
    0.6,
  );
  const line = darken(c, 0.22);
  const w = f(r * 0.09);
  let out = `<g transform="translate(${f(x)} ${f(y)})">`;
  // Outer petals: five overlapping lobes.
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 + 0.3;
    out += `<ellipse cx="${f(Math.cos(a) * r * 0.42)}" cy="${f(Math.sin(a) * r * 0.36)}" rx="${f(r * 0.62)}" ry="${f(r * 0.52)}" fill="${fill}" stroke="${lighten(c, 0.3)}" stroke-width="${w}"/>`;
  }
  out += `<circle r="${f(r * 0.62)}" fill="${fill}"/>`;
  out += `<path d="M${f(-r * 0.45)} ${f(r * 0.05)}A${f(r * 0.45)} ${f(r * 0.4)} 0 0 0 ${f(r * 0.42)} ${f(r * 0.1)}M${f(-r * 0.28)} ${f(-r * 0.12)}A${f(r * 0.3)} ${f(r * 0.28)} 0 1 1 ${f(r * 0.25)} ${f(r * 0.12)}M${f(-r * 0.08)} ${f(-r * 0.02)}A${f(r * 0.12)} ${f(r * 0.12)} 0 1 0 ${f(r * 0.1)} ${f(-r * 0.12)}" fill="none" stroke="${line}" stroke-width="${w}" stroke-linecap="round"/>`;
  return `${out}</g>`;
}

/** A pointed leaf with a midrib; angle in degrees, 0 points right. */
export function leaf(defs: Defs, x: number, y: number, len: number, angle: number, c: string): string {
  const fill = defs.linear(
    [
      [0, lighten(c, 0.15)],
      [1, darken(c, 0.2)],
    ],
    0,
    0,
    0,
    1,
  );
  const w = len * 0.32;
  return (
    `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">` +
    `<path d="M0 0Q${f(len * 0.45)} ${f(-w)} ${f(len)} 0Q${f(len * 0.45)} ${f(w)} 0 0Z" fill="${fill}"/>` +
    `<path d="M${f(len * 0.05)} 0L${f(len * 0.85)} 0" stroke="${darken(c, 0.3)}" stroke-width="${f(len * 0.03)}" stroke-opacity="0.6"/></g>`
  );
}

/** A round berry; blueberries get the little crown. */
export function berry(defs: Defs, x: number, y: number, r: number, c: string, crown: boolean): string {
  let out = sphere(defs, x, y, r, c);
  if (crown)
    out += `<circle cx="${f(x + r * 0.15)}" cy="${f(y - r * 0.2)}" r="${f(r * 0.22)}" fill="${darken(c, 0.45)}"/>`;
  return out;
}

/** A five-pointed star path centred on (x, y). */
export function starPath(x: number, y: number, r: number, inner = 0.45): string {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const a = (i * Math.PI) / 5 - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * inner;
    return `${f(x + Math.cos(a) * rr)} ${f(y + Math.sin(a) * rr)}`;
  });
  return `M${pts.join('L')}Z`;
}

/** A cluster of roses with leaves tucked behind: the classic sugar-flower spray. */
export function flowerSpray(
  defs: Defs,
  x: number,
  y: number,
  size: number,
  colors: readonly string[],
  green: string,
  next: () => number,
): string {
  let leaves = '';
  let blooms = '';
  const spots: [number, number, number][] = [
    [-0.45, -0.45, 0.6],
    [0.5, -0.4, 0.55],
    [-0.95, 0.25, 0.75],
    [0.95, 0.3, 0.72],
    [0, 0.05, 1],
  ];
  for (const [i, [dx, dy, k]] of spots.entries()) {
    const a = Math.atan2(dy || -0.5, dx || 0.2);
    leaves += leaf(
      defs,
      x + dx * size * 0.6,
      y + dy * size * 0.5,
      size * 0.9,
      (a * 180) / Math.PI + (next() - 0.5) * 40,
      green,
    );
    blooms += rose(
      defs,
      x + dx * size,
      y + dy * size * 0.7,
      size * 0.55 * k,
      colors[i % colors.length] as string,
    );
  }
  return leaves + blooms;
}
