import { useState } from 'react';
import { toast } from 'sonner';
import { formatCents } from '../../../../shared/money.ts';
import { UNPAID_EXPIRY_HOURS } from '../../../../shared/order-machine.ts';
import type { CustomerQuoteView, QuoteRequestView } from '../../../../shared/schemas/quotes.ts';
import { formatDayKey } from '../../../../shared/time.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import type { useQuoteDecision } from '../api.ts';
import { ServingsNote, briefLine } from '../brief-summary.tsx';

export interface AcceptedOrder {
  quoteId: string;
  orderId: string;
  orderNumber: string;
}

/** "Willow Bakery", "Willow Bakery and Aspen Bakery", "A, B and C". */
const names = (list: string[]) =>
  list.length < 2 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;

/** What the customer pays next, by the quote's payment plan. */
function NextStep({ quote: q }: { quote: CustomerQuoteView }) {
  const expiry = `An order unpaid after ${UNPAID_EXPIRY_HOURS} hours is cancelled.`;
  if (q.payment?.kind === 'deposit')
    return (
      <p>
        Next, you pay a deposit of <strong>{formatCents(q.payment.depositCents)}</strong>. The balance of{' '}
        {formatCents(q.payment.balanceCents)} is charged to the same card on{' '}
        {formatDayKey(q.payment.balanceDueDay)}. {expiry}
      </p>
    );
  return (
    <p>
      Next, you pay the total of <strong>{formatCents(q.payment?.dueNowCents ?? q.totalCents ?? 0)}</strong>.{' '}
      {expiry}
    </p>
  );
}

/**
 * Accept Quote, with a summary to confirm first: the cake, the vendor and the price, that the other
 * quotes close, and the payment that comes next. Confirming makes the order; the column then offers
 * the payment (`onAccepted`).
 */
export function AcceptDialog({
  quote: q,
  request,
  accept,
  onAccepted,
}: {
  quote: CustomerQuoteView;
  request: QuoteRequestView;
  accept: ReturnType<typeof useQuoteDecision>['accept'];
  onAccepted: (order: AcceptedOrder) => void;
}) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const vendor = q.vendor.businessName;
  const closing = request.quotes
    .filter((o) => o.id !== q.id && ['requested', 'quoted', 'change_requested'].includes(o.status))
    .map((o) => o.vendor.businessName);
  const confirm = () => {
    if (accept.isPending) return;
    accept.mutate(q.revision, {
      onSuccess: ({ orderId, orderNumber }) => {
        toast.success(`Quote accepted. Your order ${orderNumber} is waiting for payment.`);
        setDone(true);
        setOpen(false);
        onAccepted({ quoteId: q.id, orderId, orderNumber });
      },
      // Revised or no longer possible: the quotes reload to show why.
      onError: (err) => {
        setOpen(false);
        toast.error(err.message);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !accept.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        {/* Every column has one: the name says whose quote it accepts. */}
        <Button aria-label={`Accept Quote from ${vendor}`}>Accept Quote</Button>
      </DialogTrigger>
      <DialogContent
        title={`Accept ${vendor}’s quote?`}
        description="Please check your order before you accept."
        // Accepted: the column's Pay link takes the focus, not the Accept button it replaced.
        onCloseAutoFocus={(e) => done && e.preventDefault()}
      >
        <dl className="divide-y divide-cocoa-900/10 rounded-2xl bg-cream-100 px-4 text-sm">
          <div className="grid gap-0.5 py-2.5 sm:grid-cols-[6rem_1fr] sm:gap-3">
            <dt className="font-semibold text-cocoa-600">Cake</dt>
            <dd>{briefLine(request.brief)}</dd>
          </div>
          <div className="grid gap-0.5 py-2.5 sm:grid-cols-[6rem_1fr] sm:gap-3">
            <dt className="font-semibold text-cocoa-600">Vendor</dt>
            <dd>{vendor}</dd>
          </div>
          <div className="grid gap-0.5 py-2.5 sm:grid-cols-[6rem_1fr] sm:gap-3">
            <dt className="font-semibold text-cocoa-600">Price</dt>
            <dd>
              <span className="font-display text-lg font-semibold">{formatCents(q.totalCents ?? 0)}</span>
              {!!q.deliveryFeeCents && q.priceCents !== null && (
                <span className="text-cocoa-600">
                  {' '}
                  ({formatCents(q.priceCents)} + {formatCents(q.deliveryFeeCents)} delivery)
                </span>
              )}
            </dd>
          </div>
        </dl>
        <ServingsNote brief={request.brief} className="mt-4" />
        <div className="mt-4 space-y-3 text-sm leading-relaxed text-cocoa-700">
          {closing.length > 0 && (
            <p>
              Accepting closes the other {closing.length === 1 ? 'quote' : 'quotes'} on this request:{' '}
              {names(closing)}.
            </p>
          )}
          <NextStep quote={q} />
        </div>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={accept.isPending}>
              Keep Comparing
            </Button>
          </DialogClose>
          <Button onClick={confirm} aria-disabled={accept.isPending || undefined}>
            {accept.isPending ? 'Accepting...' : 'Accept Quote'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
