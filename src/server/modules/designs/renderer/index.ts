/**
 * Frosted's own image provider: a procedural cake illustration from the designer form, drawn as SVG
 * and rasterised with resvg. No network, no key, deterministic for a given form.
 */
import { Resvg, renderAsync } from '@resvg/resvg-js';
import type { StylePreset } from '../../../../shared/catalog.ts';
import { STYLE_PRESETS } from '../../../../shared/catalog.ts';
import { type ImageDims, imageSizeFor } from '../../../../shared/designer.ts';
import { backdrop, stand, standTop } from './backdrop.ts';
import { badges, badgesFor } from './badges.ts';
import { cupcakeScene } from './cupcakes.ts';
import {
  type DecoContext,
  decorateLedge,
  decorateSide,
  decorateTop,
  drawBody,
  extrasFrom,
} from './decorations.ts';
import { cakeKind, sheetBody, stackTiers, stageFor, tierCount } from './layout.ts';
import { resolvePalette, spongeFor } from './palette.ts';
import { createRng, hashString } from './random.ts';
import { slicePlate } from './slice.ts';
import { Defs, softShadow } from './svg.ts';
import { topper, topperFor } from './toppers.ts';

export interface CakeRenderInput {
  occasion: string;
  flavor: string;
  size: string;
  description?: string | null;
  colors?: string | null;
  dietary?: string | null;
  style: StylePreset;
}

const MIN_SIDE = 64;
const MAX_SIDE = 4096;
const clampSide = (v: number) =>
  Number.isFinite(v) ? Math.round(Math.min(MAX_SIDE, Math.max(MIN_SIDE, v))) : 1024;

export function renderCakeSvg(input: CakeRenderInput, dims: ImageDims = imageSizeFor(input)): string {
  const size = { width: clampSide(dims.width), height: clampSide(dims.height) };
  const style: StylePreset = STYLE_PRESETS.some((s) => s.id === input.style) ? input.style : 'elegant';
  const form = { ...input, style };
  const rng = createRng(
    hashString(
      JSON.stringify([
        form.occasion,
        form.flavor,
        form.size,
        form.description,
        form.colors,
        form.dietary,
        style,
      ]),
    ),
  );
  const defs = new Defs();
  const p = resolvePalette(form, rng);
  const ctx: DecoContext = {
    defs,
    rng,
    p,
    sponge: spongeFor(form.flavor),
    style,
    extras: extrasFrom(form.description),
    variant: rng.chance(0.5) ? 1 : 0,
  };
  const stage = stageFor(size);
  const kind = cakeKind(form.size);
  let art = backdrop(defs, size, stage, p, style, rng);

  if (kind === 'cupcakes') art += cupcakeScene(ctx, size, stage, form.occasion);
  else {
    const cx = size.width / 2;
    const topperKind = topperFor(form.occasion, rng);
    const topperRoom = style === 'whimsical' ? 400 : 260;
    const u = stage.unit;
    const sheet = kind === 'sheet';
    const placed = sheet
      ? [sheetBody(cx, stage.floor - 60 * u, Math.min(size.width * 0.62, 1100 * u), 250 * u, 190 * u)]
      : stackTiers(size, standTop(stage, style), tierCount(form.size, form.occasion), topperRoom);
    const base = placed[0];
    if (!base) return '';
    const standWidth = base.width * (sheet ? 1.12 : 1.26);
    art += sheet ? sheetBoard(ctx, stage, cx, standWidth) : stand(defs, stage, cx, standWidth, p, style);
    const decoTop = decorateTop(ctx, placed[placed.length - 1] ?? base);
    for (const [i, body] of placed.entries()) {
      if (i > 0) {
        const lower = placed[i - 1] ?? body;
        art += softShadow(defs, body.cx, body.bottom + body.ry * 0.3, body.width * 0.56, body.ry * 1.5, 0.28);
        art += drawBody(ctx, body) + decorateSide(ctx, body) + decorateLedge(ctx, lower, body);
      } else art += drawBody(ctx, body) + decorateSide(ctx, body);
    }
    const top = placed[placed.length - 1] ?? base;
    art += decoTop.back + topper(topperKind, ctx, top) + decoTop.front;
    // The slice sits front right, overlapping the stand's foot but never leaving the canvas.
    const sliceAt = { x: Math.min(cx + standWidth * 0.42, size.width - 150 * u), y: stage.floor + 80 * u };
    art += slicePlate(
      defs,
      sliceAt,
      stage.unit,
      p,
      ctx.sponge,
      style === 'rustic' || ctx.extras.has('naked'),
      rng,
    );
  }
  art += badges(defs, badgesFor(form.dietary), stage.unit, p);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">${defs.toXml()}${art}</svg>`;
}

function sheetBoard(ctx: DecoContext, stage: ReturnType<typeof stageFor>, cx: number, width: number) {
  const u = stage.unit;
  const y = stage.floor - 10 * u;
  const depth = 150 * u;
  const board = ctx.style === 'rustic' ? '#a8764a' : ctx.p.dark ? ctx.p.metal : '#f3f0ec';
  const svg =
    softShadow(ctx.defs, cx, stage.floor, width * 0.58, 60 * u, 0.3) +
    `<path d="M${cx - width / 2} ${y}L${cx - width * 0.44} ${y - depth}H${cx + width * 0.44}L${cx + width / 2} ${y}Z" fill="${board}"/>` +
    `<rect x="${cx - width / 2}" y="${y}" width="${width}" height="${14 * u}" fill="${board}" fill-opacity="0.8"/>`;
  return svg;
}

/** PNG bytes of the cake illustration; default size follows the spec's size rule. */
const RESVG_OPTIONS = { font: { loadSystemFonts: false }, shapeRendering: 2, imageRendering: 0 } as const;

export function renderCakePng(input: CakeRenderInput, dims: ImageDims = imageSizeFor(input)): Buffer {
  return new Resvg(renderCakeSvg(input, dims), RESVG_OPTIONS).render().asPng();
}

/** The same PNG, rasterised on libuv's thread pool so several variations render in parallel. */
export async function renderCakePngAsync(
  input: CakeRenderInput,
  dims: ImageDims = imageSizeFor(input),
  signal?: AbortSignal,
): Promise<Buffer> {
  const rendered = await renderAsync(renderCakeSvg(input, dims), RESVG_OPTIONS, signal);
  return rendered.asPng();
}
