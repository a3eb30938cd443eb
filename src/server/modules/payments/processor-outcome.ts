import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { applyProcessorEvent } from './events.ts';
import type { PaymentProcessor, ProcessorPayment } from './processor.ts';

/**
 * Asks the processor what became of a payment it knows (`ref`: a single payment's or a checkout
 * group's). One it says succeeded is applied now, as the processor's event would have been, keyed
 * `recovered:{recoveredId}` so it applies once. Null when it could not be asked (asked again later).
 */
export async function askProcessor({
  db,
  processor,
  ref,
  recoveredId,
  withCharge,
  now,
  log,
  logContext,
}: {
  db: Db;
  processor: PaymentProcessor;
  ref: string;
  recoveredId: string;
  /** A group's payment names its charge: its vendors' transfers are sent from it. */
  withCharge: boolean;
  now: Date;
  log: Logger;
  logContext: Record<string, string>;
}): Promise<ProcessorPayment | null> {
  let seen: ProcessorPayment;
  try {
    seen = await processor.retrievePayment(ref);
  } catch (err) {
    log.warn({ err, ...logContext }, 'could not ask the processor about a payment; asked later');
    return null;
  }
  if (seen.status === 'succeeded')
    await applyProcessorEvent({
      db,
      provider: processor.name,
      event: {
        id: `recovered:${recoveredId}`,
        type: 'payment.succeeded',
        paymentRef: ref,
        amountCents: seen.amountCents,
        currency: seen.currency,
        savedMethodRef: seen.savedMethodRef,
        customerRef: seen.customerRef,
        ...(withCharge && { chargeRef: seen.chargeRef }),
      },
      now,
      log,
    });
  return seen;
}

/**
 * What a payment (or a group) becomes after the processor's answer when it is not paid: failed with
 * the processor's reason, waiting for the customer's bank, or as it is.
 */
export const moveAfterAnswer = (
  seen: ProcessorPayment,
  current: { status: string; failureMessage: string | null },
) =>
  seen.status === 'failed'
    ? {
        status: 'failed' as const,
        failureMessage: seen.failureMessage ?? current.failureMessage ?? 'Your payment was declined.',
      }
    : seen.status === 'requires_action' && current.status === 'requires_payment'
      ? { status: 'requires_action' as const }
      : {};
