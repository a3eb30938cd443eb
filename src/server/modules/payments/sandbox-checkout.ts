import type { Checkout } from '../../../shared/schemas/payments.ts';
import type { Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { checkoutDto, customersPayment, PAYMENT_NOT_FOUND } from './checkout.ts';
import { applyProcessorEvent } from './events.ts';
import { claimSubmission, CONFIRMING_ELSEWHERE, releaseSubmission } from './outcomes.ts';
import type { CardForm, PaymentProcessor, ProcessorEvent } from './processor.ts';

/** The sandbox's own card form at checkout: a test card, then maybe its confirmation step. */

interface SandboxStep {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  paymentId: string;
  now: Date;
  log: Logger;
}

/**
 * One step of the sandbox's own card flow, sent to the processor once: the payment is claimed
 * (`submitted_at`) before the sandbox is asked, so a second tab is told the payment is being
 * confirmed instead of sending its card too, and a crash before the answer is recorded leaves a
 * payment that is asked about, not charged again. The answer is applied as a webhook's would be.
 */
async function sandboxStep(
  { db, processor, actor, paymentId, now, log }: SandboxStep,
  waitingFor: 'requires_payment' | 'requires_action',
  notWaiting: string,
  send: (form: CardForm, ref: string) => Promise<ProcessorEvent>,
): Promise<Checkout> {
  // Only a processor with a card form of its own has these steps: under Stripe the route does not exist.
  const form = processor.cardForm;
  if (!form) throw AppError.notFound();
  const { payment } = await customersPayment({ db, actor, paymentId });
  if (payment.provider !== processor.name || !payment.providerRef) throw AppError.notFound(PAYMENT_NOT_FOUND);
  if (payment.status !== waitingFor) throw new AppError('CONFLICT', 409, notWaiting);
  if (!(await claimSubmission(db, { paymentId: payment.id, status: waitingFor, now })))
    throw new AppError('CONFLICT', 409, CONFIRMING_ELSEWHERE);
  const event = await send(form, payment.providerRef);
  await applyProcessorEvent({ db, provider: processor.name, event, now, log });
  // What the sandbox tells after the answer (its dispute card's dispute), as later webhooks would.
  for (const later of await form.laterEvents(payment.providerRef))
    await applyProcessorEvent({ db, provider: processor.name, event: later, now, log });
  // The answer to this card is recorded: the outcome is known.
  await releaseSubmission(db, payment.id);
  const after = await customersPayment({ db, actor, paymentId });
  return checkoutDto({ db, processor, ...after });
}

/** The sandbox's card form was sent: the sandbox decides. */
export const confirmSandboxPayment = ({ cardNumber, ...step }: SandboxStep & { cardNumber: string }) =>
  sandboxStep(
    step,
    'requires_payment',
    'This payment is no longer waiting for a card. Reload the page.',
    (form, ref) => form.confirmCard(ref, cardNumber),
  );

/** The sandbox's extra confirmation step (3-D Secure), approved or not. */
export const authenticateSandboxPayment = ({ approve, ...step }: SandboxStep & { approve: boolean }) =>
  sandboxStep(
    step,
    'requires_action',
    'This payment is not waiting for a confirmation. Reload the page.',
    (form, ref) => form.authenticate(ref, approve),
  );
