import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CreditCard, Lock, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money.ts';
import type { Checkout } from '../../../shared/schemas/payments.ts';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useFocusAfterAction } from '../../lib/use-focus-after-action.ts';
import { markSubmitted, useOrderAfterPayment } from './api.ts';

/*
 * The checkout under Stripe (PAYMENTS_PROVIDER=stripe), loaded only then: Stripe's Payment Element
 * collects the card in Stripe's own frame (Frosted never sees it) and confirms the PaymentIntent,
 * 3-D Secure included; Stripe then sends the customer back to this page and tells Frosted by webhook.
 */

const LOAD_FAILED = 'Stripe’s payment form could not be loaded. Check your connection and try again.';

/**
 * The Payment Element for the order's PaymentIntent (or a checkout group's: `submit` and `returnPath`
 * are then the group's), and Pay.
 */
export function StripePaymentForm({
  checkout,
  orderId,
  submit = () => markSubmitted(checkout.paymentId),
  returnPath = `/orders/${orderId}/pay`,
  title = 'Pay for your cake',
}: {
  checkout: Pick<
    Checkout,
    'paymentId' | 'publishableKey' | 'clientSecret' | 'amount' | 'status' | 'failureMessage'
  >;
  orderId: string;
  submit?: () => Promise<unknown>;
  returnPath?: string;
  title?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Pay is pressed and refused: the reason, said above the form, takes the focus.
  const { focusTarget, moveFocus } = useFocusAfterAction();
  const refused = (message: string) => {
    setError(message);
    setBusy(false);
    moveFocus(message);
  };
  const { publishableKey, clientSecret } = checkout;

  useEffect(() => {
    if (!publishableKey || !clientSecret) return;
    let gone = false;
    let destroy = () => {};
    loadStripe(publishableKey)
      .then((loaded) => {
        if (gone || !loaded || !host.current) return;
        const elements = loaded.elements({ clientSecret, appearance: { theme: 'stripe' } });
        const element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => setReady(true));
        element.on('loaderror', () => setLoadFailed(true));
        element.mount(host.current);
        stripe.current = { stripe: loaded, elements };
        destroy = () => element.destroy();
      })
      .catch(() => !gone && setLoadFailed(true));
    return () => {
      gone = true;
      stripe.current = null;
      destroy();
    };
  }, [publishableKey, clientSecret, attempt]);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe.current) return;
    setBusy(true);
    setError(null);
    // Frosted is told first, so a lost webhook is asked about when the order is opened again.
    try {
      await submit();
    } catch (err) {
      refused(err instanceof Error ? err.message : 'Your payment could not be started. Please try again.');
      return;
    }
    // On success Stripe redirects to return_url; coming back here means it could not be confirmed.
    const result = await stripe.current.stripe.confirmPayment({
      elements: stripe.current.elements,
      confirmParams: { return_url: `${window.location.origin}${returnPath}` },
    });
    refused(result.error.message ?? 'Your payment could not be completed. Please try again.');
  };

  const failure = error ?? (checkout.status === 'failed' ? checkout.failureMessage : null);
  return (
    <>
      <h1 id="pay-title" className="flex items-center gap-2 text-3xl font-semibold">
        <CreditCard className="size-7 text-rose-600" aria-hidden /> {title}
      </h1>
      <p className="mt-4 flex gap-3 rounded-2xl bg-sage-100/60 p-4 text-sm leading-relaxed text-cocoa-800">
        <Lock className="mt-0.5 size-5 shrink-0 text-sage-700" aria-hidden />
        <span>
          Payments are processed by Stripe: your card details go straight to Stripe and Frosted never sees
          them.
        </span>
      </p>
      {failure && (
        <p
          role="alert"
          ref={focusTarget(failure)}
          tabIndex={-1}
          className="mt-4 rounded-2xl bg-rose-50 p-4 text-sm font-medium text-rose-800 ring-1 ring-rose-200"
        >
          {failure} Your order is still waiting for payment: try another card.
        </p>
      )}
      {loadFailed ? (
        <LoadError
          message={LOAD_FAILED}
          onRetry={() => {
            setLoadFailed(false);
            setReady(false);
            setAttempt((n) => n + 1);
          }}
          className="mt-6"
        />
      ) : (
        <form className="mt-6 space-y-5" onSubmit={(e) => void pay(e)} aria-label="Payment details">
          {!ready && <Spinner label="Loading Stripe’s payment form" className="py-6" />}
          <div ref={host} />
          <Button type="submit" size="lg" className="w-full" disabled={!ready || busy}>
            {busy ? 'Processing...' : `Pay ${formatCents(checkout.amount)}`}
          </Button>
        </form>
      )}
    </>
  );
}

/**
 * Back from Stripe (its return_url, with `redirect_status=succeeded`): Stripe has the payment and
 * tells Frosted by webhook, usually within seconds; the order is asked again until it is paid.
 */
export function StripeReturn({ orderId }: { orderId: string }) {
  const order = useOrderAfterPayment(orderId);
  if (order.isError)
    return <LoadError message={order.error.message} onRetry={() => void order.refetch()} className="p-6" />;
  if (order.isPending || order.data.status === 'pending')
    return (
      <div className="mx-auto max-w-md py-16 text-center">
        <Spinner label="Confirming your payment" />
        <h1 className="mt-4 text-2xl font-semibold">Confirming your payment</h1>
        <p className="mt-2 text-cocoa-600">
          Stripe has your payment. This page updates as soon as Stripe confirms it, usually within seconds.
        </p>
      </div>
    );
  const o = order.data;
  if (o.status === 'cancelled')
    return (
      <div role="status" className="mx-auto max-w-lg py-10 text-center">
        <h1 className="text-3xl font-semibold">This order was cancelled</h1>
        <p className="mx-auto mt-3 max-w-md text-cocoa-600">
          Order {o.orderNumber} was cancelled before your payment arrived, so all of it is refunded to your
          card.
        </p>
        <Button asChild className="mt-8">
          <Link to="/customer-dashboard-original">Go to my orders</Link>
        </Button>
      </div>
    );
  return (
    <div role="status" className="mx-auto max-w-lg py-10 text-center">
      <ShieldCheck className="mx-auto size-12 text-sage-700" aria-hidden />
      <h1 className="mt-4 text-3xl font-semibold">Payment protected</h1>
      <p className="mx-auto mt-3 max-w-md text-cocoa-600">
        {formatCents(o.amount)} paid for order {o.orderNumber}. Payment protection: funds released to{' '}
        {o.vendor.businessName} when you confirm you are satisfied.
      </p>
      <Button asChild className="mt-8">
        <Link to="/customer-dashboard-original">Track my order</Link>
      </Button>
    </div>
  );
}
