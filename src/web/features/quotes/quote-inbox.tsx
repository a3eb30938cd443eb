import { useState } from 'react';
import { briefTitle, fulfillmentLabel } from '../../../shared/quote-brief.ts';
import { dietaryLabel } from '../../../shared/catalog.ts';
import { formatCents } from '../../../shared/money.ts';
import { isOpenQuote } from '../../../shared/quote-machine.ts';
import type { VendorQuoteView } from '../../../shared/schemas/quotes.ts';
import { formatDateTime, formatDayKey } from '../../../shared/time.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useFocusAfterAction } from '../../lib/use-focus-after-action.ts';
import { useQuoteInbox } from './api.ts';
import { forRequest, ServingsNote } from './brief-summary.tsx';
import { AnswerForm, DeclineForm } from './quote-reply-forms.tsx';
import { QuoteThread } from './quote-thread.tsx';

const STATUS_LABEL: Record<VendorQuoteView['status'], string> = {
  requested: 'New request',
  quoted: 'Quoted',
  change_requested: 'Change requested',
  declined: 'Declined',
  accepted: 'Accepted',
  closed: 'Closed',
  expired: 'Expired',
};

/** The vendor's quote inbox: each request with its brief and design, answered or declined here. */
export function QuoteInbox() {
  const inbox = useQuoteInbox();
  if (inbox.isPending) return <Spinner label="Loading quote requests" className="py-6" />;
  if (inbox.isError) return <LoadError message={inbox.error.message} onRetry={() => void inbox.refetch()} />;
  if (inbox.data.length === 0)
    return (
      <Card className="p-10 text-center text-cocoa-600">
        No quote requests yet. Customers’ requests for your shop will appear here.
      </Card>
    );
  return (
    <>
      <h2 className="sr-only">Quote requests</h2>
      <ul className="space-y-4">
        {inbox.data.map((q) => (
          <li key={q.id}>
            <QuoteCard quote={q} />
          </li>
        ))}
      </ul>
    </>
  );
}

type Reply = 'answer' | 'decline';

/**
 * One request. Its reply form takes the focus from the button that opened it, and gives it back
 * (Cancel) or to what the reply made: the quote as sent, or the request declined.
 */
