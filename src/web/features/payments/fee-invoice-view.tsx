import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money.ts';
import type { FeeInvoice } from '../../../shared/schemas/receipts.ts';
import { formatDate, formatLongDate } from '../../../shared/time.ts';
import { Card } from '../../components/ui/card.tsx';
import { HeaderRow } from '../../components/ui/table.tsx';
import { DocumentRow, DocumentState, PrintButton } from './document-parts.tsx';
import { useFeeInvoice } from './receipts-api.ts';

const PAYOUTS = { to: '/vendor-dashboard?tab=payouts', label: 'Payouts' };

/** A vendor's fee invoice (/vendor-dashboard/invoices/{id}): printable, its totals the ledger's. */
export function FeeInvoiceView({ invoiceId }: { invoiceId: string }) {
  const invoice = useFeeInvoice(invoiceId);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      {invoice.data ? (
        <InvoiceDocument invoice={invoice.data} />
      ) : (
        <DocumentState what="invoice" error={invoice.error} back={PAYOUTS} />
      )}
    </div>
  );
}

function InvoiceDocument({ invoice: i }: { invoice: FeeInvoice }) {
  const pst = i.totals.pstCents > 0;
  const columns = [
    { label: 'Order' },
    { label: 'Date' },
    { label: 'Service fee', numeric: true },
    { label: 'GST', numeric: true },
    ...(pst ? [{ label: 'PST', numeric: true }] : []),
  ];
  return (
    <>
      <div className="flex items-center justify-between gap-3 print:hidden">
        <Link
          to={PAYOUTS.to}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-rose-600 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> {PAYOUTS.label}
        </Link>
        <PrintButton />
      </div>
      <Card className="mt-4 p-5 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-3xl font-semibold">Invoice {i.number}</h1>
            <p className="mt-1 text-sm text-cocoa-600">Issued {formatLongDate(i.issuedAt)}</p>
          </div>
          <div className="text-sm sm:text-right">
            <p className="font-semibold text-cocoa-900">{i.platform.name}</p>
            {i.platform.gstNumber && <p className="text-cocoa-600">GST/HST {i.platform.gstNumber}</p>}
          </div>
        </div>
        <div className="mt-6 text-sm">
          <p className="text-cocoa-600">Billed to</p>
          <p className="font-semibold text-cocoa-900">{i.vendor.businessName}</p>
          {i.vendor.address && <p className="text-cocoa-700">{i.vendor.address}</p>}
          {i.vendor.gstNumber && <p className="text-cocoa-700">GST/HST {i.vendor.gstNumber}</p>}
        </div>
        <p className="mt-6 text-sm text-cocoa-700">
          Frosted’s service fee and the tax on it, taken from the orders below before they were paid out to
          you.
        </p>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="sr-only">Orders on this invoice</caption>
            <thead className="border-y border-cocoa-900/10 bg-cream-100 text-cocoa-600">
              <HeaderRow columns={columns} className="px-2 py-2 font-medium" />
            </thead>
            <tbody>
              {i.lines.map((l) => (
                <tr key={`${l.orderId}-${l.chargedAt}`} className="border-b border-cocoa-900/5">
                  <th scope="row" className="whitespace-nowrap px-2 py-2 font-medium text-cocoa-900">
                    {l.orderNumber}
                  </th>
                  <td className="whitespace-nowrap px-2 py-2">{formatDate(l.chargedAt)}</td>
                  <td className="px-2 py-2 text-right">{formatCents(l.feeCents)}</td>
                  <td className="px-2 py-2 text-right">{formatCents(l.gstCents)}</td>
                  {pst && <td className="px-2 py-2 text-right">{formatCents(l.pstCents)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ml-auto mt-4 max-w-xs divide-y divide-cocoa-900/10 text-sm">
          <DocumentRow label="Service fees">{formatCents(i.totals.feeCents)}</DocumentRow>
          <DocumentRow label="GST">{formatCents(i.totals.gstCents)}</DocumentRow>
          {pst && <DocumentRow label="PST">{formatCents(i.totals.pstCents)}</DocumentRow>}
          <DocumentRow label="Total" strong>
            {formatCents(i.totals.totalCents)}
          </DocumentRow>
        </dl>
        <p className="mt-6 text-xs text-cocoa-500">
          Amounts in Canadian dollars, already deducted from your payout: nothing is due.
        </p>
      </Card>
    </>
  );
}
