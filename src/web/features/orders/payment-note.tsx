import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { BALANCE_DEADLINE_HOURS, balanceDeadline } from '../../../shared/deposits.ts';
import { formatCents } from '../../../shared/money.ts';
import { UNPAID_EXPIRY_HOURS } from '../../../shared/order-machine.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { formatDateTime, formatLongDate } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';

/** Where the money stands: waiting for payment (with Pay for the customer), or held by Frosted. */
export function PaymentNote({ order }: { order: OrderDetail }) {
  if (order.status === 'pending' && order.viewer === 'customer' && order.paymentConfirming) {
    // The card went to the processor and no answer is in yet: never "unpaid", never a second Pay.
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-2xl bg-gold-100/60 p-4 text-sm text-cocoa-700"
      >
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-gold-600" aria-hidden />
        <span>
          <strong>Confirming your payment:</strong> the payment processor has your payment and its answer has
          not reached Frosted yet. This page updates when it does; do not pay again.
        </span>
      </p>
    );
  }
  if (order.status === 'pending') {
    return order.viewer === 'customer' ? (
      <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-gold-100/60 p-4">
        <p className="text-sm text-cocoa-700">
          Waiting for your payment: the vendor starts once you have paid. An order not paid within{' '}
          {UNPAID_EXPIRY_HOURS} hours of accepting its quote is cancelled.
        </p>
        <Button asChild size="sm">
          <Link to={`/orders/${order.id}/pay`}>
            {order.deposit
              ? `Pay ${formatCents(order.deposit.depositCents)} deposit`
              : `Pay ${formatCents(order.amount)}`}
          </Link>
        </Button>
      </div>
    ) : (
      <p className="text-sm text-cocoa-600">Waiting for the customer’s payment.</p>
    );
  }
  if (order.heldCents <= 0) return null;
  const who = order.viewer === 'customer' ? 'you confirm you are' : 'the customer confirms they are';
  return (
    <>
      <p className="flex items-start gap-2 rounded-2xl bg-sage-100/60 p-4 text-sm text-cocoa-700">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-sage-700" aria-hidden />
        <span>
          <strong>Payment protected:</strong> {formatCents(order.heldCents)} held by Frosted until {who}{' '}
          satisfied.
        </span>
      </p>
      {order.deposit && order.status !== 'cancelled' && <BalanceNote order={order} deposit={order.deposit} />}
    </>
  );
}

/** A deposit's order: the balance, when it is charged, and the link to pay it after a decline. */
function BalanceNote({
  order,
  deposit,
}: {
  order: OrderDetail;
  deposit: NonNullable<OrderDetail['deposit']>;
}) {
  const amount = formatCents(deposit.balanceCents);
  if (deposit.balance === 'paid')
    return (
      <p className="text-sm text-cocoa-600">
        Deposit {formatCents(deposit.depositCents)} and balance {amount} paid.
      </p>
    );
  if (deposit.balance === 'scheduled')
    return (
      <p className="text-sm text-cocoa-600">
        Balance {amount}: charged to the saved card on {formatLongDate(deposit.balanceDueAt)}.
      </p>
    );
  // The customer needs the moment itself, not a rule to count back from the event.
  const payBy = order.deliveryDate
    ? `by ${formatDateTime(balanceDeadline(new Date(order.deliveryDate)))} (${BALANCE_DEADLINE_HOURS} hours before the event)`
    : `at least ${BALANCE_DEADLINE_HOURS} hours before the event`;
  return order.viewer === 'customer' ? (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-2xl bg-rose-50 p-4 ring-1 ring-rose-200"
    >
      <p className="text-sm text-rose-800">
        We could not charge the balance of {amount} to your saved card. Pay it {payBy}, or the order is
        cancelled under the Terms.
      </p>
      <Button asChild size="sm">
        <Link to={`/orders/${order.id}/pay`}>Pay the balance</Link>
      </Button>
    </div>
  ) : (
    <p className="text-sm text-rose-800">
      The balance of {amount} was declined; the customer has been asked to pay it. You can mark the order
      delivered once it is paid.
    </p>
  );
}
