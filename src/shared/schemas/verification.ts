import { z } from 'zod';
import {
  VERIFICATION_DOCUMENT_TYPES,
  VERIFICATION_ITEMS,
  VERIFICATION_KINDS,
  type VerificationKind,
} from '../verification.ts';

export const VERIFICATION_NOTE_MAX = 1000;

export const verificationKindParamSchema = z.object({
  kind: z.enum(VERIFICATION_KINDS, { error: 'Not a checklist item.' }),
});
export const verificationItemParamSchema = verificationKindParamSchema.extend({
  vendorId: z.string().min(1).max(100),
});
export const verificationVendorParamSchema = z.object({ vendorId: z.string().min(1).max(100) });

const note = z
  .string({ error: 'The note must be text.' })
  .trim()
  .max(VERIFICATION_NOTE_MAX, `The note must be at most ${VERIFICATION_NOTE_MAX} characters.`);

/** The document the admin decided on (its upload time): a newer upload needs a new review. */
const submittedAt = z.iso.datetime({ error: 'Which upload was reviewed is missing.', offset: true });

/** Verifying an item: a note (optional) and the document's last valid day. */
export const verifyItemSchema = z.object({
  submittedAt,
  note: note.optional(),
  expiresOn: z.iso.date({ error: 'Please enter the expiry date as YYYY-MM-DD.' }).optional(),
});
export type VerifyItemInput = z.infer<typeof verifyItemSchema>;

/** The same rule for the form and the request: insurance, permit and FOODSAFE need an expiry date. */
export const verifyItemSchemaFor = (kind: VerificationKind) =>
  verifyItemSchema.refine((v) => !VERIFICATION_ITEMS[kind].expires || v.expiresOn !== undefined, {
    path: ['expiresOn'],
    message: `Please enter the day the ${VERIFICATION_ITEMS[kind].label.toLowerCase()} expires.`,
  });

export const rejectItemSchema = z.object({
  submittedAt,
  note: note.min(5, 'Please tell the vendor why, in at least 5 characters.'),
});
export type RejectItemInput = z.infer<typeof rejectItemSchema>;

export const VERIFICATION_STATES = ['missing', 'submitted', 'verified', 'rejected', 'expired'] as const;

export const verificationItemSchema = z.object({
  kind: z.enum(VERIFICATION_KINDS),
  label: z.string(),
  description: z.string(),
  required: z.boolean(),
  /** Whether this kind of document carries an expiry date. */
  expires: z.boolean(),
  state: z.enum(VERIFICATION_STATES),
  /** The uploaded document (its name as uploaded), or null; opened only through `url`. */
  document: z
    .object({
      name: z.string(),
      type: z.enum(VERIFICATION_DOCUMENT_TYPES),
      bytes: z.number().int(),
      url: z.string(),
    })
    .nullable(),
  note: z.string().nullable(),
  /** Last valid Vancouver day (YYYY-MM-DD). */
  expiresOn: z.string().nullable(),
  /** Verified and expiring within the notice period. */
  expiresSoon: z.boolean(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type VerificationItem = z.infer<typeof verificationItemSchema>;

export const verificationChecklistSchema = z.object({
  vendorId: z.string(),
  businessName: z.string(),
  /** The Verified badge, as customers see it. */
  verified: z.boolean(),
  items: z.array(verificationItemSchema),
});
export type VerificationChecklist = z.infer<typeof verificationChecklistSchema>;

export const verificationItemResultSchema = z.object({ item: verificationItemSchema, verified: z.boolean() });
export type VerificationItemResult = z.infer<typeof verificationItemResultSchema>;

/** The admins' queue: documents waiting for a decision, oldest first. */
export const verificationQueueSchema = z.object({
  items: z.array(
    z.object({
      vendorId: z.string(),
      businessName: z.string(),
      vendorStatus: z.string(),
      kind: z.enum(VERIFICATION_KINDS),
      label: z.string(),
      documentName: z.string(),
      submittedAt: z.string(),
    }),
  ),
});
export type VerificationQueue = z.infer<typeof verificationQueueSchema>;

/** What the public vendor page says was checked (never the documents). */
export const publicVerificationSchema = z.object({
  items: z.array(z.object({ kind: z.enum(VERIFICATION_KINDS), label: z.string() })),
  /** When the most recent of these was checked. */
  checkedAt: z.string(),
});
export type PublicVerification = z.infer<typeof publicVerificationSchema>;
