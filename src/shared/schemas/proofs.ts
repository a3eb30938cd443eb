import { z } from 'zod';
import { MESSAGES } from '../errors.ts';
import { PROOF_IMAGES_MAX, PROOF_NOTE_MAX, PROOF_STATUSES } from '../proofs.ts';

/** Bytes an uploaded proof picture may have (the storage bucket checks the same by content). */
export const PROOF_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const PROOF_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

const isFile = (value: unknown): value is File => typeof File !== 'undefined' && value instanceof File;

/** "Image 2: …" when there are several, so the person knows which one. */
export const proofImageProblem = (message: string, index: number, count: number) =>
  count > 1 ? `Image ${index + 1}: ${message}` : message;

// A file that claims no type (curl, some clients) is left to the server's check of its content.
const claimsImageType = (type: string) =>
  type === '' || type === 'application/octet-stream' || PROOF_IMAGE_TYPES.includes(type);

/** The pictures of a form, `min` to five; each is checked by its content when stored. */
const images = (min: number, required: string) =>
  z
    .array(z.unknown())
    .max(PROOF_IMAGES_MAX, `Add at most ${PROOF_IMAGES_MAX} images.`)
    .superRefine((items, ctx) => {
      const files = items.filter((i) => !(isFile(i) && i.size === 0));
      if (files.length < min) ctx.addIssue({ code: 'custom', message: required });
      for (const [i, item] of files.entries()) {
        const problem = !isFile(item)
          ? 'Add image files only.'
          : item.size > PROOF_IMAGE_MAX_BYTES
            ? MESSAGES.fileTooLarge(PROOF_IMAGE_MAX_BYTES / (1024 * 1024))
            : claimsImageType(item.type)
              ? null
              : MESSAGES.unsupportedFile;
        if (problem) ctx.addIssue({ code: 'custom', message: proofImageProblem(problem, i, files.length) });
      }
    })
    .transform((items) => items.filter((i): i is File => isFile(i) && i.size > 0));

/** POST /api/orders/{id}/proofs (multipart): the vendor's notes and one to five images in `images`. */
export const sendProofSchema = z.object({
  note: z
    .string('Write a note for the customer.')
    .trim()
    .max(PROOF_NOTE_MAX, `Keep the note under ${PROOF_NOTE_MAX.toLocaleString('en-CA')} characters.`)
    .default(''),
  images: images(1, 'Add a sketch or photo of the design.'),
});
export type SendProofValues = z.output<typeof sendProofSchema>;

/** POST /api/orders/{id}/proofs/{proofId}/request-changes (multipart): what to change, up to five pictures. */
export const requestProofChangesSchema = z.object({
  message: z
    .string('Tell the vendor what to change.')
    .trim()
    .min(1, 'Tell the vendor what to change.')
    .max(PROOF_NOTE_MAX, `Keep the message under ${PROOF_NOTE_MAX.toLocaleString('en-CA')} characters.`),
  images: images(0, ''),
});
export type RequestProofChangesValues = z.output<typeof requestProofChangesSchema>;

export const proofParamsSchema = z.object({
  id: z.string().min(1).max(100),
  proofId: z.string().min(1).max(100),
});

export const proofImageViewSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** One round as both sides see it. */
export const proofViewSchema = z.object({
  id: z.string(),
  round: z.number().int(),
  note: z.string().nullable(),
  images: z.array(proofImageViewSchema),
  status: z.enum(PROOF_STATUSES),
  /** The customer's request for changes (null when approved or not answered yet). */
  response: z.string().nullable(),
  responseImages: z.array(proofImageViewSchema),
  respondedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ProofView = z.infer<typeof proofViewSchema>;

/** GET /api/orders/{id}/proofs: every round (oldest first), the cut-off, and what the viewer may do now. */
export const orderProofsSchema = z.object({
  orderId: z.string(),
  viewer: z.enum(['customer', 'vendor', 'admin']),
  rounds: z.array(proofViewSchema),
  changes: z.object({
    /** The vendor's cut-off, in hours before the event. */
    cutoffHours: z.number().int(),
    /** When changes close (UTC), or null for an order without a delivery time. */
    closesAt: z.string().nullable(),
    /** Whether the customer may still ask for changes now. */
    open: z.boolean(),
  }),
  can: z.object({
    /** The vendor may send the next round. */
    send: z.boolean(),
    /** The customer may approve the latest round. */
    approve: z.boolean(),
    /** The customer may ask for changes to the latest round (before the cut-off). */
    requestChanges: z.boolean(),
  }),
});
export type OrderProofs = z.infer<typeof orderProofsSchema>;
