import { Undo2, ShieldCheck } from 'lucide-react';
import type { RefCallback } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money.ts';
import type { Checkout } from '../../../shared/schemas/payments.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

/** Where the focus goes when an outcome replaces the card form the customer just used: its heading. */
type HeadingRef = RefCallback<HTMLElement>;

/** The payment went through: held by Frosted until the customer is satisfied. */
export function Paid({ checkout, headingRef }: { checkout: Checkout; headingRef?: HeadingRef }) {
  return (
    <div role="status" className="text-center">
      <ShieldCheck className="mx-auto size-12 text-sage-700" aria-hidden />
      <h1 id="pay-title" ref={headingRef} tabIndex={-1} className="mt-4 text-3xl font-semibold">
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
export function Refunding({
  checkout,
  refund,
  headingRef,
}: {
  checkout: Checkout;
  refund: NonNullable<Checkout['refund']>;
  headingRef?: HeadingRef;
}) {
  return (
    <div role="status" className="text-center">
      <Undo2 className="mx-auto size-12 text-rose-600" aria-hidden />
      <h1 id="pay-title" ref={headingRef} tabIndex={-1} className="mt-4 text-3xl font-semibold">
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
export function Confirming({
  checkout,
  onCheck,
  checking,
  headingRef,
}: {
  checkout: Checkout;
  onCheck: () => void;
  checking: boolean;
  headingRef?: HeadingRef;
}) {
  return (
    <div role="status" className="text-center">
      <Spinner label="Confirming your payment" className="py-4" />
      <h1 id="pay-title" ref={headingRef} tabIndex={-1} className="mt-2 text-3xl font-semibold">
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
