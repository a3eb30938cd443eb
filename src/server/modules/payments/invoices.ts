import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type FeeInvoice, PLATFORM_NAME } from '../../../shared/schemas/receipts.ts';
import { vancouverDay } from '../../../shared/time.ts';
import type { Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  feeCharges,
  feeInvoices,
  feeInvoiceSequences,
  ledgerTransactions,
  orders,
  vendors,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { vendorIdOf } from '../auth/index.ts';
import type { Posted, Split } from '../ledger/index.ts';

/**
 * Fee invoices (decision 029). A settlement that charges a vendor the service fee records what it
 * charged (`fee_charges`) in the posting's own transaction, from the very split it posted; a payout,
 * under the vendor's lock, invoices every charge not yet invoiced. So an invoice's totals are the sums
 * of the postings it covers, and a charge is on one invoice only (the charge's row says which).
 */

/** The fee and tax one settlement charged, kept with its posting (nothing when it charged no fee). */
export async function recordFeeCharge(
  tx: Tx,
  { posted, orderId, vendorId, split }: { posted: Posted; orderId: string; vendorId: string; split: Split },
) {
  const gstCents = split.gstCents ?? 0;
  const pstCents = split.pstCents ?? 0;
  // The serviceFeeCents of the split: a cancellation's platform part may carry a late fee too.
  const feeCents = split.serviceFeeCents ?? split.platformCents;
  if (feeCents + gstCents + pstCents === 0) return;
  await tx
    .insert(feeCharges)
    .values({
      id: crypto.randomUUID(),
      ledgerTransactionId: posted.id,
      orderId,
      vendorId,
      feeCents,
      gstCents,
      pstCents,
    })
    .onConflictDoNothing({ target: feeCharges.ledgerTransactionId });
}

/** FRI-2026-000042. */
export const invoiceNumber = (year: number, sequence: number) =>
  `FRI-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * The next number of `year`: one upsert, which locks the year's row until the transaction ends, so two
 * payouts at once get consecutive numbers and a rolled-back payout gives its number back (no gaps).
 */
async function nextSequence(tx: Tx, year: number): Promise<number> {
  const [row] = await tx
    .insert(feeInvoiceSequences)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: feeInvoiceSequences.year,
      set: { last: sql`${feeInvoiceSequences.last} + 1` },
    })
    .returning({ last: feeInvoiceSequences.last });
  return row!.last;
}

/** The year an invoice is numbered in: Frosted keeps its books in Vancouver time. */
const invoiceYear = (at: Date) => Number(vancouverDay(at).slice(0, 4));

/**
 * Issues the invoice of a payout, in the payout's transaction (the vendor's row is locked): the fees
 * and tax of every charge not invoiced yet. No charges (money from before tax on the fee): no invoice.
 */
export async function issueFeeInvoice(
  tx: Tx,
  {
    payoutId,
    vendorId,
    now,
    platformGstNumber,
  }: { payoutId: string; vendorId: string; now: Date; platformGstNumber: string | undefined },
): Promise<{ id: string; number: string } | undefined> {
  const pending = await tx
    .select({
      id: feeCharges.id,
      fee: feeCharges.feeCents,
      gst: feeCharges.gstCents,
      pst: feeCharges.pstCents,
    })
    .from(feeCharges)
    .where(and(eq(feeCharges.vendorId, vendorId), isNull(feeCharges.invoiceId)))
    .for('update');
  if (pending.length === 0) return undefined;
  const [vendor] = await tx
    .select({ name: vendors.businessName, address: vendors.businessAddress, gstNumber: vendors.gstNumber })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  const year = invoiceYear(now);
  const sequence = await nextSequence(tx, year);
  const id = crypto.randomUUID();
  const number = invoiceNumber(year, sequence);
  const sum = (pick: (c: (typeof pending)[number]) => number) => pending.reduce((s, c) => s + pick(c), 0);
  await tx.insert(feeInvoices).values({
    id,
    number,
    year,
    sequence,
    vendorId,
    payoutId,
    issuedAt: now,
    vendorName: vendor!.name,
    vendorAddress: vendor!.address,
    vendorGstNumber: vendor!.gstNumber,
    platformGstNumber: platformGstNumber ?? null,
    feeCents: sum((c) => c.fee),
    gstCents: sum((c) => c.gst),
    pstCents: sum((c) => c.pst),
  });
  // The rows read and locked above, by id: a charge committed since then waits for the next invoice.
  await tx
    .update(feeCharges)
    .set({ invoiceId: id })
    .where(
      inArray(
        feeCharges.id,
        pending.map((c) => c.id),
      ),
    );
  return { id, number };
}

/** A vendor's invoice; another vendor's (or a customer's request) looks exactly like a missing one. */
export async function feeInvoiceFor({
  db,
  actor,
  invoiceId,
}: {
  db: Db;
  actor: Actor;
  invoiceId: string;
}): Promise<FeeInvoice> {
  const vendorId = await vendorIdOf({ db, actor });
  const [invoice] = vendorId
    ? await db
        .select()
        .from(feeInvoices)
        .where(and(eq(feeInvoices.id, invoiceId), eq(feeInvoices.vendorId, vendorId)))
    : [];
  if (!invoice) throw AppError.notFound('Invoice not found.');
  const lines = await db
    .select({
      orderId: feeCharges.orderId,
      orderNumber: orders.orderNumber,
      chargedAt: ledgerTransactions.createdAt,
      feeCents: feeCharges.feeCents,
      gstCents: feeCharges.gstCents,
      pstCents: feeCharges.pstCents,
    })
    .from(feeCharges)
    .innerJoin(orders, eq(orders.id, feeCharges.orderId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, feeCharges.ledgerTransactionId))
    .where(eq(feeCharges.invoiceId, invoice.id))
    .orderBy(asc(ledgerTransactions.createdAt), asc(orders.orderNumber));
  return {
    id: invoice.id,
    number: invoice.number,
    issuedAt: invoice.issuedAt.toISOString(),
    payoutId: invoice.payoutId,
    platform: { name: PLATFORM_NAME, gstNumber: invoice.platformGstNumber },
    vendor: {
      businessName: invoice.vendorName,
      address: invoice.vendorAddress,
      gstNumber: invoice.vendorGstNumber,
    },
    lines: lines.map((l) => ({ ...l, chargedAt: l.chargedAt.toISOString() })),
    totals: {
      feeCents: invoice.feeCents,
      gstCents: invoice.gstCents,
      pstCents: invoice.pstCents,
      totalCents: invoice.feeCents + invoice.gstCents + invoice.pstCents,
    },
  };
}

/** The invoice that came with each of these payouts, by payout id. */
export async function invoicesOfPayouts(db: Db, payoutIds: readonly string[]) {
  if (payoutIds.length === 0) return new Map<string, { id: string; number: string }>();
  const rows = await db
    .select({ payoutId: feeInvoices.payoutId, id: feeInvoices.id, number: feeInvoices.number })
    .from(feeInvoices)
    .where(inArray(feeInvoices.payoutId, [...payoutIds]));
  return new Map(rows.map((r) => [r.payoutId, { id: r.id, number: r.number }]));
}
