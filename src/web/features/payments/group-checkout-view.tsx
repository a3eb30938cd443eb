import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money.ts';
import type { GroupCheckout } from '../../../shared/schemas/payments.ts';
import { formatLongDate } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useFocusAfterAction } from '../../lib/use-focus-after-action.ts';
import { markGroupSubmitted, useGroupCheckout } from './api.ts';
import { GroupCardForm } from './group-card-form.tsx';

const StripePaymentForm = lazy(() =>
  import('./stripe-checkout.tsx').then((m) => ({ default: m.StripePaymentForm })),
);

const DUE = { full: 'Due now', deposit: 'Deposit due now', balance: 'Balance due now' } as const;
const PAID = { full: 'Paid', deposit: 'Deposit paid', balance: 'Balance paid' } as const;

/**
 * Several orders paid at once (`/orders/{id}/pay?orders=a,b`): one line per order with what is due now,
 * the total, and the same card form (or Stripe's Payment Element) as a single order's checkout. As
 * there, the outcome takes the focus once the customer has paid (or the card was refused).
 */
export function GroupCheckoutView({ orderIds }: { orderIds: string[] }) {
  const checkout = useGroupCheckout(orderIds);
  const { focusTarget, moveFocus } = useFocusAfterAction();
  const outcome = focusTarget('outcome');
  if (checkout.isPending) return <Spinner label="Preparing your payment" className="py-16" />;
  if (checkout.isError)
    return (
      <div className="space-y-4">
        <LoadError message={checkout.error.message} onRetry={() => void checkout.refetch()} className="p-6" />
        <Button asChild variant="outline">
          <Link to="/customer-dashboard-original">Go to my orders</Link>
        </Button>
      </div>
    );
  const c = checkout.data;
  const first = orderIds[0] ?? '';
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
      <section
        aria-labelledby="pay-title"
        className="min-w-0 rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-soft)] sm:p-8"
      >
        {c.status === 'succeeded' ? (
          <div role="status" className="text-center">
            <ShieldCheck className="mx-auto size-12 text-sage-700" aria-hidden />
            <h1 id="pay-title" ref={outcome} tabIndex={-1} className="mt-4 text-3xl font-semibold">
              Payment protected
            </h1>
            <p className="mx-auto mt-3 max-w-md text-cocoa-600">
              {formatCents(c.amount)} is held by Frosted for {c.orders.length} orders. Each vendor has been
              told, and is paid when you confirm you are satisfied with their order.
            </p>
            <Button asChild className="mt-8">
              <Link to="/customer-dashboard-original">Track my orders</Link>
            </Button>
          </div>
        ) : c.confirming ? (
          <div role="status" className="text-center">
            <Spinner label="Confirming your payment" className="py-4" />
            <h1 id="pay-title" ref={outcome} tabIndex={-1} className="mt-2 text-3xl font-semibold">
              Confirming your payment
            </h1>
            <p className="mx-auto mt-3 max-w-md text-cocoa-600">
              Your payment of {formatCents(c.amount)} is with the payment processor and its answer has not
              reached Frosted yet. Do not pay again: this page shows the result as soon as it is known.
            </p>
          </div>
        ) : c.provider === 'stripe' ? (
          <Suspense fallback={<Spinner label="Loading Stripe’s payment form" className="py-16" />}>
            <StripePaymentForm
              checkout={{ ...c, paymentId: c.checkoutGroupId }}
              orderId={first}
              submit={() => markGroupSubmitted(c.checkoutGroupId)}
              returnPath={`/orders/${first}/pay?orders=${orderIds.join(',')}`}
              title="Pay for your orders"
            />
          </Suspense>
        ) : (
          <GroupCardForm
            checkout={c}
            orderIds={orderIds}
            failureRef={outcome}
            onAnswered={() => moveFocus('outcome')}
          />
        )}
      </section>
      <aside className="min-w-0 space-y-4">
        <OrderLines checkout={c} />
        <div className="rounded-[var(--radius-card)] bg-sage-100/60 p-6 text-sm text-cocoa-700 ring-1 ring-sage-500/30">
          <p className="flex items-center gap-2 font-semibold text-cocoa-900">
            <ShieldCheck className="size-5 text-sage-700" aria-hidden />
            {c.provider === 'stripe'
              ? 'Payment protection: funds released when you confirm'
              : 'Payment protection'}
          </p>
          <p className="mt-2 leading-relaxed">
            One payment, and each order keeps its own protection: Frosted holds each vendor’s share and
            releases it when you confirm you are satisfied with that order. Each order is cancelled and
            refunded by the Terms on its own.
          </p>
        </div>
      </aside>
    </div>
  );
}

/**
 * One line per order (its vendor, its number, what is due now for it, or paid), then the total. An
 * order cancelled since, or paid twice, says what is on its way back.
 */
function OrderLines({ checkout: c }: { checkout: GroupCheckout }) {
  const paid = c.status === 'succeeded';
  return (
    <div className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-soft)]">
      <h2 className="text-lg font-semibold">{c.orders.length} orders</h2>
      <ul className="mt-3 divide-y divide-cocoa-900/10">
        {c.orders.map((o) => (
          <li key={o.orderId} className="flex items-start justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="break-words font-medium text-cocoa-900">{o.vendorName}</p>
              <p className="text-sm text-cocoa-600">
                Order {o.orderNumber} · {(paid ? PAID : DUE)[o.purpose]}
              </p>
              {o.refund && (
                <p className="text-sm font-medium text-rose-700">
                  {o.refund.reason === 'order_cancelled' ? 'Cancelled' : 'Already paid'}:{' '}
                  {formatCents(o.refund.amountCents)} on its way back to your card
                </p>
              )}
              {o.purpose === 'deposit' && o.balanceCents !== null && !o.refund && (
                <p className="text-xs text-cocoa-500">
                  Balance {formatCents(o.balanceCents)}
                  {o.balanceDueAt ? `, charged on ${formatLongDate(o.balanceDueAt)}` : ''}
                </p>
              )}
            </div>
            <p className="shrink-0 font-semibold">{formatCents(o.amount)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex items-baseline justify-between border-t border-cocoa-900/10 pt-4">
        <span className="text-cocoa-600">Total</span>
        <span className="font-display text-2xl font-semibold">{formatCents(c.amount)}</span>
      </p>
    </div>
  );
}
