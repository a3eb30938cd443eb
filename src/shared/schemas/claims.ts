import { z } from 'zod';

export const CLAIM_DESCRIPTION_MAX = 2_000;

/** POST /api/orders/{id}/claim (multipart, with up to five photos in `files`): what is wrong. */
export const openClaimSchema = z.object({
  description: z
    .string()
    .trim()
    .min(10, 'Please describe what is wrong (at least 10 characters).')
    .max(CLAIM_DESCRIPTION_MAX, `Keep it under ${CLAIM_DESCRIPTION_MAX} characters.`),
});

/** POST /api/orders/{id}/claim/response: the vendor's answer. */
export const claimResponseSchema = z.object({
  response: z
    .string()
    .trim()
    .min(1, 'Please write your answer.')
    .max(CLAIM_DESCRIPTION_MAX, `Keep it under ${CLAIM_DESCRIPTION_MAX} characters.`),
});

/** POST /api/admin/claims/{id}/resolution: how an admin settles it. */
export const claimResolutionSchema = z
  .object({
    outcome: z.enum(['release', 'refund', 'partial'], { error: 'Choose how to resolve the claim.' }),
    /** Cents given back, for a partial refund. */
    refundCents: z.number().int('Whole cents only.').min(1, 'Refund at least one cent.').optional(),
    note: z
      .string()
      .trim()
      .min(1, 'Tell both sides why.')
      .max(1_000, 'Keep the note under 1,000 characters.'),
  })
  .refine((v) => v.outcome !== 'partial' || v.refundCents !== undefined, {
    path: ['refundCents'],
    message: 'Enter the amount to refund.',
  });
export type ClaimResolutionInput = z.infer<typeof claimResolutionSchema>;

export const claimViewSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'resolved', 'withdrawn']),
  description: z.string(),
  photos: z.array(
    z.object({ url: z.string(), thumbUrl: z.string(), width: z.number().int(), height: z.number().int() }),
  ),
  vendorResponse: z.string().nullable(),
  outcome: z.enum(['release', 'refund', 'partial']).nullable(),
  refundCents: z.number().int().nullable(),
  adminNote: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type ClaimView = z.infer<typeof claimViewSchema>;

export const claimQueueItemSchema = claimViewSchema.extend({
  orderId: z.string(),
  orderNumber: z.string(),
  amountCents: z.number().int(),
  heldCents: z.number().int(),
  vendorName: z.string(),
  customerName: z.string(),
});
export const claimsQueueSchema = z.object({
  open: z.array(claimQueueItemSchema),
  recent: z.array(claimQueueItemSchema),
});
export type ClaimsQueue = z.infer<typeof claimsQueueSchema>;
