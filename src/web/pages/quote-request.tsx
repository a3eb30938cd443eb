import { useState } from 'react';
import { categoryLabel } from '../../shared/catalog.ts';
import { briefTitle } from '../../shared/quote-brief.ts';
import { Link, useParams } from 'react-router';
import { formatDayKey } from '../../shared/time.ts';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useQuoteRequest } from '../features/quotes/api.ts';
import type { AcceptedOrder } from '../features/quotes/comparison/accept-dialog.tsx';
import { ServingsNote } from '../features/quotes/brief-summary.tsx';
import { QuoteColumn } from '../features/quotes/comparison/quote-column.tsx';

export default function QuoteRequestPage() {
  return <RequireAuth need="customer">{() => <QuoteComparison />}</RequireAuth>;
}

/** One request's quotes side by side: price, what is included, delivery fee, validity, rating, response time. */
function QuoteComparison() {
  const { id = '' } = useParams();
  const request = useQuoteRequest(id);
  // The order accepting made here, before the request reloads as accepted.
  const [accepted, setAccepted] = useState<AcceptedOrder | null>(null);
  if (request.isPending) return <Spinner label="Loading your quotes" className="flex justify-center py-32" />;
  if (request.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-24">
        <LoadError message={request.error.message} onRetry={() => void request.refetch()} />
      </div>
    );
  const r = request.data;
  const chosen = r.quotes.find((q) => q.id === accepted?.quoteId || q.status === 'accepted');
  const awaitingPayment = accepted !== null || chosen?.orderStatus === 'pending';
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/quotes" className="text-sm font-medium text-rose-600 hover:underline">
        ← My Quotes
      </Link>
      <h1 className="mt-2 text-4xl font-semibold">
        {r.brief.kind === 'event' ? categoryLabel(r.brief.category) : `${r.brief.occasion} cake`} ·{' '}
        {formatDayKey(r.brief.eventDate)}
      </h1>
      <p className="mt-2 text-cocoa-600">
        {r.brief.kind === 'event'
          ? `${briefTitle(r.brief)} · ${r.brief.eventTime} at ${r.brief.venueAddress}`
          : `${r.brief.flavor}, ${r.brief.size}, serves ${r.brief.servings} · ${
              r.brief.fulfillment === 'delivery' ? `delivery to ${r.brief.deliveryAddress ?? ''}` : 'pickup'
            }`}
      </p>
      <ServingsNote brief={r.brief} className="mt-3 w-fit" />
      {chosen && (
        <p className="mt-4 rounded-2xl bg-sage-100 p-4 text-sage-700">
          {awaitingPayment ? (
            `You accepted ${chosen.vendor.businessName}’s quote. Pay for your order to confirm it.`
          ) : (
            <>
              You accepted {chosen.vendor.businessName}’s quote: your order is in{' '}
              <Link to="/customer-dashboard-original" className="font-semibold underline">
                your orders
              </Link>
              .
            </>
          )}
        </p>
      )}
      <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Quotes">
        {r.quotes.map((q) => (
          <li key={q.id}>
            <QuoteColumn
              quote={q}
              request={r}
              open={r.status === 'open' && accepted === null}
              accepted={accepted?.quoteId === q.id ? accepted : null}
              onAccepted={setAccepted}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
