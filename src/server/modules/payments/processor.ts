/**
 * A payment processor behind one interface (PAYMENTS_PROVIDER): the sandbox built in (sandbox.ts) or
 * Stripe. Every call carries an idempotency key, so a call repeated after a crash or a timeout has
 * the effect of one. Calls are never made inside a database transaction (they are network calls to a
 * real processor): the caller records what it is about to do first, and records the outcome after.
 */
export interface PaymentProcessor {
  readonly name: 'sandbox' | 'stripe';
  /** Starts a payment of `amountCents` for an order; the customer completes it at checkout. */
  createPayment(input: {
    paymentId: string;
    orderId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ ref: string; clientSecret: string | null }>;
  /** Sends `amountCents` of a captured payment back to the customer. */
  refund(input: {
    paymentRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
  /** Pays a vendor (a Connect transfer; the sandbox records it). */
  transfer(input: {
    destination: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
}

/** What a processor tells us happened (a Stripe webhook, or the sandbox's own event). */
export type ProcessorEvent =
  | { id: string; type: 'payment.succeeded'; paymentRef: string; amountCents: number }
  | { id: string; type: 'payment.failed'; paymentRef: string; message: string }
  | { id: string; type: 'payment.requires_action'; paymentRef: string };
