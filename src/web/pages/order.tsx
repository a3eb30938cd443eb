import { useParams } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { OrderPage } from '../features/orders/order-page.tsx';

/** /orders/{id}: one order, for its customer, its vendor or an admin (anyone else: not found). */
export default function OrderRoutePage() {
  const { id = '' } = useParams();
  return <RequireAuth need="any">{() => <OrderPage key={id} orderId={id} />}</RequireAuth>;
}
