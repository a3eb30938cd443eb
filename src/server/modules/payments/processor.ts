import type { DisputeStatus } from '../../db/schema/index.ts';

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
  /**
   * The statuses in which a checkout reopens a payment (and recovery asks about it). A declined
   * sandbox payment is over (the next card is a new payment); a Stripe PaymentIntent stays open after
   * a decline and the Payment Element tries the next card on it, so the order keeps one intent and a
   * customer cannot pay twice from two tabs.
   */
  readonly reopenable: readonly ReopenableStatus[];
  /**
   * A card form of the processor's own that Frosted serves (the sandbox's test cards), or null when
   * the browser pays in the processor's own element (Stripe's Payment Element).
   */
  readonly cardForm: CardForm | null;
  /**
   * The processor's signed webhooks (Stripe's), or null when it sends none: the sandbox answers each
   * call with its event, and its webhook endpoint does not exist.
   */
  readonly webhooks: WebhookReceiver | null;
  /**
   * The vendors' own accounts with the processor that payouts go to (Stripe Connect Express), or
   * null when a vendor is paid by their Frosted id with nothing to set up (the sandbox records it).
   */
  readonly vendorAccounts: VendorAccounts | null;
  /**
   * Where a test's card dispute is decided, won or lost, by hand (the sandbox's admin control), or
   * null where the card network decides (Stripe: its outcome arrives by webhook).
   */
  readonly disputeDesk: DisputeDesk | null;
  /**
   * Starts a payment of `amountCents` for an order, or for a checkout group's orders (`orderId` null,
   * `paymentId` the group's); the customer completes it at checkout.
   */
  createPayment(input: {
    paymentId: string;
    orderId: string | null;
    amountCents: number;
    idempotencyKey: string;
    /** Stripe's transfer_group: `order:{orderId}` by default; a checkout group's (or its event's) else. */
    transferGroup?: string | undefined;
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
  /**
   * Cancels a payment nobody should pay any more (a newer checkout replaced it), so a tab left open on
   * it cannot charge the card. `cancelled: false` when it is past cancelling (paid, or being paid):
   * its outcome then arrives as any late one does, and a second payment is refunded as a duplicate.
   */
  cancelPayment(input: { ref: string; idempotencyKey: string }): Promise<{ cancelled: boolean }>;
  /** Sends `amountCents` of a captured payment back to the customer. */
  refund(input: {
    paymentRef: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
  /** Pays a vendor (a Connect transfer; the sandbox records it). */
  transfer(input: {
    /** Where the money goes: the vendor's account (`vendorAccounts`), or their id when there are none. */
    destination: string;
    amountCents: number;
    idempotencyKey: string;
    /** What the transfer belongs to (Stripe's transfer_group), e.g. `payout:{id}`. */
    group?: string | undefined;
    /** The charge it is paid from (Stripe's source_transaction): it then waits for that charge's funds. */
    sourceRef?: string | undefined;
  }): Promise<{ ref: string }>;
  /**
   * A payment as the processor sees it now: what recovery asks when an event may have been missed,
   * and what a checkout reopens (the Payment Element's client secret).
   */
  retrievePayment(ref: string): Promise<ProcessorPayment>;
  /**
   * The processor's own records, summed: what reconciliation compares the ledger with. Where they are
   * dated and never change once made (`datedTotals`: Stripe's balance transactions), `created` narrows
   * them to those created in [from, before), so reconciliation keeps the sums of old ones and asks
   * for the rest only; elsewhere (the sandbox, one query over its own tables) it is the whole.
   */
  totals(created?: { from?: Date | undefined; before?: Date | undefined }): Promise<ProcessorTotals>;
  /** Whether `totals` can be asked for records created in a window (above). */
  readonly datedTotals: boolean;
  /**
   * Sends Frosted's evidence for a dispute and submits it (Stripe: `disputes.update` with `evidence`
   * and `submit: true`); the same key sends it once. Answers the dispute's status after.
   */
  submitDisputeEvidence(input: {
    disputeRef: string;
    evidence: DisputeEvidenceText;
    files: DisputeEvidenceFiles;
    idempotencyKey: string;
  }): Promise<{ status: string }>;
}

/** The evidence Frosted sends for a dispute: text fields of Stripe's dispute evidence. */
export interface DisputeEvidenceText {
  productDescription: string;
  customerName: string;
  serviceDate: string;
  uncategorizedText: string;
}

/** A file sent with a dispute's evidence (uploaded to the processor first, then named in the evidence). */
export interface EvidenceFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The files of a dispute's evidence, by Stripe's evidence field: the delivery photo as proof of delivery. */
export interface DisputeEvidenceFiles {
  shippingDocumentation?: EvidenceFile | undefined;
}

/** A processor's own place to decide a test's dispute (the sandbox's): the event it leads to. */
export interface DisputeDesk {
  resolve(disputeRef: string, outcome: 'won' | 'lost'): Promise<ProcessorEvent>;
}

/** A payment's statuses while the customer may still pay it (see `reopenable`). */
export type ReopenableStatus = 'requires_payment' | 'requires_action' | 'failed';

/** A card form served by Frosted: each step's answer is the event the processor would send. */
export interface CardForm {
  /** The card entered at checkout: the event it leads to. */
  confirmCard(paymentRef: string, cardNumber: string): Promise<ProcessorEvent>;
  /** The extra confirmation step (3-D Secure), approved or not. */
  authenticate(paymentRef: string, approve: boolean): Promise<ProcessorEvent>;
  /**
   * What the processor tells about this payment after the card's answer (its dispute test card opens
   * a dispute as soon as it pays, as Stripe's 4000 0000 0000 0259 does), applied after that answer.
   */
  laterEvents(paymentRef: string): Promise<ProcessorEvent[]>;
}

/** A processor's webhook deliveries, read only when the processor signed them. */
export interface WebhookReceiver {
  /**
   * Verifies a delivery's signature and reads it; throws WebhookSignatureError if the processor did
   * not sign it with our secret, or signed it too far from `receivedAt` (either way).
   */
  parse(input: { payload: string; signature: string; receivedAt: Date }): Promise<VerifiedWebhook>;
}

/** A verified webhook: our event when it concerns one of our payments, null for anything else. */
export interface VerifiedWebhook {
  id: string;
  type: string;
  event: ProcessorEvent | null;
}

export class WebhookSignatureError extends Error {}

/** The vendors' accounts with the processor (Stripe Connect Express) that their payouts go to. */
export interface VendorAccounts {
  /** The vendor's account, created once (the idempotency key is the vendor's). */
  create(input: { vendorId: string; email: string; idempotencyKey: string }): Promise<{ accountId: string }>;
  /** A single-use link to the processor's hosted onboarding of the account. */
  onboardingLink(input: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
  /** Whether the account can receive transfers yet (its onboarding is complete). */
  ready(accountId: string): Promise<boolean>;
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
  /** For a success: the charge that collected it (a transfer's source_transaction). */
  chargeRef?: string | null | undefined;
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
      /** The charge that collected it (a transfer's source_transaction), when the processor says. */
      chargeRef?: string | null | undefined;
    }
  | { id: string; type: 'payment.failed'; paymentRef: string; message: string }
  | { id: string; type: 'payment.requires_action'; paymentRef: string }
  /** The payment was cancelled at the processor (Stripe's payment_intent.canceled). */
  | { id: string; type: 'payment.canceled'; paymentRef: string }
  /**
   * The payment's refunds as the processor has them (charge.refunded): those Frosted did not make
   * (from the processor's dashboard) are applied as refunds; Frosted's own are told by `key` or `ref`.
   */
  | {
      id: string;
      type: 'payment.refunded';
      paymentRef: string;
      refunds: { ref: string; amountCents: number; key: string | null }[];
    }
  | DisputeEvent;

/** A card dispute's state (Stripe's charge.dispute.created, .updated, .closed): each carries all of it. */
export interface DisputeEvent {
  id: string;
  type: 'dispute.changed';
  disputeRef: string;
  paymentRef: string;
  amountCents: number;
  currency: string;
  reason: string;
  status: DisputeStatus;
  /** When the evidence is due (ISO), if the processor gives a date. */
  dueBy: string | null;
  /** The processor's time of this state (ISO): an older state never overwrites a newer one. */
  at: string;
  /** Dispute fees withdrawn (or given back, negative), each keyed by the processor's balance entry. */
  fees: { key: string; amountCents: number }[];
}
