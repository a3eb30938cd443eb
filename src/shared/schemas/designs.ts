import { z } from 'zod';
import { DIETARY_VALUES, FLAVORS, OCCASIONS, SIZES, STYLE_PRESETS, type StylePreset } from '../catalog.ts';

/** Spec section 5: the designer's one message when occasion, flavor or size is missing. */
export const DESIGN_REQUIRED_MESSAGE = 'Please fill in all required fields: Occasion, Flavor, and Size.';

/** Refine redraws one design from an edited description, so it needs one. */
export const REFINE_DESCRIPTION_MESSAGE = 'Please describe how you would like the design changed.';

export const DESIGN_LIMITS = { description: 1000, colors: 200 } as const;

export const STYLE_IDS = STYLE_PRESETS.map((s) => s.id) as [StylePreset, ...StylePreset[]];

/** Spec section 3: Single-design progress goes 15, 35, 60, 95, 100; three variations 10, 25, 45, 90, 100. */
export const PROGRESS_STEPS = {
  1: [15, 35, 60, 95, 100],
  3: [10, 25, 45, 90, 100],
} as const satisfies Record<number, readonly number[]>;

/** The stage message shown beside each progress value, in step order. */
export const STAGE_MESSAGES = {
  1: [
    'Reading your cake details...',
    'Sketching your design...',
    'Piping the decorations...',
    'Plating your design...',
    'Your design is ready!',
  ],
  3: [
    'Choosing three styles for your cake...',
    'Sketching three variations...',
    'Piping the decorations...',
    'Plating your designs...',
    'Your designs are ready!',
  ],
} as const satisfies Record<number, readonly string[]>;

const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values, { error: message }));

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(max, `Must be at most ${max} characters.`),
  );

/** The designer form (spec section 2); the same schema checks the form and the request. */
export const designFormSchema = z.object({
  occasion: requiredChoice(OCCASIONS, 'Please choose an occasion.'),
  flavor: requiredChoice(FLAVORS, 'Please choose a flavor.'),
  size: requiredChoice(SIZES, 'Please choose a size.'),
  description: optionalText(DESIGN_LIMITS.description),
  colors: optionalText(DESIGN_LIMITS.colors),
  dietary: z
    .array(z.enum(DIETARY_VALUES, { error: 'Please choose from the listed dietary needs.' }))
    .max(DIETARY_VALUES.length)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type DesignFormInput = z.input<typeof designFormSchema>;
export type DesignFormValues = z.output<typeof designFormSchema>;

/** The fields whose absence the spec reports with DESIGN_REQUIRED_MESSAGE. */
export const DESIGN_REQUIRED_FIELDS = ['occasion', 'flavor', 'size'] as const;

/** POST /api/designs/generations: one design, three variations, or one redone in a given style (Refine). */
export const startGenerationSchema = designFormSchema
  .extend({
    variations: z.union([z.literal(1), z.literal(3)], { error: 'Choose one design or three variations.' }),
    /** Only with one design: the style preset to draw it in (Refine keeps the variation's style). */
    style: z.enum(STYLE_IDS, { error: 'Please choose a listed style.' }).optional(),
    /** The vendor the customer is designing for (Request a Quote on a vendor page). */
    vendorId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((v) => v.style === undefined || v.description !== '', {
    // A refine redraws one picture from its description: without one it would spend an image on nothing.
    path: ['description'],
    message: REFINE_DESCRIPTION_MESSAGE,
  });
export type StartGenerationInput = z.input<typeof startGenerationSchema>;
export type StartGenerationValues = z.output<typeof startGenerationSchema>;

export const designImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  style: z.enum(STYLE_IDS),
  styleLabel: z.string(),
  /** WxH as asked of the provider. */
  size: z.string(),
  provider: z.string(),
  model: z.string(),
  prompt: z.string(),
  costCents: z.number().int(),
  createdAt: z.string(),
});
export type DesignImage = z.infer<typeof designImageSchema>;

export const GENERATION_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

export const designGenerationSchema = z.object({
  id: z.string(),
  status: z.enum(GENERATION_STATUSES),
  variations: z.union([z.literal(1), z.literal(3)]),
  /** The last progress value reached, 0 before the first step. */
  progress: z.number().int(),
  stage: z.string(),
  form: z.object({
    occasion: z.string(),
    flavor: z.string(),
    size: z.string(),
    description: z.string(),
    colors: z.string(),
    dietary: z.array(z.string()),
  }),
  vendor: z.object({ id: z.string(), businessName: z.string() }).nullable(),
  /** The images that succeeded, in style order; a failed variation is simply absent. */
  images: z.array(designImageSchema),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  createdAt: z.string(),
});
export type DesignGeneration = z.infer<typeof designGenerationSchema>;

/** Server-sent events of GET /api/designs/generations/{id}/events. */
export type GenerationEvent =
  | { event: 'progress'; data: { progress: number; stage: string } }
  | { event: 'done'; data: DesignGeneration }
  | { event: 'failed'; data: DesignGeneration };

export const designQuotaSchema = z.object({
  /** Images a day for this user (or visitor address). */
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  signedIn: z.boolean(),
});
export type DesignQuota = z.infer<typeof designQuotaSchema>;

/** POST /api/designs: save a generated image as a cake design of the signed-in user. */
export const saveDesignSchema = z.object({
  imageId: z.string({ error: 'Choose a design to save.' }).trim().min(1, 'Choose a design to save.').max(100),
});
export type SaveDesignInput = z.infer<typeof saveDesignSchema>;

export const savedDesignSchema = z.object({
  id: z.string(),
  /** The public page of the design: /designs/{shareId}. */
  shareId: z.string(),
  imageUrl: z.string().nullable(),
  /** False when the user had already saved this image. */
  created: z.boolean(),
});
export type SavedDesign = z.infer<typeof savedDesignSchema>;

/** GET /api/designs/{id}: what the public design page shows. */
export const publicDesignSchema = z.object({
  id: z.string(),
  imageUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  occasion: z.string(),
  flavor: z.string(),
  size: z.string(),
  colors: z.string().nullable(),
  description: z.string().nullable(),
  dietary: z.array(z.string()),
  style: z.string().nullable(),
  styleLabel: z.string().nullable(),
  aiGenerated: z.boolean(),
  createdAt: z.string(),
});
export type PublicDesign = z.infer<typeof publicDesignSchema>;

export const designIdParamSchema = z.object({ id: z.string().min(1).max(100) });
