import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  PAYMENT_PROTECTION_TERMS,
  PLATFORM_NAME,
  type Receipt,
  type ReceiptList,
} from '../../../shared/schemas/receipts.ts';
import type { Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import {
  ledgerEntries,
  ledgerTransactions,
  orders,
  payments,
  refunds,
  users,
  vendors,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { accountId, PROCESSOR_CASH } from '../ledger/index.ts';

/**
 * Customers' receipts (decision 029): one per payment captured and one per refund sent, read from the
 * ledger's own postings (`payment:{paymentId}`, `refund_sent:{refundId}`), so a receipt's amount is
 * what moved. Only the order's customer reads them; anyone else finds nothing (404).
 */

const RECEIPT_NOT_FOUND = 'Receipt not found.';

/** The processor-cash side of an order's payments and sent refunds: one row per receipt. */
async function postedReceipts(db: Db, orderId: string) {
  const rows = await db
    .select({
      key: ledgerTransactions.idempotencyKey,
      kind: ledgerTransactions.kind,
      at: ledgerTransactions.createdAt,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.orderId, orderId),
        inArray(ledgerTransactions.kind, ['payment', 'refund_sent']),
        eq(ledgerEntries.accountId, accountId(PROCESSOR_CASH)),
      ),
    )
    .orderBy(desc(ledgerTransactions.createdAt));
  return rows.flatMap((r) => {
    const colon = r.key.indexOf(':');
    const [prefix, id] = [r.key.slice(0, colon), r.key.slice(colon + 1)];
    if (colon < 0 || !id || (prefix !== 'payment' && prefix !== 'refund_sent')) return [];
    const kind = r.kind === 'payment' ? ('payment' as const) : ('refund' as const);
    return [{ id, kind, amountCents: Math.abs(r.amount), date: r.at }];
  });
}

/** The customer's order, or 404 for anyone else (another customer's order looks like a missing one). */
async function customersOrder(db: Db, actor: Actor, orderId: string) {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      amount: orders.amount,
      customerId: orders.customerId,
      vendorName: vendors.businessName,
      vendorGstNumber: vendors.gstNumber,
    })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(and(eq(orders.id, orderId), eq(orders.customerId, actor.id)));
  return order;
}

/** An order's receipts, newest first (GET /api/me/receipts?orderId=). */
export async function receiptsOfOrder({
  db,
  actor,
  orderId,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
}): Promise<ReceiptList> {
  const order = await customersOrder(db, actor, orderId);
  if (!order) throw AppError.notFound('Order not found.');
  const posted = await postedReceipts(db, order.id);
  return {
    receipts: posted.map((r) => ({ ...r, date: r.date.toISOString() })),
  };
}

/** The card's words on a receipt: what is known of how the customer paid. */
function methodOf(payment: { provider: string; offSession: boolean } | undefined, kind: Receipt['kind']) {
  if (!payment) return null;
  const card = payment.provider === 'stripe' ? 'Card, through Stripe' : 'Card (Frosted test payments)';
  if (kind === 'refund') return `Back to the card paid with: ${card.toLowerCase()}`;
  return payment.offSession ? `${card}, saved at the deposit` : card;
}

/** One receipt, by its payment's or refund's id (GET /api/me/receipts/{id}). */
export async function receiptFor({
  db,
  actor,
  receiptId,
}: {
  db: Db;
  actor: Actor;
  receiptId: string;
}): Promise<Receipt> {
  const [refund] = await db
    .select({ orderId: refunds.orderId, paymentId: refunds.paymentId })
    .from(refunds)
    .where(eq(refunds.id, receiptId));
  const paymentId = refund?.paymentId ?? receiptId;
  const [payment] = await db
    .select({
      orderId: payments.orderId,
      provider: payments.provider,
      offSession: payments.offSession,
      purpose: payments.purpose,
    })
    .from(payments)
    .where(eq(payments.id, paymentId));
  const orderId = refund?.orderId ?? payment?.orderId;
  const order = orderId ? await customersOrder(db, actor, orderId) : undefined;
  const posted = order ? (await postedReceipts(db, order.id)).find((r) => r.id === receiptId) : undefined;
  if (!order || !posted) throw AppError.notFound(RECEIPT_NOT_FOUND);
  const [customer] = await db.select({ name: users.name }).from(users).where(eq(users.id, order.customerId));
  return {
    id: receiptId,
    kind: posted.kind,
    orderId: order.id,
    orderNumber: order.orderNumber,
    orderAmountCents: order.amount,
    amountCents: posted.amountCents,
    purpose: posted.kind === 'payment' ? (payment?.purpose ?? null) : null,
    date: posted.date.toISOString(),
    customerName: customer?.name ?? '',
    vendor: { businessName: order.vendorName, gstNumber: order.vendorGstNumber },
    platformName: PLATFORM_NAME,
    paymentMethod: methodOf(payment, posted.kind),
    protectionTerms: PAYMENT_PROTECTION_TERMS,
  };
}