function QuoteCard({ quote: q }: { quote: VendorQuoteView }) {
  const [mode, setMode] = useState<Reply | null>(null);
  const { focusTarget, moveFocus } = useFocusAfterAction();
  const open = (reply: Reply) => {
    setMode(reply);
    moveFocus('form');
  };
  const close = (focus: string) => {
    setMode(null);
    moveFocus(focus);
  };
  const b = q.brief;
  const events = [...q.events].reverse();
  const lastChange = events.find((e) => e.action === 'askChange');
  const declined = q.status === 'declined' ? events.find((e) => e.action === 'decline') : undefined;
  const answerLabel = q.status === 'quoted' ? 'Revise Quote' : 'Send Quote';
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row">
        {q.design?.imageUrl && (
          <img
            src={q.design.imageUrl}
            alt={`${q.design.occasion} cake design`}
            loading="lazy"
            className="size-28 shrink-0 rounded-xl bg-cream-200 object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold">
              {b.occasion} · {q.customerName}
            </h3>
            <Badge variant={isOpenQuote(q.status) ? 'default' : 'outline'}>{STATUS_LABEL[q.status]}</Badge>
          </div>
          <p className="text-sm text-cocoa-600">
            {formatDayKey(b.eventDate)} at {b.eventTime} ·{' '}
            {b.kind === 'event'
              ? `${fulfillmentLabel(b)}: ${b.venueAddress}`
              : b.fulfillment === 'delivery'
                ? `Delivery to ${b.deliveryAddress ?? ''}`
                : 'Pickup'}
          </p>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-cocoa-700 sm:grid-cols-2">
            {b.kind === 'event' ? (
              <>
                <div>
                  <dt className="inline font-medium">Booking: </dt>
                  <dd className="inline">{briefTitle(b)}</dd>
                </div>
                {b.packageName && (
                  <div>
                    <dt className="inline font-medium">Package: </dt>
                    <dd className="inline">{b.packageName}</dd>
                  </div>
                )}
              </>
            ) : (
              <div>
                <dt className="inline font-medium">Cake: </dt>
                <dd className="inline">
                  {b.flavor}, {b.size}, serves {b.servings}
                </dd>
              </div>
            )}
            {(b.budgetMinCents !== undefined || b.budgetMaxCents !== undefined) && (
              <div>
                <dt className="inline font-medium">Budget: </dt>
                <dd className="inline">
                  {[b.budgetMinCents, b.budgetMaxCents]
                    .filter((c) => c !== undefined)
                    .map((c) => formatCents(c))
                    .join(' – ')}
                </dd>
              </div>
            )}
            {b.kind === 'cake' && b.allergies && (
              <div>
                <dt className="inline font-medium">Allergies: </dt>
                <dd className="inline">{b.allergies}</dd>
              </div>
            )}
            {b.kind === 'cake' && b.dietary.length > 0 && (
              <div>
                <dt className="inline font-medium">Dietary: </dt>
                <dd className="inline">{b.dietary.map(dietaryLabel).join(', ')}</dd>
              </div>
            )}
          </dl>
          {/* Said before the vendor prices it: the size asked for may not feed everyone. */}
          {isOpenQuote(q.status) && <ServingsNote brief={b} reader="vendor" className="mt-3 w-fit" />}
          {b.notes && <p className="mt-2 text-sm text-cocoa-600">“{b.notes}”</p>}
          {q.status === 'change_requested' && lastChange && (
            <p className="mt-3 rounded-xl bg-gold-100 p-3 text-sm text-cocoa-800">
              The customer asks: “{lastChange.message}”
              {lastChange.targetPriceCents !== null &&
                ` (hoping for ${formatCents(lastChange.targetPriceCents)})`}
            </p>
          )}
          {q.priceCents !== null && (
            <p
              ref={focusTarget(`quoted-${q.revision}`)}
              tabIndex={-1}
              className="mt-3 w-fit rounded-md text-sm text-cocoa-700"
            >
              Your quote: <strong>{formatCents(q.totalCents ?? q.priceCents)}</strong>
              {q.validUntil && ` · valid until ${formatDateTime(q.validUntil)}`}
            </p>
          )}
          {declined && (
            <p
              ref={focusTarget('declined')}
              tabIndex={-1}
              className="mt-3 w-fit rounded-md text-sm text-cocoa-700"
            >
              You declined this request{declined.message ? `: “${declined.message}”` : '.'}
            </p>
          )}
          {q.events.length > 1 && (
            <details className="group mt-3">
              <summary
                aria-label={forRequest(`History (${q.events.length})`, q)}
                className="w-fit cursor-pointer text-sm font-medium text-rose-600 hover:underline"
              >
                History ({q.events.length})
              </summary>
              <QuoteThread
                events={q.events}
                viewer="vendor"
                vendorName={q.vendor.businessName}
                label={`History with ${q.customerName}`}
                className="mt-3"
              />
            </details>
          )}
        </div>
      </div>
      {isOpenQuote(q.status) && mode === null && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            size="sm"
            ref={focusTarget('answer')}
            aria-label={forRequest(answerLabel, q)}
            onClick={() => open('answer')}
          >
            {answerLabel}
          </Button>
          <Button
            size="sm"
            variant="outline"
            ref={focusTarget('decline')}
            aria-label={forRequest('Decline', q)}
            onClick={() => open('decline')}
          >
            Decline
          </Button>
        </div>
      )}
      {mode === 'answer' && (
        <AnswerForm
          quote={q}
          firstField={focusTarget('form')}
          onCancel={() => close('answer')}
          onDone={(revision) => close(`quoted-${revision}`)}
        />
      )}
      {mode === 'decline' && (
        <DeclineForm
          quote={q}
          firstField={focusTarget('form')}
          onCancel={() => close('decline')}
          onDone={() => close('declined')}
        />
      )}
    </Card>
  );
}
