import { useParams } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Section } from '../components/ui/page.tsx';
import { CheckoutView } from '../features/payments/checkout-view.tsx';

/** /orders/{id}/pay: the customer pays for an accepted quote's order. */
export default function CheckoutPage() {
  const { id = '' } = useParams();
  return (
    <RequireAuth need="customer">
      {() => (
        <Section className="py-10 sm:py-14">
          <CheckoutView orderId={id} />
        </Section>
      )}
    </RequireAuth>
  );
}
