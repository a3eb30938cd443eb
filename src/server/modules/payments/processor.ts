/**
 * A payment processor behind one interface (PAYMENTS_PROVIDER): the sandbox built in (sandbox.ts) or
 * Stripe. Every call carries an idempotency key, so a call repeated after a crash or a timeout has
 * the effect of one. Calls are never made inside a database transaction (they are network calls to a
 * real processor): the caller records what it is about to do first, and records the outcome after.
 */
export interface PaymentProcessor {
  readonly name: 'sandbox' | 'stripe';
  /** What the browser needs to pay with this processor's own form (Stripe's publishable key), if any. */
  readonly publishableKey: string | null;
  /** Starts a payment of `amountCents` for an order; the customer completes it at checkout. */
  createPayment(input: {
    paymentId: string;
    orderId: string;
    amountCents: number;
    idempotencyKey: string;
    /**
     * Save the card for a later charge without the customer (the balance after a deposit): Stripe
     * makes a Customer for the order and sets up the card for off-session use.
     */
    saveCard?: boolean | undefined;
  }): Promise<{ ref: string; clientSecret: string | null; customerRef?: string | null }>;
  /**
   * Charges a saved card without the customer present (the balance on its due day). What happened is
   * returned as an event (a success, or a decline the customer is told of), or as a refusal when the
   * processor would not even try (the card was removed, say: nothing was charged, nothing will be); a
   * processor that could not be reached throws, and the charge is tried again with the same key.
   */
  chargeSavedCard(input: {
    paymentId: string;
    orderId: string;
    amountCents: number;
    paymentMethodRef: string;
    customerRef: string | null;
    idempotencyKey: string;
  }): Promise<{ ref: string; event: ProcessorEvent } | { refused: string }>;
  /** Sends `amountCents` of a captured payment back to the customer. */
  refund(input: {
    paymentRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
  /** Pays a vendor (a Connect transfer; the sandbox records it). */
  transfer(input: {
    /** Where the money goes: the vendor's connected account under Stripe, their id in the sandbox. */
    destination: string;
    amountCents: number;
    idempotencyKey: string;
    /** What the transfer belongs to (Stripe's transfer_group), e.g. `payout:{id}`. */
    group?: string | undefined;
  }): Promise<{ ref: string }>;
  /**
   * A payment as the processor sees it now: what recovery asks when an event may have been missed,
   * and what a checkout reopens (the Payment Element's client secret).
   */
  retrievePayment(ref: string): Promise<ProcessorPayment>;
  /** The processor's own records, summed: what reconciliation compares the ledger with. */
  totals(): Promise<ProcessorTotals>;
}

export interface ProcessorPayment {
  status: 'requires_payment' | 'requires_action' | 'processing' | 'succeeded' | 'failed';
  /** What it is for; for a success, what was collected. */
  amountCents: number;
  currency: string;
  /** For a decline: why, in the processor's words. */
  failureMessage?: string | null | undefined;
  clientSecret: string | null;
  /** For a success: the card saved with it for later (a deposit's) and the processor's customer. */
  savedMethodRef?: string | null | undefined;
  customerRef?: string | null | undefined;
}

/** Cents the processor says it collected, refunded and transferred to vendors. */
export interface ProcessorTotals {
  collectedCents: number;
  refundedCents: number;
  paidOutCents: number;
}

/** What a processor tells us happened (a Stripe webhook, or the sandbox's own event). */
export type ProcessorEvent =
  | {
      id: string;
      type: 'payment.succeeded';
      paymentRef: string;
      amountCents: number;
      /** ISO currency as the processor reports it; anything but CAD is flagged, never applied. */
      currency: string;
      /** The card saved with it for later (a deposit's), and the processor's customer it belongs to. */
      savedMethodRef?: string | null | undefined;
      customerRef?: string | null | undefined;
    }
  | { id: string; type: 'payment.failed'; paymentRef: string; message: string }
  | { id: string; type: 'payment.requires_action'; paymentRef: string };
