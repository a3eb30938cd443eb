import { dietaryLabel, STYLE_PRESETS } from '../../../shared/catalog.ts';
import { MESSAGES } from '../../../shared/errors.ts';
import {
  type DesignGeneration,
  type DesignImage,
  PROGRESS_STEPS,
  type PublicDesign,
  STAGE_MESSAGES,
  type SavedDesign,
} from '../../../shared/schemas/designs.ts';
import type { StylePreset } from '../../../shared/catalog.ts';
import { fileUrl } from '../storage/index.ts';
import type { DesignImageRow, GenerationRow } from './generation-service.ts';

/** A generation still "running" this long after it began lost its process (a restart): it failed. */
export const STALE_GENERATION_MS = 15 * 60 * 1000;

export const styleLabel = (style: string | null): string | null =>
  STYLE_PRESETS.find((s) => s.id === style)?.label ?? null;

/** The stage message for a progress value of a one- or three-image generation. */
export function stageFor(variations: 1 | 3, progress: number): string {
  const index = (PROGRESS_STEPS[variations] as readonly number[]).indexOf(progress);
  return index >= 0 ? (STAGE_MESSAGES[variations][index] ?? '') : 'Getting started...';
}

export function effectiveStatus(row: GenerationRow, now = Date.now()) {
  const stale = row.status === 'running' && now - row.createdAt.getTime() > STALE_GENERATION_MS;
  return stale
    ? { status: 'failed' as const, error: { code: 'GENERATION_FAILED', message: MESSAGES.designsFailed } }
    : {
        status: row.status as DesignGeneration['status'],
        error:
          row.status === 'failed'
            ? {
                code: row.errorCode ?? 'GENERATION_FAILED',
                message: row.errorMessage ?? MESSAGES.designsFailed,
              }
            : null,
      };
}

export function presentDesignImage(row: DesignImageRow): DesignImage {
  return {
    id: row.id,
    url: row.imageKey ? fileUrl('designs', row.imageKey) : '',
    width: row.width,
    height: row.height,
    style: row.style as StylePreset,
    styleLabel: styleLabel(row.style) ?? row.style,
    size: row.size,
    provider: row.provider,
    model: row.model,
    prompt: row.prompt,
    costCents: row.costCents,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentGeneration(
  { generation: g, vendorName }: { generation: GenerationRow; vendorName: string | null },
  images: DesignImageRow[],
): DesignGeneration {
  const variations = g.variations === 3 ? 3 : 1;
  const { status, error } = effectiveStatus(g);
  return {
    id: g.id,
    status,
    variations,
    progress: g.progress,
    stage: stageFor(variations, g.progress),
    form: g.form,
    vendor: g.vendorId && vendorName ? { id: g.vendorId, businessName: vendorName } : null,
    images: status === 'succeeded' ? images.map(presentDesignImage) : [],
    error,
    createdAt: g.createdAt.toISOString(),
  };
}

export function presentSavedDesign(
  row: { id: string; designImageId: string | null; imageUrl: string | null },
  created: boolean,
): SavedDesign {
  return { id: row.id, shareId: row.designImageId ?? row.id, imageUrl: row.imageUrl, created };
}

export interface PublicDesignSource {
  id: string;
  imageUrl: string | null;
  width: number | null;
  height: number | null;
  occasion: string;
  flavor: string;
  size: string;
  colors: string | null;
  description: string | null;
  dietary: string[];
  style: string | null;
  aiGenerated: boolean;
  createdAt: Date;
}

export function presentPublicDesign(d: PublicDesignSource): PublicDesign {
  return {
    ...d,
    colors: d.colors || null,
    description: d.description || null,
    dietary: d.dietary.map(dietaryLabel),
    styleLabel: styleLabel(d.style),
    createdAt: d.createdAt.toISOString(),
  };
}
