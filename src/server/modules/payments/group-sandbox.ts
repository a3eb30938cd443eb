import type { GroupCheckout } from '../../../shared/schemas/payments.ts';
import type { Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { customersGroup, GROUP_NOT_FOUND, groupById, groupCheckoutDto } from './checkout-group.ts';
import { applyProcessorEvent } from './events.ts';
import { claimGroupSubmission, releaseGroupSubmission } from './group-outcomes.ts';
import { CONFIRMING_ELSEWHERE } from './outcomes.ts';
import type { CardForm, PaymentProcessor, ProcessorEvent } from './processor.ts';

/**
 * A checkout group's payment with the sandbox's own card form (sandbox-checkout.ts does the same for a
 * payment of its own), and the Stripe browser's "about to confirm" for a group.
 */

interface GroupStep {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  groupId: string;
  now: Date;
  log: Logger;
}

async function groupStep(
  { db, processor, actor, groupId, now, log }: GroupStep,
  waitingFor: 'requires_payment' | 'requires_action',
  notWaiting: string,
  send: (form: CardForm, ref: string) => Promise<ProcessorEvent>,
): Promise<GroupCheckout> {
  const form = processor.cardForm;
  if (!form) throw AppError.notFound();
  const group = await customersGroup({ db, actor, groupId });
  if (group.provider !== processor.name || !group.providerRef) throw AppError.notFound(GROUP_NOT_FOUND);
  if (group.status !== waitingFor) throw new AppError('CONFLICT', 409, notWaiting);
  // One card at a time for the whole group: a second tab is told it is being confirmed.
  if (!(await claimGroupSubmission(db, { groupId: group.id, status: waitingFor, now })))
    throw new AppError('CONFLICT', 409, CONFIRMING_ELSEWHERE);
  const event = await send(form, group.providerRef);
  await applyProcessorEvent({ db, provider: processor.name, event, now, log });
  for (const later of await form.laterEvents(group.providerRef))
    await applyProcessorEvent({ db, provider: processor.name, event: later, now, log });
  await releaseGroupSubmission(db, group.id);
  return groupCheckoutDto({ db, processor, actor, group: await groupById(db, group.id) });
}

/** The sandbox's card form was sent for the group's total: the sandbox decides. */
export const confirmSandboxGroup = ({ cardNumber, ...step }: GroupStep & { cardNumber: string }) =>
  groupStep(
    step,
    'requires_payment',
    'This payment is no longer waiting for a card. Reload the page.',
    (form, ref) => form.confirmCard(ref, cardNumber),
  );

/** The sandbox's extra confirmation step (3-D Secure) for the group, approved or not. */
export const authenticateSandboxGroup = ({ approve, ...step }: GroupStep & { approve: boolean }) =>
  groupStep(
    step,
    'requires_action',
    'This payment is not waiting for a confirmation. Reload the page.',
    (form, ref) => form.authenticate(ref, approve),
  );

/** The browser is about to confirm the group's payment with Stripe itself: until its answer, it is asked. */
export async function markGroupSubmitted({
  db,
  processor,
  actor,
  groupId,
  now,
}: Omit<GroupStep, 'log'>): Promise<void> {
  const group = await customersGroup({ db, actor, groupId });
  if (group.provider !== processor.name || !group.providerRef) throw AppError.notFound(GROUP_NOT_FOUND);
  const status = group.status;
  if (status === 'requires_payment' || status === 'requires_action' || status === 'failed')
    await claimGroupSubmission(db, { groupId: group.id, status, now });
}
