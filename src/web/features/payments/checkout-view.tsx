import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money.ts';
import type { Checkout } from '../../../shared/schemas/payments.ts';
import { formatLongDate } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFocusAfterAction } from '../../lib/use-focus-after-action.ts';
import { useCheckout } from './api.ts';
import { Confirming, Paid, Refunding } from './checkout-outcomes.tsx';
import { CardForm } from './sandbox-card-form.tsx';

// Stripe's form and its return page are loaded only under Stripe: the sandbox checkout never fetches them.
const StripePaymentForm = lazy(() =>
  import('./stripe-checkout.tsx').then((m) => ({ default: m.StripePaymentForm })),
);
/** Back from Stripe's redirect (`?redirect_status=succeeded`): waits for the payment to be confirmed. */
export const StripeReturn = lazy(() =>
  import('./stripe-checkout.tsx').then((m) => ({ default: m.StripeReturn })),
);

/**
 * Pay for an order: what it is, payment protection in plain words, and the card form. The card form
 * gives way to the payment's outcome, which takes the focus once the customer has paid (or the card
 * was refused), never when the page opens on it.
 */
export function CheckoutView({ orderId }: { orderId: string }) {
  const checkout = useCheckout(orderId);
  const { focusTarget, moveFocus } = useFocusAfterAction();
  const outcome = focusTarget('outcome');
  if (checkout.isPending) return <Spinner label="Preparing your payment" className="py-16" />;
  if (checkout.isError) {
    const err = checkout.error;
    return (
      <div className="space-y-4">
        <LoadError message={err.message} onRetry={() => void checkout.refetch()} className="p-6" />
        {err instanceof ApiError && err.status === 409 && (
          <Button asChild variant="outline">
            <Link to="/customer-dashboard-original">Go to my orders</Link>
          </Button>
        )}
      </div>
    );
  }
  const c = checkout.data;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section
        aria-labelledby="pay-title"
        className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-soft)] sm:p-8"
      >
        {c.refund ? (
          <Refunding checkout={c} refund={c.refund} headingRef={outcome} />
        ) : c.status === 'succeeded' ? (
          <Paid checkout={c} headingRef={outcome} />
        ) : c.confirming ? (
          <Confirming
            checkout={c}
            onCheck={() => void checkout.refetch()}
            checking={checkout.isFetching}
            headingRef={outcome}
          />
        ) : c.provider === 'stripe' ? (
          <Suspense fallback={<Spinner label="Loading Stripe’s payment form" className="py-16" />}>
            <StripePaymentForm checkout={c} orderId={orderId} title={`Pay for your ${c.subject}`} />
          </Suspense>
        ) : (
          <CardForm
            checkout={c}
            orderId={orderId}
            failureRef={outcome}
            onAnswered={() => moveFocus('outcome')}
          />
        )}
      </section>
      <aside className="space-y-4">
        <div className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-soft)]">
          <h2 className="text-lg font-semibold">Order {c.orderNumber}</h2>
          <p className="mt-1 text-cocoa-600">{c.vendorName}</p>
          {c.purpose === 'full' ? (
            <p className="mt-4 flex items-baseline justify-between border-t border-cocoa-900/10 pt-4">
              <span className="text-cocoa-600">Total</span>
              <span className="font-display text-2xl font-semibold">{formatCents(c.amount)}</span>
            </p>
          ) : (
            <PaymentSchedule checkout={c} />
          )}
        </div>
        {c.provider === 'stripe' ? (
          <StripeProtectionNote vendorName={c.vendorName} />
        ) : (
          <div className="rounded-[var(--radius-card)] bg-sage-100/60 p-6 text-sm text-cocoa-700 ring-1 ring-sage-500/30">
            <p className="flex items-center gap-2 font-semibold text-cocoa-900">
              <ShieldCheck className="size-5 text-sage-700" aria-hidden /> Payment protection
            </p>
            <p className="mt-2 leading-relaxed">
              Frosted holds your payment and releases it to {c.vendorName} when you confirm you are satisfied
              (or 24 hours after delivery if you raise nothing). Cancellations are refunded by the Terms.
            </p>
          </div>
        )}
      </aside>
    </div>
  );
}

/** A deposit's checkout (or the balance's): what is paid now and what comes later. */
function PaymentSchedule({ checkout: c }: { checkout: Checkout }) {
  const due = c.balanceDueAt ? formatLongDate(c.balanceDueAt) : null;
  // Shown beside "Payment protected" too, once this payment went through.
  const state = c.status === 'succeeded' ? 'paid' : 'due now';
  return (
    <dl className="mt-4 space-y-2 border-t border-cocoa-900/10 pt-4 text-sm">
      <div className="flex items-baseline justify-between">
        <dt className="text-cocoa-600">Order total</dt>
        <dd>{formatCents(c.orderAmount)}</dd>
      </div>
      {c.purpose === 'deposit' ? (
        <>
          <div className="flex items-baseline justify-between">
            <dt className="font-semibold text-cocoa-900">Deposit {state}</dt>
            <dd className="font-display text-2xl font-semibold">{formatCents(c.amount)}</dd>
          </div>
          <div className="flex items-baseline justify-between">
            <dt className="text-cocoa-600">Balance{due ? `, charged on ${due}` : ''}</dt>
            <dd>{formatCents(c.balanceCents ?? 0)}</dd>
          </div>
          <p className="pt-2 text-xs leading-relaxed text-cocoa-600">
            Your card is saved for the balance, which is charged automatically on its due day. If it is still
            unpaid 48 hours before the event, the order is cancelled under the Terms.
          </p>
        </>
      ) : (
        <>
          <div className="flex items-baseline justify-between">
            <dt className="text-cocoa-600">Deposit paid</dt>
            <dd>{formatCents(c.orderAmount - c.amount)}</dd>
          </div>
          <div className="flex items-baseline justify-between">
            <dt className="font-semibold text-cocoa-900">Balance {state}</dt>
            <dd className="font-display text-2xl font-semibold">{formatCents(c.amount)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** Stripe does not offer escrow: under Stripe, payment protection is said in exactly these words. */
function StripeProtectionNote({ vendorName }: { vendorName: string }) {
  return (
    <div className="rounded-[var(--radius-card)] bg-sage-100/60 p-6 text-sm text-cocoa-700 ring-1 ring-sage-500/30">
      <p className="flex items-center gap-2 font-semibold text-cocoa-900">
        <ShieldCheck className="size-5 text-sage-700" aria-hidden /> Payment protection: funds released when
        you confirm
      </p>
      <p className="mt-2 leading-relaxed">
        Your payment stays with Frosted until you confirm you are satisfied with your cake (or 24 hours after
        delivery if you raise nothing); only then is {vendorName} paid. Cancellations are refunded by the
        Terms.
      </p>
    </div>
  );
}
