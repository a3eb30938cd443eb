import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, ref, timestamps, timestamptz } from './columns.ts';
import { orders, vendors } from './marketplace.ts';
import { checkoutGroups, payments, sandboxCharges } from './payments.ts';

/**
 * Card disputes (chargebacks), as the processor reports them (modules/payments/disputes*.ts, decision
 * 031): one row per processor dispute, and its share of each order the disputed payment paid (a
 * checkout group's payment pays several). The money itself moves in the ledger (ledger/disputes.ts).
 */

/** Stripe's dispute statuses; `warning_*` are inquiries, where no money has moved yet. */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
  'prevented',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** The statuses a dispute ends in (nothing changes after; a later event of an earlier status is old news). */
export const CLOSED_DISPUTE_STATUSES = ['warning_closed', 'won', 'lost', 'prevented'] as const;

export interface DisputeEvidence {
  productDescription: string;
  customerName: string;
  serviceDate: string;
  uncategorizedText: string;
  /** The delivery photo sent as proof of delivery (its key in the deliveries bucket), when there is one. */
  deliveryPhotoKey?: string | null;
}

export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    provider: text('provider').notNull(),
    /** The processor's id for the dispute (Stripe's dp_…, the sandbox's dp_sandbox_…). */
    providerRef: text('provider_ref').notNull(),
    /** The payment disputed: one order's payment, or a checkout group's (several orders). */
    paymentId: ref('payment_id', () => payments.id, 'restrict'),
    checkoutGroupId: ref('checkout_group_id', () => checkoutGroups.id, 'restrict'),
    /** Disputed, in cents (usually the whole charge). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<DisputeStatus>().notNull(),
    /** When the evidence must be with the processor (evidence_details.due_by). */
    dueBy: timestamptz('due_by'),
    /** The processor's time of the state last applied: an older event never overwrites a newer one. */
    stateAt: timestamptz('state_at').notNull(),
    /** The evidence as sent, and when: recorded before the call (submitting) and after (submitted). */
    evidence: jsonb('evidence').$type<DisputeEvidence>(),
    evidenceSubmittingAt: timestamptz('evidence_submitting_at'),
    evidenceSubmittedAt: timestamptz('evidence_submitted_at'),
    evidenceError: text('evidence_error'),
    closedAt: timestamptz('closed_at'),
    ...timestamps(),
  },
  (t) => [
    check('disputes_status_check', sql`${t.status} IN (${inList(DISPUTE_STATUSES)})`),
    check('disputes_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('disputes_provider_ref_uq').on(t.provider, t.providerRef),
    index('disputes_payment_idx').on(t.paymentId),
    index('disputes_checkout_group_idx').on(t.checkoutGroupId),
    // The admins' queue: open disputes by due date.
    index('disputes_open_idx')
      .on(t.dueBy)
      .where(sql`${t.closedAt} IS NULL`),
  ],
);

/** A dispute's share of one order (the whole of it for a single payment; pro rata for a group's). */
export const disputeOrders = pgTable(
  'dispute_orders',
  {
    disputeId: ref('dispute_id', () => disputes.id, 'cascade').notNull(),
    orderId: ref('order_id', () => orders.id, 'restrict').notNull(),
    vendorId: ref('vendor_id', () => vendors.id, 'restrict').notNull(),
    amount: integer('amount').notNull(),
    /** The vendor's word on it, sent with the evidence. */
    vendorNote: text('vendor_note'),
    vendorNoteAt: timestamptz('vendor_note_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.disputeId, t.orderId] }),
    check('dispute_orders_amount_check', sql`${t.amount} >= 0`),
    index('dispute_orders_order_idx').on(t.orderId),
    index('dispute_orders_vendor_idx').on(t.vendorId),
  ],
);

/** The sandbox's disputes (its test card 4000 0000 0000 0259), as a processor would keep them. */
export const sandboxDisputes = pgTable(
  'sandbox_disputes',
  {
    id: id(),
    chargeId: ref('charge_id', () => sandboxCharges.id, 'restrict').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<DisputeStatus>().notNull(),
    reason: text('reason').notNull(),
    dueBy: timestamptz('due_by').notNull(),
    /** The dispute fee withdrawn with it, in cents. */
    fee: integer('fee').notNull(),
    evidence: jsonb('evidence').$type<Record<string, string>>(),
    submittedAt: timestamptz('submitted_at'),
    ...timestamps(),
  },
  (t) => [
    check('sandbox_disputes_status_check', sql`${t.status} IN (${inList(DISPUTE_STATUSES)})`),
    index('sandbox_disputes_charge_idx').on(t.chargeId),
  ],
);
