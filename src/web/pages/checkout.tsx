import { Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Section } from '../components/ui/page.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { CheckoutView, StripeReturn } from '../features/payments/checkout-view.tsx';
import { GroupCheckoutView } from '../features/payments/group-checkout-view.tsx';

/**
 * /orders/{id}/pay: the customer pays for an accepted quote's order. Stripe sends the customer back
 * here after its payment step, with `redirect_status` (succeeded, or processing for slower methods).
 * With `?orders=a,b` it is one checkout for several orders (a group's page polls until it is paid).
 */
export default function CheckoutPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const backFromStripe = ['succeeded', 'processing'].includes(params.get('redirect_status') ?? '');
  // Several orders paid together (`?orders=a,b`): one checkout for them all.
  const together = [...new Set((params.get('orders') ?? '').split(',').filter(Boolean))].slice(0, 10);
  return (
    <RequireAuth need="customer">
      {() => (
        <Section className="py-10 sm:py-14">
          {together.length > 1 ? (
            <GroupCheckoutView orderIds={together} />
          ) : backFromStripe ? (
            <Suspense fallback={<Spinner label="Confirming your payment" className="py-16" />}>
              <StripeReturn orderId={id} />
            </Suspense>
          ) : (
            <CheckoutView orderId={id} />
          )}
        </Section>
      )}
    </RequireAuth>
  );
}
