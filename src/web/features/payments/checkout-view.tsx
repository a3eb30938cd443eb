import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, FlaskConical, ShieldCheck, Undo2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money.ts';
import { formatLongDate } from '../../../shared/time.ts';
import { type Checkout, type SandboxCardInput, sandboxCardSchema } from '../../../shared/schemas/payments.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useCheckout, useNewAttempt, useSandboxAuthentication, useSandboxCard } from './api.ts';

const cardSchema = sandboxCardSchema();

// Stripe's form and its return page are loaded only under Stripe: the sandbox checkout never fetches them.
const StripePaymentForm = lazy(() =>
  import('./stripe-checkout.tsx').then((m) => ({ default: m.StripePaymentForm })),
);
/** Back from Stripe's redirect (`?redirect_status=succeeded`): waits for the payment to be confirmed. */
export const StripeReturn = lazy(() =>
  import('./stripe-checkout.tsx').then((m) => ({ default: m.StripeReturn })),
);

/** Pay for an order: what it is, payment protection in plain words, and the card form. */
export function CheckoutView({ orderId }: { orderId: string }) {
  const checkout = useCheckout(orderId);
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
          <Refunding checkout={c} refund={c.refund} />
        ) : c.status === 'succeeded' ? (
          <Paid checkout={c} />
        ) : c.confirming ? (
          <Confirming checkout={c} onCheck={() => void checkout.refetch()} checking={checkout.isFetching} />
        ) : c.provider === 'stripe' ? (
          <Suspense fallback={<Spinner label="Loading Stripe’s payment form" className="py-16" />}>
            <StripePaymentForm checkout={c} orderId={orderId} />
          </Suspense>
        ) : (
          <CardForm checkout={c} orderId={orderId} />
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

function Paid({ checkout }: { checkout: Checkout }) {
  return (
    <div role="status" className="text-center">
      <ShieldCheck className="mx-auto size-12 text-sage-700" aria-hidden />
      <h1 id="pay-title" className="mt-4 text-3xl font-semibold">
        Payment protected
      </h1>
      <p className="mx-auto mt-3 max-w-md text-cocoa-600">
        {/* The balance joins the deposit: all of the order is held now. */}
        {formatCents(checkout.purpose === 'balance' ? checkout.orderAmount : checkout.amount)} is held by
        Frosted for order {checkout.orderNumber}. {checkout.vendorName} has been told, and is paid when you
        confirm you are satisfied.
      </p>
      <Button asChild className="mt-8">
        <Link to="/customer-dashboard-original">Track my order</Link>
      </Button>
    </div>
  );
}

/**
 * The payment went through but is coming back: the order was cancelled meanwhile, or another payment
 * (a second tab) had already paid it. Said as it is, never "Payment protected".
 */
function Refunding({ checkout, refund }: { checkout: Checkout; refund: NonNullable<Checkout['refund']> }) {
  return (
    <div role="status" className="text-center">
      <Undo2 className="mx-auto size-12 text-rose-600" aria-hidden />
      <h1 id="pay-title" className="mt-4 text-3xl font-semibold">
        {refund.reason === 'order_cancelled' ? 'This order was cancelled' : 'This order was already paid'}
      </h1>
      <p className="mx-auto mt-3 max-w-md text-cocoa-600">
        {refund.reason === 'order_cancelled'
          ? `Order ${checkout.orderNumber} was cancelled, so your payment is not kept: ${formatCents(refund.amountCents)} is on its way back to your card.`
          : `Order ${checkout.orderNumber} had already been paid, so this second payment of ${formatCents(refund.amountCents)} is on its way back to your card, in full.`}{' '}
        Refunds usually reach your card within 5 to 10 business days.
      </p>
      <Button asChild className="mt-8">
        <Link to="/customer-dashboard-original">Go to my orders</Link>
      </Button>
    </div>
  );
}

/** The card went to the processor and its answer is not in yet: never shown as unpaid. */
function Confirming({
  checkout,
  onCheck,
  checking,
}: {
  checkout: Checkout;
  onCheck: () => void;
  checking: boolean;
}) {
  return (
    <div role="status" className="text-center">
      <Spinner label="Confirming your payment" className="py-4" />
      <h1 id="pay-title" className="mt-2 text-3xl font-semibold">
        Confirming your payment
      </h1>
      <p className="mx-auto mt-3 max-w-md text-cocoa-600">
        Your payment of {formatCents(checkout.amount)} for order {checkout.orderNumber} is with the payment
        processor and its answer has not reached Frosted yet. Do not pay again: this page shows the result as
        soon as it is known.
      </p>
      <Button variant="outline" className="mt-8" onClick={onCheck} disabled={checking}>
        {checking ? 'Checking…' : 'Check again'}
      </Button>
    </div>
  );
}

function CardForm({ checkout, orderId }: { checkout: Checkout; orderId: string }) {
  const card = useSandboxCard(orderId);
  const authenticate = useSandboxAuthentication(orderId);
  const newAttempt = useNewAttempt(orderId);
  const { register, handleSubmit, formState, setError } = useForm<SandboxCardInput>({
    resolver: zodResolver(cardSchema),
    defaultValues: { number: '', expiry: '', cvc: '', name: '' },
  });
  const { errors } = formState;
  const failed = checkout.status === 'failed';

  const onSubmit = async (values: SandboxCardInput) => {
    try {
      // A declined card ends that payment: the next card goes with a new one.
      const paymentId = failed ? (await newAttempt()).paymentId : checkout.paymentId;
      await card.mutateAsync({ paymentId, card: values });
    } catch (err) {
      // Field messages go to their fields; anything else shows above the form (attemptError).
      if (err instanceof ApiError)
        for (const [field, message] of Object.entries(err.fields))
          setError(field as keyof SandboxCardInput, { message });
    }
  };

  const busy = card.isPending || authenticate.isPending || formState.isSubmitting;
  const attemptError =
    card.error instanceof ApiError && Object.keys(card.error.fields).length === 0 ? card.error.message : null;
  return (
    <>
      <h1 id="pay-title" className="flex items-center gap-2 text-3xl font-semibold">
        <CreditCard className="size-7 text-rose-600" aria-hidden />{' '}
        {checkout.purpose === 'deposit'
          ? 'Pay your deposit'
          : checkout.purpose === 'balance'
            ? 'Pay the balance'
            : 'Pay for your cake'}
      </h1>
      <p
        className="mt-4 flex gap-3 rounded-2xl bg-gold-100/70 p-4 text-sm leading-relaxed text-cocoa-800"
        role="note"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0 text-gold-600" aria-hidden />
        <span>
          <strong>This is a test payment.</strong> Frosted’s sandbox processor is on: no real card is charged.
          Pay with 4242 4242 4242 4242; 4000 0000 0000 0002 shows a declined card, 4000 0027 6000 3184 an
          extra confirmation step and 4000 0000 0000 0341 a card that pays now but declines its later balance.
          Any future expiry date and any 3 digits work.
        </span>
      </p>
      {(failed || attemptError) && (
        <p
          role="alert"
          className="mt-4 rounded-2xl bg-rose-50 p-4 text-sm font-medium text-rose-800 ring-1 ring-rose-200"
        >
          {attemptError ?? checkout.failureMessage} Your order is still waiting for payment: try another card.
        </p>
      )}
      <form
        noValidate
        className="mt-6 space-y-5"
        onSubmit={(e) => void handleSubmit(onSubmit)(e)}
        aria-label="Card details"
      >
        <Field id="card-number" label="Card number" error={errors.number?.message}>
          <Input
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            {...fieldA11y('card-number', errors.number?.message)}
            {...register('number')}
          />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field id="card-expiry" label="Expiry (MM/YY)" error={errors.expiry?.message}>
            <Input
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="12/29"
              {...fieldA11y('card-expiry', errors.expiry?.message)}
              {...register('expiry')}
            />
          </Field>
          <Field id="card-cvc" label="CVC" error={errors.cvc?.message}>
            <Input
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              {...fieldA11y('card-cvc', errors.cvc?.message)}
              {...register('cvc')}
            />
          </Field>
        </div>
        <Field id="card-name" label="Name on card (optional)" error={errors.name?.message}>
          <Input
            autoComplete="cc-name"
            {...fieldA11y('card-name', errors.name?.message)}
            {...register('name')}
          />
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Processing...' : `Pay ${formatCents(checkout.amount)}`}
        </Button>
      </form>
      {/* Closing the bank's step without confirming is refusing it, as a bank's page would. */}
      <Dialog
        open={checkout.status === 'requires_action'}
        onOpenChange={(open) =>
          !open && authenticate.mutate({ paymentId: checkout.paymentId, approve: false })
        }
      >
        <DialogContent
          title="Confirm this payment"
          description="Your bank asks you to confirm this payment (a test of 3-D Secure: nothing leaves Frosted)."
        >
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              className="flex-1"
              disabled={authenticate.isPending}
              onClick={() => authenticate.mutate({ paymentId: checkout.paymentId, approve: true })}
            >
              Confirm payment
            </Button>
            <Button
              variant="outline"
              className="flex-1"
              disabled={authenticate.isPending}
              onClick={() => authenticate.mutate({ paymentId: checkout.paymentId, approve: false })}
            >
              Fail confirmation
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
