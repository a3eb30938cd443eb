import type { GroupCheckout } from '../../../shared/schemas/payments.ts';
import { useGroupSandboxAuthentication, useGroupSandboxCard, useNewGroupAttempt } from './api.ts';
import { type CardFormFocus, SandboxCardForm } from './sandbox-card-form.tsx';

/** The sandbox's card form for several orders at once: one card, one payment of the total. */
export function GroupCardForm({
  checkout,
  orderIds,
  failureRef,
  onAnswered,
}: { checkout: GroupCheckout; orderIds: string[] } & CardFormFocus) {
  const card = useGroupSandboxCard(orderIds);
  const authenticate = useGroupSandboxAuthentication(orderIds);
  const newAttempt = useNewGroupAttempt(orderIds);
  return (
    <SandboxCardForm
      title="Pay for your orders"
      amount={checkout.amount}
      status={checkout.status}
      failureMessage={checkout.failureMessage}
      stillWaiting="Your orders are still waiting for payment: try another card."
      // A declined card (or a replaced checkout) ends that payment: the next card goes with a new one.
      pay={async (values) => {
        const groupId =
          checkout.status === 'failed' ? (await newAttempt()).checkoutGroupId : checkout.checkoutGroupId;
        await card.mutateAsync({ groupId, card: values });
      }}
      answerBank={(approve) => authenticate.mutateAsync({ groupId: checkout.checkoutGroupId, approve })}
      failureRef={failureRef}
      onAnswered={onAnswered}
    />
  );
}
