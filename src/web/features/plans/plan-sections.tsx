import { CalendarClock, CheckCircle2, Store } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { categoryLabel } from '../../../shared/catalog.ts';
import { formatCents } from '../../../shared/money.ts';
import { orderStatusLabel } from '../../../shared/order-status.ts';
import type { PlanView } from '../../../shared/schemas/plans.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { payTogetherPath } from '../payments/pay-together.tsx';
import { PlanDesign } from './plan-design.tsx';
import { budgetLeft, formatClock, formatInstantClock, timelineLine } from './format.ts';

type Category = PlanView['categories'][number];

const QUOTE_STATUS: Record<string, string> = {
  requested: 'Waiting for a quote',
  quoted: 'Quoted',
  change_requested: 'Change asked',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  closed: 'Closed',
};

/** The budget against what is booked and what is paid. */
export function PlanBudget({ plan }: { plan: PlanView }) {
  const rows = [
    ['Budget', formatCents(plan.budgetCents)],
    ['Booked', formatCents(plan.bookedCents)],
    ['Paid', formatCents(plan.paidCents)],
  ] as const;
  const over = plan.bookedCents > plan.budgetCents;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Budget</h2>
      <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-cream-100 p-3">
            <dt className="text-xs uppercase tracking-wide text-cocoa-500">{label}</dt>
            <dd className="mt-1 font-semibold text-cocoa-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className={over ? 'mt-3 text-sm font-medium text-rose-700' : 'mt-3 text-sm text-cocoa-600'}>
        {budgetLeft(plan)}
      </p>
    </Card>
  );
}

/** One kind of vendor of the plan: who is booked, or the quotes asked so far and how to ask. */
export function PlanCategory({ plan, category }: { plan: PlanView; category: Category }) {
  const headingId = `plan-${category.category}`;
  const { booking } = category;
  const quotes = category.requests.flatMap((r) => r.quotes.map((q) => ({ ...q, requestId: r.requestId })));
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-cream-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {category.label}
        </h3>
        {booking ? (
          <Badge>
            <CheckCircle2 className="mr-1 size-3.5" aria-hidden /> Booked
          </Badge>
        ) : (
          <Badge variant="outline">{quotes.length > 0 ? 'Quotes asked' : 'To book'}</Badge>
        )}
      </div>
      {booking ? (
        <div className="mt-3 space-y-1 text-sm text-cocoa-700">
          <p className="flex items-center gap-2 font-medium text-cocoa-900">
            <Store className="size-4 text-rose-500" aria-hidden /> {booking.businessName}
          </p>
          <p>
            {orderStatusLabel(booking.status)} · {formatCents(booking.amountCents)}
            {booking.paidCents > 0 && ` · ${formatCents(booking.paidCents)} paid`}
            {booking.at && ` · ${formatInstantClock(booking.at)}`}
          </p>
          <Link
            to={`/orders/${booking.orderId}`}
            className="inline-block font-medium text-rose-600 hover:underline"
            aria-label={`Open order ${booking.orderNumber} (${category.label})`}
          >
            Open order {booking.orderNumber}
          </Link>
        </div>
      ) : (
        <>
          {category.category === 'cakes' && <PlanDesign planId={plan.id} designId={plan.designId} />}
          {quotes.length > 0 && (
            <ul className="mt-3 divide-y divide-cream-200 text-sm">
              {quotes.map((q) => (
                <li key={q.quoteId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="font-medium text-cocoa-900">{q.businessName}</span>
                  <span className="text-cocoa-600">
                    {QUOTE_STATUS[q.status] ?? q.status}
                    {q.totalCents !== null && ` · ${formatCents(q.totalCents)}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            {category.requests[0] && (
              <Button asChild size="sm">
                <Link to={`/quotes/${category.requests[0].requestId}`}>
                  Compare quotes<span className="sr-only"> for {category.label}</span>
                </Link>
              </Button>
            )}
            <Button asChild size="sm" variant={category.requests.length > 0 ? 'outline' : 'default'}>
              <Link to={`/quotes/new?plan=${plan.id}&category=${category.category}`}>
                Request quotes<span className="sr-only"> for {category.label}</span>
              </Link>
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/** The booked orders still to pay: some or all of them in one payment. */
export function PlanPayment({ plan }: { plan: PlanView }) {
  const due = plan.categories.flatMap((c) =>
    c.booking && c.booking.dueNowCents > 0 ? [{ ...c.booking, label: c.label }] : [],
  );
  const [unticked, setUnticked] = useState<string[]>([]);
  if (due.length === 0) return null;
  const picked = due.filter((b) => !unticked.includes(b.orderId));
  const total = picked.reduce((sum, b) => sum + b.dueNowCents, 0);
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Pay your booked vendors</h2>
      <p className="mt-1 text-sm text-cocoa-600">
        One payment for the ones you tick; each vendor is paid only when you are satisfied.
      </p>
      <ul className="mt-3 space-y-2">
        {due.map((b) => (
          <li key={b.orderId}>
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-rose-500"
                checked={!unticked.includes(b.orderId)}
                onChange={(e) =>
                  setUnticked((u) =>
                    e.target.checked ? u.filter((id) => id !== b.orderId) : [...u, b.orderId],
                  )
                }
              />
              <span className="min-w-0 flex-1 break-words">
                {b.businessName} ({b.label})
              </span>
              <span className="font-medium">{formatCents(b.dueNowCents)}</span>
            </label>
          </li>
        ))}
      </ul>
      {picked.length > 0 ? (
        <Button asChild className="mt-4">
          <Link
            to={
              picked.length === 1
                ? `/orders/${picked[0]!.orderId}/pay`
                : payTogetherPath(picked.map((b) => b.orderId))
            }
          >
            Pay {formatCents(total)}
          </Link>
        </Button>
      ) : (
        <p className="mt-4 text-sm text-cocoa-600">Tick the orders to pay.</p>
      )}
    </Card>
  );
}

/** The day at the venue: each booked vendor's time, and when the event starts. */
export function PlanTimeline({ timeline, startTime }: { timeline: PlanView['timeline']; startTime: string }) {
  const startLine = {
    key: 'start',
    clock: formatClock(startTime),
    text: 'The event starts',
    sort: startTime,
  };
  const entries = [
    ...timeline.map((e, i) => ({
      key: `${e.orderId ?? i}`,
      clock: formatInstantClock(e.at),
      text: `${timelineLine(e)} (${categoryLabel(e.category)})`,
      sort: new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Vancouver',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(e.at)),
    })),
    startLine,
  ].sort((a, b) => a.sort.localeCompare(b.sort));
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <CalendarClock className="size-5 text-rose-500" aria-hidden /> The day
      </h2>
      {timeline.length === 0 && (
        <p className="mt-2 text-sm text-cocoa-600">Each vendor you book shows here at their time.</p>
      )}
      <ol className="mt-3 space-y-2">
        {entries.map((e) => (
          <li key={e.key} className="grid grid-cols-[5.5rem_1fr] gap-3 text-sm">
            <span className="font-semibold text-cocoa-900">{e.clock}</span>
            <span className="text-cocoa-700">{e.text}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
