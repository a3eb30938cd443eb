import { z } from 'zod';

/** Luhn's check digit: catches a mistyped card number before anything is sent. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** "12/28" → month 12 of 2028; undefined when it is not a month and year. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

/**
 * The sandbox checkout's card form (the Stripe checkout collects cards in Stripe's own Payment
 * Element instead). `today` decides whether the expiry has passed: the server passes its clock.
 */
export const sandboxCardSchema = (today: () => Date = () => new Date()) =>
  z.object({
    number: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d{12,19}$/, 'Your card number is incomplete.')
          .refine(luhnValid, 'Your card number is invalid.'),
      ),
    expiry: z
      .string()
      .max(10)
      .refine((v) => parseExpiry(v) !== undefined, 'Enter the expiry date as MM/YY.')
      .refine((v) => {
        const e = parseExpiry(v);
        const now = today();
        return !e || e.year * 12 + e.month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
      }, 'Your card’s expiration date is in the past.'),
    cvc: z.string().regex(/^\d{3,4}$/, 'Your card’s security code is incomplete.'),
    name: z.string().trim().max(120, 'Keep the name under 120 characters.').optional(),
  });
export type SandboxCardInput = z.input<ReturnType<typeof sandboxCardSchema>>;

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export const PAYMENT_STATES = ['requires_payment', 'requires_action', 'succeeded', 'failed'] as const;

/** An order's checkout: what to pay, and how (the sandbox's form, or Stripe's Payment Element). */
export const checkoutSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  vendorName: z.string(),
  /** What the order is for, short: "cake" (a cake maker's), or the event vendor's category ("flowers"). */
  subject: z.string(),
  /** What this payment is, in cents: the whole order, its deposit, or its balance. */
  amount: z.number().int(),
  purpose: z.enum(['full', 'deposit', 'balance']),
  orderAmount: z.number().int(),
  /** For an order paid with a deposit: the balance, and when it is charged to the saved card. */
  balanceCents: z.number().int().nullable(),
  balanceDueAt: z.string().nullable(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATES),
  /**
   * The card went to the processor and its answer is not recorded yet (a lost webhook, a restart):
   * "confirming your payment", never "unpaid".
   */
  confirming: z.boolean(),
  /**
   * A payment that went through but is coming back in full (the order was cancelled meanwhile:
   * `order_cancelled`, with what the cancellation refunds; the order was already paid by another
   * payment: `already_paid`). Null while the money is held or still due.
   */
  refund: z
    .object({ reason: z.enum(['order_cancelled', 'already_paid']), amountCents: z.number().int() })
    .nullable(),
  /** Why the last attempt failed, in the processor's words. */
  failureMessage: z.string().nullable(),
  /** Stripe only: the Payment Element's client secret and the publishable key. */
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** POST /api/payments/{id}/sandbox-authentication: the extra confirmation step (3-D Secure), approved or not. */
export const sandboxAuthenticationSchema = z.object({ approve: z.boolean() });

export const vendorPayoutsSchema = z.object({
  /**
   * How payouts reach the vendor. The sandbox records them (always connected); Stripe transfers them
   * to the vendor's Express account, connected once its onboarding lets it receive transfers.
   */
  payoutMethod: z.object({ provider: z.enum(PAYMENT_PROVIDERS), connected: z.boolean() }),
  /** Held for the vendor's orders not yet completed (payment protection). */
  heldCents: z.number().int(),
  /** Released and not paid out: what a payout takes. */
  availableCents: z.number().int(),
  paidOutCents: z.number().int(),
  /** Per order that has moved money: amount, what the vendor received and the fee, as the ledger says. */
  orders: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      status: z.string(),
      amountCents: z.number().int(),
      heldCents: z.number().int(),
      vendorCents: z.number().int(),
      feeCents: z.number().int(),
      /** GST and PST on the fee (decision 029): the vendor gets amount − refunded − fee − tax. */
      taxCents: z.number().int(),
      refundedCents: z.number().int(),
    }),
  ),
  payouts: z.array(
    z.object({
      id: z.string(),
      amountCents: z.number().int(),
      status: z.string(),
      createdAt: z.string(),
      /** The fee invoice that came with the payout (none when it paid no fee). */
      invoice: z.object({ id: z.string(), number: z.string() }).nullable(),
    }),
  ),
});
export type VendorPayouts = z.infer<typeof vendorPayoutsSchema>;

/** POST /api/me/payouts/stripe-onboarding: where Stripe's hosted onboarding continues. */
export const stripeOnboardingSchema = z.object({ url: z.url() });
export type StripeOnboarding = z.infer<typeof stripeOnboardingSchema>;

/** POST /api/payments/webhooks/stripe: the event was verified and recorded (applied once, if ours). */
export const webhookReceiptSchema = z.object({ received: z.literal(true) });

/** The most orders one checkout pays together (an event's vendors fit well within it). */
export const MAX_ORDERS_PER_CHECKOUT = 10;

/** POST /api/payments/groups: pay several of the customer's accepted orders at once. */
export const groupCheckoutRequestSchema = z.object({
  orderIds: z
    .array(z.string().min(1).max(100), { error: 'Choose the orders to pay.' })
    .min(2, 'Choose at least two orders to pay together.')
    .max(MAX_ORDERS_PER_CHECKOUT, `Pay at most ${MAX_ORDERS_PER_CHECKOUT} orders in one checkout.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each order can be chosen once.'),
});
export type GroupCheckoutRequest = z.infer<typeof groupCheckoutRequestSchema>;

/**
 * A checkout of several orders: one payment for the total, and per order its share (what is due now
 * for it: all of it, its deposit, or its balance) and what became of it (as a single checkout says).
 */
export const groupCheckoutSchema = z.object({
  checkoutGroupId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  status: z.enum(PAYMENT_STATES),
  /** The total charged now, in cents. */
  amount: z.number().int(),
  confirming: z.boolean(),
  failureMessage: z.string().nullable(),
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
  orders: z.array(
    checkoutSchema.pick({
      paymentId: true,
      orderId: true,
      orderNumber: true,
      vendorName: true,
      amount: true,
      purpose: true,
      orderAmount: true,
      balanceCents: true,
      balanceDueAt: true,
      refund: true,
    }),
  ),
});
export type GroupCheckout = z.infer<typeof groupCheckoutSchema>;
