import type Stripe from 'stripe';
import {
  type DisputeEvent,
  type ProcessorEvent,
  type ProcessorPayment,
  type VerifiedWebhook,
  WebhookSignatureError,
} from './processor.ts';

/** What Stripe tells us, read into our shapes: verified webhooks, events and a PaymentIntent's state. */

/** How far a webhook's signed time may be from ours, either way (Stripe's own default). */
const WEBHOOK_TOLERANCE_S = 300;

/** The customer sees this when Stripe gives no reason of its own. */
export const STRIPE_DECLINED = 'Your payment was declined. Please try another payment method.';

/**
 * Verifies a webhook's Stripe-Signature with our secret and reads it; throws WebhookSignatureError if
 * it is not Stripe's, or was signed more than the tolerance away from `receivedAt`.
 */
export function verifyWebhook(
  s: Stripe,
  webhookSecret: string,
  { payload, signature, receivedAt }: { payload: string; signature: string; receivedAt: Date },
): VerifiedWebhook {
  let event: Stripe.Event;
  try {
    event = s.webhooks.constructEvent(
      payload,
      signature,
      webhookSecret,
      WEBHOOK_TOLERANCE_S,
      undefined,
      receivedAt.getTime(),
    );
  } catch (err) {
    throw new WebhookSignatureError(err instanceof Error ? err.message : String(err));
  }
  // The SDK refuses stale timestamps only: one from the future is refused the same way.
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (!(signedAt * 1000 <= receivedAt.getTime() + WEBHOOK_TOLERANCE_S * 1000))
    throw new WebhookSignatureError('Timestamp outside the tolerance zone (in the future)');
  return { id: event.id, type: event.type, event: processorEvent(event) };
}

/** A PaymentIntent's status in our words. */
export function paymentStatus(intent: Stripe.PaymentIntent): ProcessorPayment['status'] {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
      return 'requires_action';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'failed';
    default:
      // requires_payment_method after a decline (the customer may try again on the same intent).
      return intent.last_payment_error ? 'failed' : 'requires_payment';
  }
}

/** The card saved with an intent set up for later (a deposit's, for the balance) and its customer. */
export function savedCard(intent: Stripe.PaymentIntent) {
  const ref = (v: string | { id: string } | null) => (typeof v === 'string' ? v : (v?.id ?? null));
  return {
    savedMethodRef: intent.setup_future_usage ? ref(intent.payment_method) : null,
    customerRef: ref(intent.customer),
    chargeRef: ref(intent.latest_charge),
  };
}

/**
 * What an off-session charge answered at once, as the event its webhook tells later (applied once
 * either way).
 */
export function offSessionEvent(intent: Stripe.PaymentIntent): ProcessorEvent {
  return intent.status === 'succeeded'
    ? {
        id: `${intent.id}:succeeded`,
        type: 'payment.succeeded',
        paymentRef: intent.id,
        amountCents: intent.amount_received,
        currency: intent.currency,
      }
    : {
        id: `${intent.id}:${intent.status}`,
        type: 'payment.failed',
        paymentRef: intent.id,
        message: intent.last_payment_error?.message ?? STRIPE_DECLINED,
      };
}

/** Our event for a PaymentIntent of ours (its metadata names our payment); null for anything else. */
function processorEvent(event: Stripe.Event): ProcessorEvent | null {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      if (!intent.metadata?.paymentId) return null;
      return {
        id: event.id,
        type: 'payment.succeeded',
        paymentRef: intent.id,
        amountCents: intent.amount_received,
        currency: intent.currency,
        ...savedCard(intent),
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      if (!intent.metadata?.paymentId) return null;
      return {
        id: event.id,
        type: 'payment.failed',
        paymentRef: intent.id,
        message: intent.last_payment_error?.message ?? STRIPE_DECLINED,
      };
    }
    case 'payment_intent.requires_action': {
      const intent = event.data.object;
      if (!intent.metadata?.paymentId) return null;
      return { id: event.id, type: 'payment.requires_action', paymentRef: intent.id };
    }
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      if (!intent.metadata?.paymentId) return null;
      return { id: event.id, type: 'payment.canceled', paymentRef: intent.id };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intent = refOf(charge.payment_intent);
      if (!intent) return null;
      // The refunds as the event carries them; stripe.ts lists them when the event does not.
      return {
        id: event.id,
        type: 'payment.refunded',
        paymentRef: intent,
        refunds: (charge.refunds?.data ?? []).map(refundOf),
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      return disputeEvent(event.id, event.created, event.data.object);
    default:
      return null;
  }
}

const refOf = (v: string | { id: string } | null | undefined) =>
  typeof v === 'string' ? v : (v?.id ?? null);

/** A Stripe refund as our event lists it: Frosted's own carry their key in metadata (refunds.ts). */
export const refundOf = (r: Stripe.Refund) => ({
  ref: r.id,
  amountCents: r.amount,
  key: r.metadata?.key ?? null,
});

/** A Stripe dispute's whole state, as our event (its payment named by the PaymentIntent, else the charge). */
export function disputeEvent(id: string, created: number, dispute: Stripe.Dispute): ProcessorEvent | null {
  const paymentRef = refOf(dispute.payment_intent) ?? refOf(dispute.charge);
  if (!paymentRef) return null;
  const dueBy = dispute.evidence_details?.due_by;
  return {
    id,
    type: 'dispute.changed',
    disputeRef: dispute.id,
    paymentRef,
    amountCents: dispute.amount,
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status as DisputeEvent['status'],
    dueBy: dueBy ? new Date(dueBy * 1000).toISOString() : null,
    at: new Date(created * 1000).toISOString(),
    fees: (dispute.balance_transactions ?? [])
      .filter((b) => b.fee !== 0)
      .map((b) => ({ key: b.id, amountCents: b.fee })),
  };
}
