/** The room around the cake: wall, table, and the stand or board the cake sits on. */
import type { StylePreset } from '../../../../shared/catalog.ts';
import type { ImageDims } from '../../../../shared/designer.ts';
import { darken, lighten, mix } from './color.ts';
import { type Stage, TILT } from './layout.ts';
import type { Palette } from './palette.ts';
import type { Rng } from './random.ts';
import { type Defs, f, softShadow } from './svg.ts';

export function backdrop(
  defs: Defs,
  dims: ImageDims,
  stage: Stage,
  p: Palette,
  style: StylePreset,
  rng: Rng,
): string {
  const { width: W, height: H } = dims;
  const u = stage.unit;
  const wall = defs.linear(
    [
      [0, p.backdropTop],
      [1, p.backdropBottom],
    ],
    0,
    0,
    0,
    1,
  );
  const glow = defs.radial([
    [0, lighten(p.backdropTop, p.dark ? 0.12 : 0.5), 0.9],
    [1, p.backdropTop, 0],
  ]);
  const table = defs.linear(
    [
      [0, darken(p.table, 0.06)],
      [0.25, p.table],
      [1, lighten(p.table, p.dark ? 0.05 : 0.2)],
    ],
    0,
    0,
    0,
    1,
  );
  let out = `<rect width="${W}" height="${H}" fill="${wall}"/>`;
  out += `<ellipse cx="${f(W / 2)}" cy="${f(stage.horizon - 260 * u)}" rx="${f(W * 0.6)}" ry="${f(H * 0.42)}" fill="${glow}"/>`;
  out += wallDetail(dims, stage, p, style, rng);
  out += `<rect y="${f(stage.horizon)}" width="${W}" height="${f(H - stage.horizon)}" fill="${table}"/>`;
  out += `<rect y="${f(stage.horizon - 2 * u)}" width="${W}" height="${f(5 * u)}" fill="${darken(p.table, 0.2)}" fill-opacity="0.35"/>`;
  if (style === 'rustic') {
    // Wood grain on the table.
    for (let i = 0; i < 7; i++) {
      const y = stage.horizon + (H - stage.horizon) * ((i + rng.range(0.2, 0.8)) / 7);
      out += `<path d="M0 ${f(y)}C${f(W * 0.3)} ${f(y - 6 * u)} ${f(W * 0.6)} ${f(y + 8 * u)} ${W} ${f(y)}" stroke="${darken(p.table, 0.25)}" stroke-width="${f(2 * u)}" fill="none" stroke-opacity="0.35"/>`;
    }
  }
  return out;
}

function wallDetail(dims: ImageDims, stage: Stage, p: Palette, style: StylePreset, rng: Rng): string {
  const { width: W } = dims;
  const u = stage.unit;
  let out = '';
  if (style === 'modern') {
    // A soft arch panel, the staple of modern cake photography.
    const w = Math.min(W * 0.7, 760 * u);
    const x = W / 2 - w / 2;
    const top = stage.horizon - Math.min(dims.height * 0.72, 900 * u);
    out += `<path d="M${f(x)} ${f(stage.horizon)}V${f(top + w / 2)}A${f(w / 2)} ${f(w / 2)} 0 0 1 ${f(x + w)} ${f(top + w / 2)}V${f(stage.horizon)}Z" fill="${mix(p.backdropTop, p.accent2, 0.22)}" fill-opacity="0.8"/>`;
  } else if (style === 'luxe' || style === 'whimsical') {
    // Bokeh (luxe) or confetti (whimsical) in the background.
    const colors = style === 'luxe' ? [p.metal] : [p.accent, p.accent2, p.frosting, '#ffffff'];
    for (let i = 0; i < (style === 'luxe' ? 18 : 40); i++) {
      const x = rng.range(0, W);
      const y = rng.range(0, stage.horizon - 20 * u);
      const r = (style === 'luxe' ? rng.range(8, 34) : rng.range(4, 9)) * u;
      const o = style === 'luxe' ? rng.range(0.08, 0.25) : rng.range(0.35, 0.7);
      out += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${rng.pick(colors)}" fill-opacity="${f(o)}"/>`;
    }
  } else if (style === 'elegant') {
    // Faint wallpaper stripes.
    const step = 64 * u;
    for (let x = step / 2; x < W; x += step)
      out += `<rect x="${f(x)}" y="0" width="${f(step * 0.45)}" height="${f(stage.horizon)}" fill="#ffffff" fill-opacity="0.14"/>`;
  }
  return out;
}

