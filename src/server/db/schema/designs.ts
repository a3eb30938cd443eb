import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { createdAt, id, inList, ref, timestamptz } from './columns.ts';
import { vendors } from './marketplace.ts';

export const GENERATION_STATUSES = ['running', 'succeeded', 'failed'] as const;
export const DESIGN_IMAGE_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** The designer form as it was submitted; kept whole so a design can be refined or saved later. */
export interface StoredDesignForm {
  occasion: string;
  flavor: string;
  size: string;
  description: string;
  colors: string;
  dietary: string[];
}

/**
 * One press of Generate: one image or three variations. The row is the truth about progress, so any
 * server process can answer the event stream or a poll for it.
 */
export const designGenerations = pgTable(
  'design_generations',
  {
    id: id(),
    /** Null for a visitor; then the unguessable id is what lets them follow and save it. */
    userId: ref('user_id', () => users.id, 'cascade'),
    vendorId: ref('vendor_id', () => vendors.id, 'set null'),
    variations: integer('variations').notNull(),
    form: jsonb('form').$type<StoredDesignForm>().notNull(),
    status: text('status').notNull().default('running'),
    /** The last progress value reached (spec: 15/35/60/95/100 or 10/25/45/90/100); 0 before the first. */
    progress: integer('progress').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** The daily quota bucket the images were counted in, so failed ones are given back to it. */
    quotaKey: text('quota_key').notNull(),
    quotaDay: date('quota_day').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    check('design_generations_status_check', sql`${t.status} IN (${inList(GENERATION_STATUSES)})`),
    check('design_generations_variations_check', sql`${t.variations} IN (1, 3)`),
    index('design_generations_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('design_generations_vendor_idx').on(t.vendorId),
  ],
);

/**
 * One image asked of a provider (spec "generated design": id, url, prompt, style, service, cost,
 * created_at), including the ones that failed, so cost and abuse can be audited.
 */
export const designImages = pgTable(
  'design_images',
  {
    id: id(),
    generationId: ref('generation_id', () => designGenerations.id, 'cascade').notNull(),
    position: integer('position').notNull(),
    style: text('style').notNull(),
    status: text('status').notNull().default('pending'),
    /** Storage key in the "designs" bucket once stored. */
    imageKey: text('image_key'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    /** WxH as asked of the provider (mapped per model family). */
    size: text('size').notNull(),
    prompt: text('prompt').notNull(),
    /** Integer cents (CAD); 0 for the procedural renderer and for failures. */
    costCents: integer('cost_cents').notNull().default(0),
    errorKind: text('error_kind'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
  },
  (t) => [
    check('design_images_status_check', sql`${t.status} IN (${inList(DESIGN_IMAGE_STATUSES)})`),
    check('design_images_cost_check', sql`${t.costCents} >= 0`),
    index('design_images_generation_idx').on(t.generationId, t.position),
  ],
);

/** Images used per quota key (user:<id> or ip:<address>) and Vancouver calendar day. */
export const designQuotas = pgTable(
  'design_quotas',
  {
    key: text('key').notNull(),
    day: date('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] }), check('design_quotas_used_check', sql`${t.used} >= 0`)],
);
