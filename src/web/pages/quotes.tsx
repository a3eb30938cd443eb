import { Link } from 'react-router';
import { formatCents } from '../../shared/money.ts';
import { formatDate, formatDayKey } from '../../shared/time.ts';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useMyQuoteRequests } from '../features/quotes/api.ts';

export default function QuotesPage() {
  return <RequireAuth need="customer">{() => <MyQuotes />}</RequireAuth>;
}

const REQUEST_STATUS = { open: 'Open', accepted: 'Accepted', closed: 'Closed' } as const;

/** The customer's quote requests, newest first, with how many vendors have answered and the lowest total. */
function MyQuotes() {
  const requests = useMyQuoteRequests();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-4xl font-semibold">My Quotes</h1>
        <Button asChild variant="outline">
          <Link to="/browse-vendors">Find vendors</Link>
        </Button>
      </div>
      <div className="mt-8">
        {requests.isPending ? (
          <Spinner label="Loading your quotes" />
        ) : requests.isError ? (
          <LoadError message={requests.error.message} onRetry={() => void requests.refetch()} />
        ) : requests.data.length === 0 ? (
          <Card className="p-10 text-center text-cocoa-600">
            No quote requests yet. Open a vendor’s page and press Request a Quote.
          </Card>
        ) : (
          <ul className="space-y-3">
            {requests.data.map((r) => {
              const totals = r.quotes.flatMap((q) => (q.totalCents === null ? [] : [q.totalCents]));
              const answered = r.quotes.filter((q) => q.priceCents !== null).length;
              return (
                <li key={r.id}>
                  <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                    <div>
                      <p className="font-semibold">
                        <Link to={`/quotes/${r.id}`} className="hover:underline">
                          {r.brief.occasion} cake · {formatDayKey(r.brief.eventDate)}
                        </Link>
                      </p>
                      <p className="text-sm text-cocoa-600">
                        {REQUEST_STATUS[r.status]} · {answered} of {r.quotes.length}{' '}
                        {r.quotes.length === 1 ? 'vendor' : 'vendors'} answered
                        {totals.length > 0 && ` · from ${formatCents(Math.min(...totals))}`} · sent{' '}
                        {formatDate(r.createdAt)}
                      </p>
                    </div>
                    <Button asChild size="sm">
                      <Link to={`/quotes/${r.id}`}>Compare Quotes</Link>
                    </Button>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