const PEDESTAL_HEIGHT = 136;
const BOARD_HEIGHT: Partial<Record<StylePreset, number>> = { modern: 22, rustic: 34 };

/** y where the cake's bottom ellipse sits: the stand's height does not depend on its width. */
export function standTop(stage: Stage, style: StylePreset): number {
  return stage.floor - (BOARD_HEIGHT[style] ?? PEDESTAL_HEIGHT) * stage.unit;
}

/** Pedestal for elegant, whimsical and luxe; a board for modern; a wood slice for rustic. */
export function stand(
  defs: Defs,
  stage: Stage,
  cx: number,
  width: number,
  p: Palette,
  style: StylePreset,
): string {
  const u = stage.unit;
  const floor = stage.floor;
  const rx = width / 2;
  let svg = softShadow(defs, cx, floor, rx * 1.15, rx * TILT * 1.5, p.dark ? 0.6 : 0.32);
  if (style === 'modern' || style === 'rustic') {
    const thick = (BOARD_HEIGHT[style] ?? 0) * u;
    const top = floor - thick;
    const c = style === 'rustic' ? '#a8764a' : lighten(p.backdropBottom, 0.6);
    const edge = defs.linear([
      [0, darken(c, 0.3)],
      [0.35, lighten(c, 0.1)],
      [1, darken(c, 0.35)],
    ]);
    svg += `<path d="M${f(cx - rx)} ${f(top)}V${f(floor)}A${f(rx)} ${f(rx * TILT)} 0 0 0 ${f(cx + rx)} ${f(floor)}V${f(top)}Z" fill="${style === 'rustic' ? darken('#6b4a2e', 0.1) : edge}"/>`;
    if (style === 'rustic') {
      // Bark edge, then the cut face with growth rings.
      svg += `<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(rx)}" ry="${f(rx * TILT)}" fill="${c}"/>`;
      for (let i = 1; i < 5; i++)
        svg += `<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(rx * (1 - i * 0.16))}" ry="${f(rx * TILT * (1 - i * 0.16))}" fill="none" stroke="${darken(c, 0.18)}" stroke-width="${f(2 * u)}" stroke-opacity="0.6"/>`;
    } else {
      svg += `<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(rx)}" ry="${f(rx * TILT)}" fill="${lighten(c, 0.3)}"/>`;
    }
    return svg;
  }
  const metal = style === 'luxe' ? p.metal : style === 'whimsical' ? lighten(p.accent, 0.35) : '#f4f1ee';
  const shade = defs.linear([
    [0, darken(metal, 0.3)],
    [0.3, lighten(metal, 0.45)],
    [0.55, metal],
    [1, darken(metal, 0.35)],
  ]);
  const footRx = rx * 0.5;
  const plateTop = floor - (PEDESTAL_HEIGHT - 16) * u;
  svg += `<path d="M${f(cx - footRx)} ${f(floor - 8 * u)}A${f(footRx)} ${f(footRx * TILT)} 0 0 0 ${f(cx + footRx)} ${f(floor - 8 * u)}L${f(cx + footRx * 0.9)} ${f(floor - 24 * u)}H${f(cx - footRx * 0.9)}Z" fill="${shade}"/>`;
  svg += `<path d="M${f(cx - footRx * 0.9)} ${f(floor - 24 * u)}C${f(cx - footRx * 0.3)} ${f(floor - 34 * u)} ${f(cx - rx * 0.12)} ${f(floor - 60 * u)} ${f(cx - rx * 0.1)} ${f(plateTop)}H${f(cx + rx * 0.1)}C${f(cx + rx * 0.12)} ${f(floor - 60 * u)} ${f(cx + footRx * 0.3)} ${f(floor - 34 * u)} ${f(cx + footRx * 0.9)} ${f(floor - 24 * u)}Z" fill="${shade}"/>`;
  const thick = 16 * u;
  svg += `<path d="M${f(cx - rx)} ${f(plateTop - thick)}V${f(plateTop)}A${f(rx)} ${f(rx * TILT)} 0 0 0 ${f(cx + rx)} ${f(plateTop)}V${f(plateTop - thick)}Z" fill="${shade}"/>`;
  svg += `<ellipse cx="${f(cx)}" cy="${f(plateTop - thick)}" rx="${f(rx)}" ry="${f(rx * TILT)}" fill="${lighten(metal, 0.3)}"/>`;
  return svg;
}
