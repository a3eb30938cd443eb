import type Stripe from 'stripe';
import {
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
    default:
      return null;
  }
}
