/** Small SVG building helpers shared by the renderer's parts. */

/** One decimal keeps the SVG small and the output stable. */
export const f = (v: number): string => String(Math.round(v * 10) / 10);

export type Stop = [offset: number, color: string, opacity?: number];

export interface Point {
  x: number;
  y: number;
}

/** Polyline path through points; dense sampling makes it read as a curve. */
export function polyPath(points: readonly Point[], close = false): string {
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${f(p.x)} ${f(p.y)}`).join('');
  return close ? `${d}Z` : d;
}

const stopsXml = (stops: readonly Stop[]) =>
  stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
    )
    .join('');

/** Collects gradients once each and hands out url() references. */
export class Defs {
  private readonly items = new Map<string, string>();

  /** Linear gradient in the shape's bounding box, from (x1,y1) to (x2,y2). */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 1, y2 = 0): string {
    const body = `x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsXml(stops)}`;
    return this.add('l', body);
  }

  /** Radial gradient in the shape's bounding box. */
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const body = `cx="${cx}" cy="${cy}" r="${r}">${stopsXml(stops)}`;
    return this.add('r', body);
  }

  private add(prefix: string, body: string): string {
    let id = this.items.get(body);
    if (!id) {
      id = `${prefix}${this.items.size}`;
      this.items.set(body, id);
    }
    return `url(#${id})`;
  }

  toXml(): string {
    let out = '';
    for (const [body, id] of this.items) {
      const tag = id.startsWith('l') ? 'linearGradient' : 'radialGradient';
      out += `<${tag} id="${id}" ${body}</${tag}>`;
    }
    return `<defs>${out}</defs>`;
  }
}

/** Soft contact shadow without a blur filter: a radial fade to transparent. */
export function softShadow(
  defs: Defs,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  opacity = 0.35,
): string {
  const fill = defs.radial([
    [0, '#000000', opacity],
    [0.55, '#000000', opacity * 0.55],
    [1, '#000000', 0],
  ]);
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"/>`;
}
