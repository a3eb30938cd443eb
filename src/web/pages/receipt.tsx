import { useParams } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { ReceiptView } from '../features/payments/receipt-view.tsx';

/** /receipts/{id}: a payment's or a refund's receipt, for the order's customer only. */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  return <RequireAuth need="customer">{() => <ReceiptView key={id} receiptId={id} />}</RequireAuth>;
}
