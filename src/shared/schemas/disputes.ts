import { z } from 'zod';

/** A card dispute (chargeback) on an order's payment, as admins and the order's vendor see it (decision 031). */

export const DISPUTE_NOTE_MAX = 2_000;

export const DISPUTE_STATUS_LABELS = {
  warning_needs_response: 'Inquiry: response needed',
  warning_under_review: 'Inquiry: under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Response needed',
  under_review: 'Under review',
  won: 'Won',
  lost: 'Lost',
  prevented: 'Prevented',
} as const;
export type DisputeStatusName = keyof typeof DISPUTE_STATUS_LABELS;
const statusSchema = z.enum(
  Object.keys(DISPUTE_STATUS_LABELS) as [DisputeStatusName, ...DisputeStatusName[]],
);

/** PUT /api/orders/{id}/dispute/note: the vendor's word, sent with the evidence. */
export const disputeNoteSchema = z.object({
  note: z
    .string()
    .trim()
    .min(1, 'Please write your note.')
    .max(DISPUTE_NOTE_MAX, `Keep it under ${DISPUTE_NOTE_MAX} characters.`),
});
export type DisputeNoteInput = z.infer<typeof disputeNoteSchema>;

/** POST /api/admin/disputes/{id}/sandbox-resolution: the sandbox's bank decides (sandbox only). */
export const sandboxDisputeResolutionSchema = z.object({
  outcome: z.enum(['won', 'lost'], { error: 'Choose won or lost.' }),
});

export const disputeOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  vendorName: z.string(),
  /** This order's share of the disputed amount. */
  amountCents: z.number().int(),
  vendorNote: z.string().nullable(),
});

export const disputeSummarySchema = z.object({
  id: z.string(),
  status: statusSchema,
  reason: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  dueBy: z.string().nullable(),
  evidenceSubmittedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  orders: z.array(disputeOrderSchema),
});
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;

export const disputesQueueSchema = z.object({
  open: z.array(disputeSummarySchema),
  /** The latest decided. */
  closed: z.array(disputeSummarySchema),
  /** Whether the processor lets an admin decide a dispute by hand (the sandbox). */
  canResolveByHand: z.boolean(),
});
export type DisputesQueue = z.infer<typeof disputesQueueSchema>;

/** The evidence Frosted holds, section by section, and the text that is sent. */
export const disputeEvidenceSchema = z.object({
  sections: z.array(z.object({ title: z.string(), lines: z.array(z.string()) })),
  productDescription: z.string(),
  customerName: z.string(),
  serviceDate: z.string(),
  uncategorizedText: z.string(),
});
export type DisputeEvidenceView = z.infer<typeof disputeEvidenceSchema>;

export const disputeDetailSchema = disputeSummarySchema.extend({ evidence: disputeEvidenceSchema });
export type DisputeDetail = z.infer<typeof disputeDetailSchema>;

/** GET /api/orders/{id}/dispute: the vendor's view of a dispute on their order. */
export const orderDisputeSchema = z.object({
  id: z.string(),
  status: statusSchema,
  reason: z.string(),
  amountCents: z.number().int(),
  dueBy: z.string().nullable(),
  evidenceSubmittedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  vendorNote: z.string().nullable(),
});
export type OrderDispute = z.infer<typeof orderDisputeSchema>;

/** Who bears a card dispute, as vendors are told on their Payouts tab (decision 031). */
export const DISPUTE_POLICY =
  'Card disputes: if a customer’s bank takes back a payment, that order’s money stays frozen until the bank decides. If the dispute is lost, the amount comes out of that order’s money, or, if it was already released to you, what that order paid you comes out of your balance (Frosted bears its fee), which can go below zero and is made up from your next orders before anything more is paid out. Frosted pays the dispute fee.';
