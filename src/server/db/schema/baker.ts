import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PROOF_STATUSES, type ProofStatus } from '../../../shared/proofs.ts';
import {
  VERIFICATION_KINDS,
  VERIFICATION_STATUSES,
  type VerificationKind,
  type VerificationStatus,
} from '../../../shared/verification.ts';
import { users } from './auth.ts';
import { createdAt, id, inList, ref, timestamptz, updatedAt } from './columns.ts';
import { orders, vendors } from './marketplace.ts';

/**
 * What a bakery runs on besides orders: its calendar (days it does not take orders), the design
 * proofs of each order, and the verification checklist behind the Verified badge.
 */

/** A day the vendor takes no orders (a holiday, a market day). Days are Vancouver calendar days. */
export const vendorBlackoutDates = pgTable(
  'vendor_blackout_dates',
  {
    vendorId: ref('vendor_id', () => vendors.id, 'cascade').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.day] }),
    // Browse's "available on {date}": the vendors blacked out that day.
    index('vendor_blackout_dates_day_idx').on(t.day),
  ],
);

/** A picture attached to a proof or to a request for changes (stored like delivery photos). */
export interface ProofImage {
  imageKey: string;
  thumbKey: string;
  width: number;
  height: number;
}

/**
 * One round of a design proof: the vendor sends a sketch or photo with notes; the customer approves
 * it or asks for changes (a message and pictures), which the vendor answers with the next round.
 */
export const orderProofs = pgTable(
  'order_proofs',
  {
    id: id(),
    orderId: ref('order_id', () => orders.id, 'cascade').notNull(),
    /** 1, 2, 3… per order. */
    round: integer('round').notNull(),
    note: text('note'),
    images: jsonb('images').$type<ProofImage[]>().notNull().default([]),
    status: text('status').$type<ProofStatus>().notNull().default('sent'),
    /** The customer's answer: what to change (null when approved without a word). */
    response: text('response'),
    responseImages: jsonb('response_images').$type<ProofImage[]>().notNull().default([]),
    respondedAt: timestamptz('responded_at'),
    sentBy: ref('sent_by', () => users.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    check('order_proofs_status_check', sql`${t.status} IN (${inList(PROOF_STATUSES)})`),
    check('order_proofs_round_check', sql`${t.round} >= 1`),
    uniqueIndex('order_proofs_order_round_uq').on(t.orderId, t.round),
    index('order_proofs_sent_by_idx').on(t.sentBy),
  ],
);

/**
 * One checklist item of a vendor: the document they uploaded (kept in private storage: only the
 * vendor and admins can open it) and the admin's decision, with a note and the date it expires. A new
 * upload replaces the document and waits for a new decision.
 */
export const vendorVerificationItems = pgTable(
  'vendor_verification_items',
  {
    id: id(),
    vendorId: ref('vendor_id', () => vendors.id, 'cascade').notNull(),
    kind: text('kind').$type<VerificationKind>().notNull(),
    status: text('status').$type<VerificationStatus>().notNull().default('submitted'),
    /** The private storage key of the document, its name as uploaded, its type and size. */
    documentKey: text('document_key').notNull(),
    documentName: text('document_name').notNull(),
    documentType: text('document_type').notNull(),
    documentBytes: integer('document_bytes').notNull(),
    /** The admin's note (why rejected, what was checked). */
    note: text('note'),
    /** The last day the document is valid (a Vancouver day); null for items that do not expire. */
    expiresOn: date('expires_on', { mode: 'string' }),
    reviewedBy: ref('reviewed_by', () => users.id, 'set null'),
    reviewedAt: timestamptz('reviewed_at'),
    /** When the vendor was told it expires soon (once per expiry date). */
    expiryNoticeAt: timestamptz('expiry_notice_at'),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('vendor_verification_items_kind_check', sql`${t.kind} IN (${inList(VERIFICATION_KINDS)})`),
    check('vendor_verification_items_status_check', sql`${t.status} IN (${inList(VERIFICATION_STATUSES)})`),
    check('vendor_verification_items_bytes_check', sql`${t.documentBytes} > 0`),
    uniqueIndex('vendor_verification_items_vendor_kind_uq').on(t.vendorId, t.kind),
    index('vendor_verification_items_reviewed_by_idx').on(t.reviewedBy),
    // The admins' queue: items waiting for a decision, oldest first.
    index('vendor_verification_items_submitted_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'submitted'`),
    // The daily expiry round: verified items by expiry date.
    index('vendor_verification_items_expiry_idx')
      .on(t.expiresOn)
      .where(sql`${t.status} = 'verified' AND ${t.expiresOn} IS NOT NULL`),
  ],
);
