import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { formatCents } from '../../../../shared/money.ts';
import type { CustomerQuoteView, QuoteRequestView } from '../../../../shared/schemas/quotes.ts';
import { formatDateTime } from '../../../../shared/time.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useFocusAfterAction } from '../../../lib/use-focus-after-action.ts';
import { RatingText } from '../../vendors/rating-text.tsx';
import { useQuoteDecision } from '../api.ts';
import { QuoteThread } from '../quote-thread.tsx';
import { AcceptDialog, type AcceptedOrder } from './accept-dialog.tsx';
import { ChangeForm } from './change-form.tsx';

const STATUS: Record<CustomerQuoteView['status'], string> = {
  requested: 'Waiting for an answer',
  quoted: 'Quoted',
  change_requested: 'Change asked',
  declined: 'Declined',
  accepted: 'Accepted',
  closed: 'Closed',
  expired: 'Expired',
};

/** The vendor's median time to a first answer, as a phrase. */
const responseTime = (minutes: number | null) =>
  minutes === null
    ? 'new to quotes'
    : minutes < 1
      ? 'answers in under a minute'
      : minutes < 60
        ? `answers in ${minutes} min`
        : `answers in ${Math.round(minutes / 60)} h`;

/** The way to pay for an accepted quote's order, where its Accept button was. */
function PayForOrder({
  quote: q,
  orderId,
  orderNumber,
  focus,
}: {
  quote: CustomerQuoteView;
  orderId: string;
  orderNumber: string | undefined;
  /** Just accepted here: the Pay link takes the focus the Accept button had. */
  focus: boolean;
}) {
  const pay = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focus) pay.current?.focus();
  }, [focus]);
  const p = q.payment;
  const label =
    p?.kind === 'deposit'
      ? `Pay ${formatCents(p.depositCents)} Deposit`
      : p
        ? `Pay ${formatCents(p.dueNowCents)}`
        : 'Pay Now';
  return (
    <div className="mt-auto space-y-3 border-t border-cocoa-900/10 pt-4">
      <p className="text-sm text-cocoa-700">
        {orderNumber
          ? `Your order ${orderNumber} is waiting for payment.`
          : 'Your order is waiting for payment.'}{' '}
        {q.vendor.businessName} starts once it is paid.
      </p>
      <Button asChild className="w-full sm:w-auto">
        <Link ref={pay} to={`/orders/${encodeURIComponent(orderId)}/pay`}>
          {label}
        </Link>
      </Button>
    </div>
  );
}

/**
 * One vendor's quote in the comparison: price, delivery fee, total, what is included, validity, the
 * vendor's rating and response time, its history, and the customer's answers (accept, ask for a
 * change). Once accepted, the payment of its order. Ask for a Change gives the focus to its form, and
 * the form back to the button (Cancel) or to the change asked, at the end of the history.
 */
export function QuoteColumn({
  quote: q,
  request,
  open,
  accepted,
  onAccepted,
}: {
  quote: CustomerQuoteView;
  request: QuoteRequestView;
  /** The request still takes an answer (nothing accepted yet). */
  open: boolean;
  /** The order this page just made of this quote. */
  accepted: AcceptedOrder | null;
  onAccepted: (order: AcceptedOrder) => void;
}) {
  const { accept, change } = useQuoteDecision(request.id, q.id);
  const [asking, setAsking] = useState(false);
  const { focusTarget, moveFocus } = useFocusAfterAction();
  const ask = (next: boolean, focus: string) => {
    setAsking(next);
    moveFocus(focus);
  };
  const orderId = accepted?.orderId ?? (q.orderStatus === 'pending' ? q.orderId : null);
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-xl font-semibold">
          <Link to={`/vendor/${q.vendor.id}`} className="hover:underline">
            {q.vendor.businessName}
          </Link>
        </h2>
        <Badge variant={q.status === 'quoted' || q.status === 'accepted' ? 'default' : 'outline'}>
          {accepted ? STATUS.accepted : STATUS[q.status]}
        </Badge>
      </div>
      <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-cocoa-500">
        <RatingText rating={q.vendor.rating} reviewCount={q.vendor.reviewCount} />
        <span aria-hidden>·</span> {responseTime(q.vendor.responseTimeMinutes)}
      </p>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-cocoa-600">Price</dt>
          <dd className="font-medium">{q.priceCents === null ? '—' : formatCents(q.priceCents)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-cocoa-600">Delivery fee</dt>
          <dd className="font-medium">
            {q.deliveryFeeCents === null ? '—' : formatCents(q.deliveryFeeCents)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-cocoa-900/10 pt-2">
          <dt className="font-semibold">Total</dt>
          <dd className="font-display text-xl font-semibold">
            {q.totalCents === null ? '—' : formatCents(q.totalCents)}
          </dd>
        </div>
        <div>
          <dt className="text-cocoa-600">Included</dt>
          <dd>{q.includes ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-cocoa-600">Valid until</dt>
          <dd>{q.validUntil ? formatDateTime(q.validUntil) : '—'}</dd>
        </div>
      </dl>
      <QuoteThread
        events={q.events}
        viewer="customer"
        vendorName={q.vendor.businessName}
        label={`History of ${q.vendor.businessName}’s quote`}
        className="mt-4 border-t border-cocoa-900/10 pt-4"
        lastEntryRef={q.status === 'change_requested' ? focusTarget('asked') : undefined}
      />
      {orderId ? (
        <PayForOrder quote={q} orderId={orderId} orderNumber={accepted?.orderNumber} focus={!!accepted} />
      ) : (
        open &&
        q.status === 'quoted' &&
        !asking && (
          <div className="mt-auto flex flex-wrap gap-2 pt-5">
            <AcceptDialog quote={q} request={request} accept={accept} onAccepted={onAccepted} />
            <Button
              variant="outline"
              ref={focusTarget('ask')}
              aria-label={`Ask for a Change from ${q.vendor.businessName}`}
              onClick={() => ask(true, 'form')}
            >
              Ask for a Change
            </Button>
          </div>
        )
      )}
      {asking && (
        <ChangeForm
          firstField={focusTarget('form')}
          pending={change.isPending}
          onCancel={() => ask(false, 'ask')}
          onSend={(input, fail) =>
            change.mutate(input, {
              onSuccess: () => {
                toast.success(`${q.vendor.businessName} has your request for a change.`);
                ask(false, 'asked');
              },
              onError: (err) => {
                if (err instanceof ApiError && Object.keys(err.fields).length) fail(err.fields);
                else toast.error(err.message);
              },
            })
          }
        />
      )}
    </Card>
  );
}
