import { ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { taxPercentText, vendorShareOf } from '../../../shared/tax.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { feePercentText } from '../../../shared/fees.ts';
import { Card } from '../../components/ui/card.tsx';
import { useOrderReceipts } from './receipts-api.ts';

/** The customer's receipts of an order, each a link to its page (nothing before any money moved). */
export function OrderReceipts({ order, className }: { order: OrderDetail; className?: string }) {
  const receipts = useOrderReceipts(order.id, order.viewer === 'customer');
  const list = receipts.data?.receipts ?? [];
  if (order.viewer !== 'customer' || list.length === 0) return null;
  return (
    <Card className={`p-5 sm:p-7 ${className ?? ''}`}>
      <h2 className="text-xl font-semibold">Receipts</h2>
      <ul className="mt-3 divide-y divide-cocoa-900/5 text-sm">
        {list.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <Link
              to={`/receipts/${r.id}`}
              className="inline-flex items-center gap-1.5 font-medium text-rose-600 hover:underline"
            >
              <ReceiptText className="size-4" aria-hidden />
              {r.kind === 'refund' ? 'Refund receipt' : 'Payment receipt'}, {formatDateTime(r.date)}
            </Link>
            <span className="font-semibold text-cocoa-900">{formatCents(r.amountCents)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * What the vendor keeps of the order when it completes: the amount less Frosted's fee and the tax on
 * the fee, at the rates agreed when the order was made (the same function the ledger posts with).
 */
export function VendorShare({ order, className }: { order: OrderDetail; className?: string }) {
  // A cancelled order or a claim refunded in part splits its money otherwise: the Payouts tab shows it.
  const refunded = order.claim?.outcome === 'refund' || order.claim?.outcome === 'partial';
  if (order.viewer !== 'vendor' || order.status === 'cancelled' || refunded) return null;
  const share = vendorShareOf(order.amount, order.terms);
  const fee = feePercentText(order.terms.serviceFeeBps / 10_000);
  return (
    <Card className={`p-5 sm:p-7 ${className ?? ''}`}>
      <h2 className="text-xl font-semibold">Your earnings</h2>
      <dl className="mt-3 divide-y divide-cocoa-900/5 text-sm">
        <Row label="Order total">{formatCents(share.grossCents)}</Row>
        <Row label={`Service fee (${fee})`}>−{formatCents(share.feeCents)}</Row>
        <Row label={`GST on the fee (${taxPercentText(order.terms.gstBps)})`}>
          −{formatCents(share.gstCents)}
        </Row>
        {order.terms.pstBps > 0 && (
          <Row label={`PST on the fee (${taxPercentText(order.terms.pstBps)})`}>
            −{formatCents(share.pstCents)}
          </Row>
        )}
        <Row label={order.status === 'completed' ? 'Yours' : 'Yours when the order completes'} strong>
          {formatCents(share.netCents)}
        </Row>
      </dl>
    </Card>
  );
}

function Row({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 py-2 ${strong ? 'font-semibold text-cocoa-900' : 'text-cocoa-700'}`}
    >
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
