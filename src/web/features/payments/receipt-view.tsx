import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money.ts';
import type { Receipt } from '../../../shared/schemas/receipts.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Card } from '../../components/ui/card.tsx';
import { DocumentRow, DocumentState, PrintButton } from './document-parts.tsx';
import { useReceipt } from './receipts-api.ts';

const PURPOSE: Record<NonNullable<Receipt['purpose']>, string> = {
  full: 'Payment in full',
  deposit: 'Deposit',
  balance: 'Balance',
};

/** A customer's receipt for one payment or refund (/receipts/{id}): printable, from the ledger. */
export function ReceiptView({ receiptId }: { receiptId: string }) {
  const receipt = useReceipt(receiptId);
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      {receipt.data ? (
        <ReceiptDocument receipt={receipt.data} />
      ) : (
        <DocumentState
          what="receipt"
          error={receipt.error}
          back={{ to: '/customer-dashboard', label: 'My Dashboard' }}
        />
      )}
    </div>
  );
}

function ReceiptDocument({ receipt: r }: { receipt: Receipt }) {
  const refund = r.kind === 'refund';
  return (
    <>
      <div className="flex items-center justify-between gap-3 print:hidden">
        <Link
          to={`/orders/${r.orderId}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-rose-600 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> Order {r.orderNumber}
        </Link>
        <PrintButton />
      </div>
      <Card className="mt-4 p-5 sm:p-8">
        <p className="text-sm font-medium text-cocoa-600">{r.platformName}</p>
        <h1 className="mt-1 text-3xl font-semibold">{refund ? 'Refund receipt' : 'Payment receipt'}</h1>
        <p className="mt-1 text-sm text-cocoa-600">
          For {r.customerName} · {formatDateTime(r.date)}
        </p>
        <dl className="mt-6 divide-y divide-cocoa-900/10 text-sm">
          <DocumentRow label="Order">{r.orderNumber}</DocumentRow>
          <DocumentRow label="Vendor">{r.vendor.businessName}</DocumentRow>
          {r.vendor.gstNumber && (
            <DocumentRow label="Vendor’s GST/HST number">{r.vendor.gstNumber}</DocumentRow>
          )}
          <DocumentRow label="Order total">{formatCents(r.orderAmountCents)}</DocumentRow>
          {r.purpose && <DocumentRow label="This payment">{PURPOSE[r.purpose]}</DocumentRow>}
          {r.paymentMethod && <DocumentRow label="Payment method">{r.paymentMethod}</DocumentRow>}
          <DocumentRow label={refund ? 'Refunded to you' : 'Paid'} strong>
            {formatCents(r.amountCents)}
          </DocumentRow>
        </dl>
        <p className="mt-6 rounded-2xl bg-sage-100/60 p-4 text-sm text-cocoa-700">{r.protectionTerms}</p>
        <p className="mt-4 text-xs text-cocoa-500">
          Amounts in Canadian dollars. Receipt {r.id}. Keep it for your records.
        </p>
      </Card>
    </>
  );
}
