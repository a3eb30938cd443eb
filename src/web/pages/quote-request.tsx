import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { formatCents, parseDollars } from '../../shared/money.ts';
import type { QuoteView } from '../../shared/schemas/quotes.ts';
import { quoteChangeSchema } from '../../shared/schemas/quotes.ts';
import { formatDateTime, formatDayKey } from '../../shared/time.ts';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { InputField, TextareaField } from '../components/ui/field.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { ApiError } from '../lib/api.ts';
import { useQuoteDecision, useQuoteRequest } from '../features/quotes/api.ts';
import { QuoteThread } from '../features/quotes/quote-thread.tsx';

export default function QuoteRequestPage() {
  return <RequireAuth need="customer">{() => <QuoteComparison />}</RequireAuth>;
}

const STATUS: Record<QuoteView['status'], string> = {
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

/** One request's quotes side by side: price, what is included, delivery fee, validity, rating, response time. */
function QuoteComparison() {
  const { id = '' } = useParams();
  const request = useQuoteRequest(id);
  if (request.isPending) return <Spinner label="Loading your quotes" className="flex justify-center py-32" />;
  if (request.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-24">
        <LoadError message={request.error.message} onRetry={() => void request.refetch()} />
      </div>
    );
  const r = request.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/quotes" className="text-sm font-medium text-rose-600 hover:underline">
        ← My Quotes
      </Link>
      <h1 className="mt-2 text-4xl font-semibold">
        {r.brief.occasion} cake · {formatDayKey(r.brief.eventDate)}
      </h1>
      <p className="mt-2 text-cocoa-600">
        {r.brief.flavor}, {r.brief.size}, serves {r.brief.servings} ·{' '}
        {r.brief.fulfillment === 'delivery' ? `delivery to ${r.brief.deliveryAddress ?? ''}` : 'pickup'}
      </p>
      {r.status === 'accepted' && (
        <p className="mt-4 rounded-2xl bg-sage-100 p-4 text-sage-700">
          You accepted a quote: your order is in{' '}
          <Link to="/customer-dashboard-original" className="font-semibold underline">
            your orders
          </Link>
          .
        </p>
      )}
      <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Quotes">
        {r.quotes.map((q) => (
          <li key={q.id}>
            <QuoteColumn quote={q} requestId={r.id} open={r.status === 'open'} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function QuoteColumn({ quote: q, requestId, open }: { quote: QuoteView; requestId: string; open: boolean }) {
  const navigate = useNavigate();
  const { accept, change } = useQuoteDecision(requestId, q.id);
  const [asking, setAsking] = useState(false);
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-xl font-semibold">
          <Link to={`/vendor/${q.vendor.id}`} className="hover:underline">
            {q.vendor.businessName}
          </Link>
        </h2>
        <Badge variant={q.status === 'quoted' || q.status === 'accepted' ? 'default' : 'outline'}>
          {STATUS[q.status]}
        </Badge>
      </div>
      <p className="text-sm text-cocoa-500">
        ★ {q.vendor.rating.toFixed(1)} ({q.vendor.reviewCount}) · {responseTime(q.vendor.responseTimeMinutes)}
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
      />
      {open && q.status === 'quoted' && !asking && (
        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          <Button
            disabled={accept.isPending}
            onClick={() =>
              accept.mutate(q.revision, {
                onSuccess: ({ orderId, orderNumber }) => {
                  toast.success(`Quote accepted. Your order ${orderNumber} is waiting for payment.`);
                  // Straight to paying: the vendor starts once the money is held.
                  void navigate(`/orders/${orderId}/pay`);
                },
                // Revised or no longer possible: the quotes reload to show why.
                onError: (err) => toast.error(err.message),
              })
            }
          >
            {accept.isPending ? 'Accepting...' : 'Accept Quote'}
          </Button>
          <Button variant="outline" onClick={() => setAsking(true)}>
            Ask for a Change
          </Button>
        </div>
      )}
      {asking && (
        <ChangeForm
          pending={change.isPending}
          onCancel={() => setAsking(false)}
          onSend={(input, fail) =>
            change.mutate(input, {
              onSuccess: () => {
                toast.success(`${q.vendor.businessName} has your request for a change.`);
                setAsking(false);
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

function ChangeForm({
  pending,
  onCancel,
  onSend,
}: {
  pending: boolean;
  onCancel: () => void;
  onSend: (
    input: { message: string; targetPriceCents?: number | undefined },
    fail: (fields: Record<string, string>) => void,
  ) => void;
}) {
  const [message, setMessage] = useState('');
  const [target, setTarget] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      noValidate
      className="mt-5 space-y-3 border-t border-cocoa-900/10 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = quoteChangeSchema.safeParse({
          message,
          targetPriceCents: parseDollars(target),
        });
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
          return setErrors(fields);
        }
        setErrors({});
        onSend(parsed.data, setErrors);
      }}
    >
      <TextareaField
        id="change-message"
        label="What would you like changed?"
        error={errors.message}
        rows={3}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <InputField
        id="change-target"
        label="Price you hope for ($, optional)"
        error={errors.targetPriceCents}
        inputMode="decimal"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Sending...' : 'Send'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
