import { useParams } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { FeeInvoiceView } from '../features/payments/fee-invoice-view.tsx';

/** /vendor-dashboard/invoices/{id}: the fee invoice of one of the vendor's payouts. */
export default function FeeInvoicePage() {
  const { id = '' } = useParams();
  return <RequireAuth need="vendor">{() => <FeeInvoiceView key={id} invoiceId={id} />}</RequireAuth>;
}
