import { z } from 'zod';

/** The platform's name on receipts and invoices. */
export const PLATFORM_NAME = 'Frosted';

/**
 * The payment protection terms printed on every receipt (notes/marketplace-payments.md: Stripe is not
 * an escrow service, so the words are "payment protection", never "escrow").
 */
export const PAYMENT_PROTECTION_TERMS =
  'Payment protection: Frosted holds your payment and releases it to the vendor when you confirm you are satisfied, or automatically after delivery if you raise nothing. Cancellations are refunded by our Terms, and satisfaction claims can be opened within 24 hours of delivery.';

/** One receipt: a payment the customer made, or a refund sent back to them (ids are the payment's or refund's). */
export const receiptSchema = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund']),
  orderId: z.string(),
  orderNumber: z.string(),
  /** The order's total; the payment may be all of it, a deposit or the balance. */
  orderAmountCents: z.number().int(),
  /** What this receipt is for, in cents (from the ledger's posting). */
  amountCents: z.number().int(),
  purpose: z.enum(['full', 'deposit', 'balance']).nullable(),
  /** When the money moved (ISO). */
  date: z.string(),
  customerName: z.string(),
  vendor: z.object({ businessName: z.string(), gstNumber: z.string().nullable() }),
  platformName: z.string(),
  /** "Visa ending in 4242", "Card through Stripe", or null when unknown. */
  paymentMethod: z.string().nullable(),
  protectionTerms: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** An order's receipts, newest first: what the order page lists. */
export const receiptListSchema = z.object({
  receipts: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['payment', 'refund']),
      amountCents: z.number().int(),
      date: z.string(),
    }),
  ),
});
export type ReceiptList = z.infer<typeof receiptListSchema>;

export const receiptParamSchema = z.object({ id: z.string().min(1).max(100) });
export const receiptQuerySchema = z.object({ orderId: z.string().min(1).max(100) });

/** A fee invoice: the service fee and the tax on it that a payout's orders were charged. */
export const feeInvoiceSchema = z.object({
  id: z.string(),
  /** FRI-2026-000001. */
  number: z.string(),
  issuedAt: z.string(),
  payoutId: z.string(),
  platform: z.object({ name: z.string(), gstNumber: z.string().nullable() }),
  vendor: z.object({
    businessName: z.string(),
    address: z.string().nullable(),
    gstNumber: z.string().nullable(),
  }),
  lines: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      /** The fee's posting (release, cancellation or claim resolution), ISO. */
      chargedAt: z.string(),
      feeCents: z.number().int(),
      gstCents: z.number().int(),
      pstCents: z.number().int(),
    }),
  ),
  totals: z.object({
    feeCents: z.number().int(),
    gstCents: z.number().int(),
    pstCents: z.number().int(),
    /** fee + GST + PST. */
    totalCents: z.number().int(),
  }),
});
export type FeeInvoice = z.infer<typeof feeInvoiceSchema>;
export const feeInvoiceParamSchema = z.object({ id: z.string().min(1).max(100) });
