/** Geometry: how many tiers, how wide and tall, and where the stand sits on the canvas. */
import type { ImageDims } from '../../../../shared/designer.ts';
import type { Point } from './svg.ts';

export type CakeKind = 'round' | 'sheet' | 'cupcakes';

/** Vertical squash of every ellipse: the camera looks down slightly. */
export const TILT = 0.2;

export function cakeKind(size: string): CakeKind {
  const s = size.toLowerCase();
  if (s.includes('cupcake')) return 'cupcakes';
  if (s.includes('sheet')) return 'sheet';
  return 'round';
}

const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/** Catalog sizes map to 1-3 tiers; a wedding adds one; "N-Tier" sizes say it outright. Max 4. */
export function tierCount(size: string, occasion: string): number {
  const s = size.toLowerCase();
  if (s.includes('tier')) {
    const digit = /(\d+)\s*-?\s*tier/.exec(s)?.[1];
    const word = Object.keys(WORD_NUMBERS).find((w) => s.includes(w));
    const n = digit ? Number(digit) : word ? (WORD_NUMBERS[word] as number) : 2;
    return Math.min(4, Math.max(1, n));
  }
  const inches = Number(/(\d+)\s*(?:inch|in\b|")/.exec(s)?.[1] ?? Number.NaN);
  let n = 2;
  if (inches <= 8) n = 1;
  else if (inches <= 12) n = 2;
  else if (inches > 12) n = 3;
  return Math.min(4, occasion === 'Wedding' ? n + 1 : n);
}

/** One visible cake body; decorations address its side and top through these mappings. */
export interface Body {
  kind: 'round' | 'sheet';
  index: number;
  count: number;
  cx: number;
  /** y of the bottom edge's centre line (round: bottom ellipse centre). */
  bottom: number;
  width: number;
  height: number;
  /** Half-height of the top and bottom ellipses (round) or of the top face depth (sheet). */
  ry: number;
  /** Side point: u 0..1 left to right across the visible front, v 0..1 bottom to top; s = foreshortening. */
  side(u: number, v: number): Point & { s: number };
  /** Top point: a, b in -1..1 (b = -1 back, 1 front). */
  top(a: number, b: number): Point;
}

export function roundBody(
  cx: number,
  bottom: number,
  width: number,
  height: number,
  index: number,
  count: number,
): Body {
  const rx = width / 2;
  const ry = rx * TILT;
  return {
    kind: 'round',
    index,
    count,
    cx,
    bottom,
    width,
    height,
    ry,
    side(u, v) {
      const t = (u - 0.5) * Math.PI;
      return { x: cx + rx * Math.sin(t), y: bottom - v * height + ry * Math.cos(t), s: Math.cos(t) };
    },
    top: (a, b) => ({ x: cx + rx * a, y: bottom - height + ry * b }),
  };
}

export function sheetBody(cx: number, bottom: number, width: number, height: number, depth: number): Body {
  const inset = width * 0.06;
  return {
    kind: 'sheet',
    index: 0,
    count: 1,
    cx,
    bottom,
    width,
    height,
    ry: depth,
    side: (u, v) => ({ x: cx - width / 2 + u * width, y: bottom - v * height, s: 1 }),
    top(a, b) {
      // Perspective: the back edge is narrower than the front edge.
      const k = (b + 1) / 2;
      const half = width / 2 - inset * (1 - k);
      return { x: cx + a * half, y: bottom - height - depth * (1 - k) };
    },
  };
}

export interface Stage {
  /** Pixels per design unit: the art is drawn for a 1024 short side. */
  unit: number;
  /** y where the stand or board touches the table. */
  floor: number;
  /** y of the table's back edge. */
  horizon: number;
}

export function stageFor(dims: ImageDims): Stage {
  const unit = Math.min(dims.width, dims.height) / 1024;
  const floor = dims.height - (dims.height > dims.width ? 210 : 170) * unit;
  return { unit, floor, horizon: floor - 150 * unit };
}

/** Tier bodies stacked centred, shrinking upward, fitted between the stand top and the topper room. */
export function stackTiers(dims: ImageDims, standTop: number, count: number, topperRoom: number): Body[] {
  const u = Math.min(dims.width, dims.height) / 1024;
  const shrink = count >= 4 ? 0.8 : count === 3 ? 0.77 : 0.74;
  // Sized by the shorter side: a landscape canvas widens the scene, not the cake (its topper would
  // otherwise outgrow the room kept above it).
  let base = Math.min(Math.min(dims.width, dims.height) * (count === 1 ? 0.56 : 0.62), 680 * u);
  const widths = () => Array.from({ length: count }, (_, i) => base * shrink ** i);
  const sumWidths = () => widths().reduce((sum, w) => sum + w, 0);
  const room = standTop - (topperRoom + 40) * u;
  // Tall canvases get taller tiers; never squatter than a real cake or taller than a pillar.
  let ratio = Math.min(0.72, Math.max(count === 1 ? 0.55 : 0.44, room / sumWidths()));
  if (ratio * sumWidths() > room) base *= room / (ratio * sumWidths());
  if (count === 1) ratio = Math.min(ratio, 0.6);
  const cx = dims.width / 2;
  let bottom = standTop;
  return widths().map((w, i) => {
    const body = roundBody(cx, bottom, w, w * ratio, i, count);
    bottom -= w * ratio;
    return body;
  });
}
