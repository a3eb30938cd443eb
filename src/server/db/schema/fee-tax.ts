import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamptz } from './columns.ts';
import { ledgerTransactions } from './ledger.ts';
import { orders, vendors } from './marketplace.ts';
import { payouts } from './payments.ts';

/**
 * Tax on the service fee (decision 029, modules/payments/invoices*.ts): each settlement that charged a
 * vendor a fee is one `fee_charges` row, written in the posting's transaction with the fee and the tax
 * the posting moved; a payout invoices the charges not yet invoiced (`fee_invoices`), numbered from a
 * per-year counter. An invoice keeps who it was issued to as they were then.
 */

export const feeInvoices = pgTable(
  'fee_invoices',
  {
    id: id(),
    /** FRI-2026-000001: the year and the sequence within it, with no gaps and never reused. */
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    vendorId: ref('vendor_id', () => vendors.id, 'restrict').notNull(),
    /** The payout this invoice came with (a demo payout cleared takes its invoice along). */
    payoutId: ref('payout_id', () => payouts.id, 'cascade')
      .notNull()
      .unique(),
    issuedAt: timestamptz('issued_at').notNull(),
    vendorName: text('vendor_name').notNull(),
    vendorAddress: text('vendor_address'),
    vendorGstNumber: text('vendor_gst_number'),
    platformGstNumber: text('platform_gst_number'),
    feeCents: integer('fee_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    pstCents: integer('pst_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fee_invoices_year_sequence_uq').on(t.year, t.sequence),
    index('fee_invoices_vendor_idx').on(t.vendorId, t.issuedAt),
    check(
      'fee_invoices_amounts_check',
      sql`${t.feeCents} >= 0 AND ${t.gstCents} >= 0 AND ${t.pstCents} >= 0`,
    ),
  ],
);

export const feeCharges = pgTable(
  'fee_charges',
  {
    id: id(),
    /** The settlement posting (release, cancellation, claim resolution) that took the fee and its tax. */
    ledgerTransactionId: ref('ledger_transaction_id', () => ledgerTransactions.id, 'cascade')
      .notNull()
      .unique(),
    orderId: ref('order_id', () => orders.id, 'cascade').notNull(),
    vendorId: ref('vendor_id', () => vendors.id, 'cascade').notNull(),
    feeCents: integer('fee_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    pstCents: integer('pst_cents').notNull(),
    /** Null until a payout's invoice takes it. */
    invoiceId: ref('invoice_id', () => feeInvoices.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    check('fee_charges_amounts_check', sql`${t.feeCents} >= 0 AND ${t.gstCents} >= 0 AND ${t.pstCents} >= 0`),
    index('fee_charges_uninvoiced_idx')
      .on(t.vendorId)
      .where(sql`${t.invoiceId} IS NULL`),
    index('fee_charges_invoice_idx').on(t.invoiceId),
    index('fee_charges_order_idx').on(t.orderId),
  ],
);

/** The last invoice number given in each year: taken with one upsert, which locks the year's row. */
export const feeInvoiceSequences = pgTable(
  'fee_invoice_sequences',
  { year: integer('year').notNull(), last: integer('last').notNull() },
  (t) => [primaryKey({ columns: [t.year] })],
);
