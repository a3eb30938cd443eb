import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inList, ref, timestamps, timestamptz } from './columns.ts';
import { users } from './auth.ts';
import { orders, vendors } from './marketplace.ts';

/**
 * Payments through a processor (modules/payments): the sandbox built in, or Stripe. These rows track
 * each call to the processor; the money itself is in the ledger (schema/ledger.ts).
 */

export const PAYMENT_STATUSES = [
  /** Created; waiting for the customer's card. */
  'requires_payment',
  /** The card asks for an extra confirmation step (3-D Secure). */
  'requires_action',
  'succeeded',
  /** Declined or abandoned: the order stays payable with another attempt. */
  'failed',
  /**
   * Succeeded at the processor for an order and purpose already paid by another payment (two tabs, a
   * late success after a decline): collected and refunded in full, never counted as paid.
   */
  'duplicate',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a payment pays of its order: all of it, the deposit, or the balance (src/shared/deposits.ts). */
export const PAYMENT_PURPOSES = ['full', 'deposit', 'balance'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** A checkout group's statuses: a payment's, and `replaced` (a newer checkout took its orders first). */
export const CHECKOUT_GROUP_STATUSES = [
  'requires_payment',
  'requires_action',
  'succeeded',
  'failed',
  'replaced',
] as const;
export type CheckoutGroupStatus = (typeof CHECKOUT_GROUP_STATUSES)[number];

/**
 * One checkout for several orders (payments/checkout-group.ts): the customer and the single payment
 * the processor sees (one sandbox charge, one Stripe PaymentIntent with `transfer_group`). Each order's
 * share is its own `payments` row (`checkout_group_id`, no processor id of its own), written in the
 * group's transaction: the ledger, refunds and payouts then work per order as for a single payment.
 */
export const checkoutGroups = pgTable(
  'checkout_groups',
  {
    id: id(),
    customerId: ref('customer_id', () => users.id, 'restrict').notNull(),
    provider: text('provider').notNull(),
    /** The processor's id for the payment (a sandbox charge, a Stripe PaymentIntent). */
    providerRef: text('provider_ref'),
    /** The charge that collected it (Stripe's ch_…): the source_transaction of its vendors' transfers. */
    chargeRef: text('charge_ref'),
    /** The total of its shares, in cents. */
    amount: integer('amount').notNull(),
    status: text('status').$type<CheckoutGroupStatus>().notNull().default('requires_payment'),
    /** Stripe's transfer_group of the payment and of its vendors' transfers (one per group, or per event). */
    transferGroup: text('transfer_group').notNull(),
    failureMessage: text('failure_message'),
    /** As on payments: a card is with the processor and its answer is not recorded. */
    submittedAt: timestamptz('submitted_at'),
    checkedAt: timestamptz('checked_at'),
    ...timestamps(),
  },
  (t) => [
    check('checkout_groups_status_check', sql`${t.status} IN (${inList(CHECKOUT_GROUP_STATUSES)})`),
    check('checkout_groups_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('checkout_groups_provider_ref_uq').on(t.provider, t.providerRef),
    index('checkout_groups_customer_idx').on(t.customerId, t.createdAt),
    index('checkout_groups_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('requires_payment', 'requires_action', 'failed')`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: ref('order_id', () => orders.id, 'restrict').notNull(),
    /** The checkout group this payment is one order's share of (null: a payment of its own). */
    checkoutGroupId: ref('checkout_group_id', () => checkoutGroups.id, 'restrict'),
    provider: text('provider').notNull(),
    /** The processor's id for it (a sandbox charge, a Stripe PaymentIntent). */
    providerRef: text('provider_ref'),
    amount: integer('amount').notNull(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull().default('full'),
    /** Charged by Frosted to the saved card (the balance on its due day), not at a checkout. */
    offSession: boolean('off_session').notNull().default(false),
    status: text('status').$type<PaymentStatus>().notNull().default('requires_payment'),
    /** Why the last attempt failed, as the customer is told. */
    failureMessage: text('failure_message'),
    /** When recovery last asked the processor about it while it was open (payments/recovery.ts). */
    checkedAt: timestamptz('checked_at'),
    /**
     * Set while a card or confirmation is with the processor and its answer is not recorded: the
     * outcome is unknown (a crash in between leaves it set), so the processor is asked at once.
     */
    submittedAt: timestamptz('submitted_at'),
    ...timestamps(),
  },
  (t) => [
    check('payments_status_check', sql`${t.status} IN (${inList(PAYMENT_STATUSES)})`),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_purpose_check', sql`${t.purpose} IN (${inList(PAYMENT_PURPOSES)})`),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    index('payments_checkout_group_idx').on(t.checkoutGroupId),
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    // One payment per order and purpose can succeed (the deposit once, the balance once).
    uniqueIndex('payments_order_purpose_succeeded_uq')
      .on(t.orderId, t.purpose)
      .where(sql`${t.status} = 'succeeded'`),
    // One open checkout per order, purpose and processor: two tabs share it instead of paying twice.
    uniqueIndex('payments_order_purpose_open_uq')
      .on(t.orderId, t.purpose, t.provider)
      .where(sql`NOT ${t.offSession} AND ${t.status} IN ('requires_payment', 'requires_action')`),
    index('payments_submitted_idx')
      .on(t.submittedAt)
      .where(sql`${t.submittedAt} IS NOT NULL`),
    // The balance round: balances to charge to the saved card, not sent to the processor yet.
    index('payments_off_session_due_idx')
      .on(t.createdAt)
      .where(sql`${t.offSession} AND ${t.providerRef} IS NULL AND ${t.status} = 'requires_payment'`),
    // Recovery's round: payments not (yet) succeeded, by age (a Stripe intent may succeed after a decline).
    index('payments_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('requires_payment', 'requires_action', 'failed')`),
  ],
);

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Money owed back to a customer (a cancellation, a claim), until the processor has sent it. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: ref('order_id', () => orders.id, 'restrict').notNull(),
    paymentId: ref('payment_id', () => payments.id, 'restrict').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    providerRef: text('provider_ref'),
    lastError: text('last_error'),
    ...timestamps(),
  },
  (t) => [
    check('refunds_status_check', sql`${t.status} IN (${inList(REFUND_STATUSES)})`),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_payment_idx').on(t.paymentId),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    vendorId: ref('vendor_id', () => vendors.id, 'restrict').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'failed'>().notNull().default('pending'),
    providerRef: text('provider_ref'),
    lastError: text('last_error'),
    ...timestamps(),
  },
  (t) => [
    check('payouts_status_check', sql`${t.status} IN ('pending', 'paid', 'failed')`),
    check('payouts_amount_check', sql`${t.amount} > 0`),
    index('payouts_vendor_idx').on(t.vendorId, t.createdAt),
    // Recovery retries the transfers of payouts still pending.
    index('payouts_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A payout's transfers when some of its money came through checkout groups: one per group (carrying
 * the group's transfer_group and its charge as source_transaction), and one for the rest.
 */
export const payoutTransfers = pgTable(
  'payout_transfers',
  {
    id: id(),
    payoutId: ref('payout_id', () => payouts.id, 'restrict').notNull(),
    vendorId: ref('vendor_id', () => vendors.id, 'restrict').notNull(),
    checkoutGroupId: ref('checkout_group_id', () => checkoutGroups.id, 'restrict'),
    amount: integer('amount').notNull(),
    transferGroup: text('transfer_group').notNull(),
    sourceRef: text('source_ref'),
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    check('payout_transfers_amount_check', sql`${t.amount} > 0`),
    index('payout_transfers_payout_idx').on(t.payoutId),
    index('payout_transfers_group_idx').on(t.checkoutGroupId, t.vendorId),
    index('payout_transfers_vendor_idx').on(t.vendorId),
  ],
);

/**
 * Every event a processor sent (a webhook, or the sandbox's own), stored by its id before it is
 * applied: a repeat is recognised and applied once, in any order.
 */
export const processorEvents = pgTable(
  'processor_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    appliedAt: timestamptz('applied_at'),
    /** Why it was not applied (the last failure, or why it was flagged). */
    error: text('error'),
    /** Failed applications so far; the next is not tried before `nextTryAt` (backoff). */
    attempts: integer('attempts').notNull().default(0),
    nextTryAt: timestamptz('next_try_at'),
    /** Not applied because it disagrees with the payment (amount, currency): an admin looks at it. */
    flaggedAt: timestamptz('flagged_at'),
  },
  (t) => [
    index('processor_events_unapplied_idx')
      .on(t.receivedAt)
      .where(sql`${t.appliedAt} IS NULL`),
  ],
);

/**
 * A processor's records summed up to a moment (Stripe's balance transactions created before
 * `settledBefore`, which never change once made): reconciliation reads only what came after, and adds
 * these sums, instead of listing the whole history on every look. One row per processor.
 */
export const processorBalanceCheckpoints = pgTable('processor_balance_checkpoints', {
  processor: text('processor').primaryKey(),
  settledBefore: timestamptz('settled_before').notNull(),
  collectedCents: bigint('collected_cents', { mode: 'number' }).notNull(),
  refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull(),
  paidOutCents: bigint('paid_out_cents', { mode: 'number' }).notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * The sandbox processor's own records (PAYMENTS_PROVIDER=sandbox): what a processor would hold, so
 * reconciliation compares the ledger with them as it would with Stripe's balance transactions.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amount: integer('amount').notNull(),
    status: text('status')
      .$type<'requires_payment_method' | 'requires_action' | 'succeeded' | 'failed' | 'canceled'>()
      .notNull(),
    cardLast4: text('card_last4'),
    /** The sandbox's saved card (a test card number) when the charge saved it for later (pm_sandbox_…). */
    savedMethod: text('saved_method'),
    declineMessage: text('decline_message'),
    /** Stripe's transfer_group of the payment (`order:{id}`, or a checkout group's). */
    transferGroup: text('transfer_group'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [check('sandbox_charges_amount_check', sql`${t.amount} > 0`)],
);

/** Cards the sandbox saved for later charges (what a processor's saved payment methods are). */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: id(),
  /** A test card number: the sandbox never sees a real card. */
  cardNumber: text('card_number').notNull(),
  createdAt: createdAt(),
});

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    chargeId: ref('charge_id', () => sandboxCharges.id, 'restrict').notNull(),
    amount: integer('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('sandbox_refunds_amount_check', sql`${t.amount} > 0`),
    index('sandbox_refunds_charge_idx').on(t.chargeId),
  ],
);

export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    destination: text('destination').notNull(),
    amount: integer('amount').notNull(),
    transferGroup: text('transfer_group'),
    /** The charge whose funds it is paid from (Stripe's source_transaction). */
    sourceChargeId: ref('source_charge_id', () => sandboxCharges.id, 'restrict'),
    createdAt: createdAt(),
  },
  (t) => [
    check('sandbox_transfers_amount_check', sql`${t.amount} > 0`),
    index('sandbox_transfers_source_charge_idx').on(t.sourceChargeId),
  ],
);

export const CLAIM_STATUSES = ['open', 'resolved', 'withdrawn'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_OUTCOMES = ['release', 'refund', 'partial'] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

export interface ClaimPhoto {
  imageKey: string;
  thumbKey: string;
  width: number;
  height: number;
}

/**
 * A satisfaction claim: within 24 hours of delivery the customer says what is wrong (with up to five
 * photos); the order's auto-completion waits; the vendor may answer; an admin resolves it by releasing
 * the money to the vendor, refunding it all, or refunding part of it. One claim per order.
 */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    orderId: ref('order_id', () => orders.id, 'restrict')
      .notNull()
      .unique(),
    description: text('description').notNull(),
    photos: jsonb('photos').$type<ClaimPhoto[]>().notNull().default([]),
    status: text('status').$type<ClaimStatus>().notNull().default('open'),
    vendorResponse: text('vendor_response'),
    vendorRespondedAt: timestamptz('vendor_responded_at'),
    outcome: text('outcome').$type<ClaimOutcome>(),
    refundCents: integer('refund_cents'),
    adminNote: text('admin_note'),
    resolvedAt: timestamptz('resolved_at'),
    ...timestamps(),
  },
  (t) => [
    check('claims_status_check', sql`${t.status} IN (${inList(CLAIM_STATUSES)})`),
    check('claims_outcome_check', sql`${t.outcome} IN (${inList(CLAIM_OUTCOMES)})`),
    check('claims_refund_check', sql`${t.refundCents} >= 0`),
    // The admins' queue: open claims, oldest first.
    index('claims_status_created_idx').on(t.status, t.createdAt),
  ],
);
