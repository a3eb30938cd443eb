import { useState } from 'react';
import { toast } from 'sonner';
import { dietaryLabel } from '../../../shared/catalog.ts';
import { formatCents, parseDollars } from '../../../shared/money.ts';
import { isOpenQuote } from '../../../shared/quote-machine.ts';
import {
  quoteAnswerSchema,
  quoteDeclineSchema,
  type VendorQuoteView,
} from '../../../shared/schemas/quotes.ts';
import {
  addDays,
  formatDateTime,
  formatLongDate,
  vancouverDay,
  vancouverDayStart,
} from '../../../shared/time.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, fieldA11y } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useQuoteInbox, useQuoteReply } from './api.ts';

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
    <ul className="space-y-4">
      {inbox.data.map((q) => (
        <li key={q.id}>
          <QuoteCard quote={q} />
        </li>
      ))}
    </ul>
  );
}

function QuoteCard({ quote: q }: { quote: VendorQuoteView }) {
  const [mode, setMode] = useState<'answer' | 'decline' | null>(null);
  const b = q.brief;
  const lastChange = [...q.events].reverse().find((e) => e.action === 'askChange');
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
            {formatLongDate(vancouverDayStart(b.eventDate))} at {b.eventTime} ·{' '}
            {b.fulfillment === 'delivery' ? `Delivery to ${b.deliveryAddress ?? ''}` : 'Pickup'}
          </p>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-cocoa-700 sm:grid-cols-2">
            <div>
              <dt className="inline font-medium">Cake: </dt>
              <dd className="inline">
                {b.flavor}, {b.size}, serves {b.servings}
              </dd>
            </div>
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
            {b.allergies && (
              <div>
                <dt className="inline font-medium">Allergies: </dt>
                <dd className="inline">{b.allergies}</dd>
              </div>
            )}
            {b.dietary.length > 0 && (
              <div>
                <dt className="inline font-medium">Dietary: </dt>
                <dd className="inline">{b.dietary.map(dietaryLabel).join(', ')}</dd>
              </div>
            )}
          </dl>
          {b.notes && <p className="mt-2 text-sm text-cocoa-600">“{b.notes}”</p>}
          {q.status === 'change_requested' && lastChange && (
            <p className="mt-3 rounded-xl bg-gold-100 p-3 text-sm text-cocoa-800">
              The customer asks: “{lastChange.message}”
              {lastChange.targetPriceCents !== null &&
                ` (hoping for ${formatCents(lastChange.targetPriceCents)})`}
            </p>
          )}
          {q.priceCents !== null && (
            <p className="mt-3 text-sm text-cocoa-700">
              Your quote: <strong>{formatCents(q.totalCents ?? q.priceCents)}</strong>
              {q.validUntil && ` · valid until ${formatDateTime(q.validUntil)}`}
            </p>
          )}
        </div>
      </div>
      {isOpenQuote(q.status) && mode === null && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setMode('answer')}>
            {q.status === 'quoted' ? 'Revise Quote' : 'Send Quote'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setMode('decline')}>
            Decline
          </Button>
        </div>
      )}
      {mode === 'answer' && <AnswerForm quote={q} onDone={() => setMode(null)} />}
      {mode === 'decline' && <DeclineForm quote={q} onDone={() => setMode(null)} />}
    </Card>
  );
}

function AnswerForm({ quote: q, onDone }: { quote: VendorQuoteView; onDone: () => void }) {
  const { answer } = useQuoteReply(q.id);
  const defaultValid = vancouverDay(addDays(new Date(), 7));
  const [values, setValues] = useState({
    price: q.priceCents !== null ? String(q.priceCents / 100) : '',
    fee: q.deliveryFeeCents !== null ? String(q.deliveryFeeCents / 100) : '0',
    includes: q.includes ?? '',
    message: '',
    validDate: q.validUntil?.slice(0, 10) ?? defaultValid,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));
  const id = (k: string) => `quote-${q.id}-${k}`;
  const submit = () => {
    const input = {
      priceCents: parseDollars(values.price) ?? Number.NaN,
      deliveryFeeCents: parseDollars(values.fee) ?? 0,
      includes: values.includes,
      message: values.message,
      // Valid to the end of the chosen day in Vancouver.
      validUntil: /^\d{4}-\d{2}-\d{2}$/.test(values.validDate)
        ? new Date(addDays(vancouverDayStart(values.validDate), 1).getTime() - 60_000).toISOString()
        : '',
    };
    const parsed = quoteAnswerSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      return setErrors(fields);
    }
    setErrors({});
    answer.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Quote sent to the customer.');
        onDone();
      },
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
        else toast.error(err.message);
      },
    });
  };
  return (
    <form
      noValidate
      className="mt-4 grid gap-4 border-t border-cocoa-900/10 pt-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field id={id('price')} label="Price ($)" error={errors.priceCents}>
        <Input
          inputMode="decimal"
          value={values.price}
          onChange={set('price')}
          {...fieldA11y(id('price'), errors.priceCents)}
        />
      </Field>
      <Field id={id('fee')} label="Delivery fee ($)" error={errors.deliveryFeeCents}>
        <Input
          inputMode="decimal"
          value={values.fee}
          onChange={set('fee')}
          {...fieldA11y(id('fee'), errors.deliveryFeeCents)}
        />
      </Field>
      <Field id={id('valid')} label="Valid until" error={errors.validUntil}>
        <Input
          type="date"
          value={values.validDate}
          onChange={set('validDate')}
          {...fieldA11y(id('valid'), errors.validUntil)}
        />
      </Field>
      <Field id={id('includes')} label="What is included" error={errors.includes}>
        <Input
          value={values.includes}
          onChange={set('includes')}
          {...fieldA11y(id('includes'), errors.includes)}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field id={id('message')} label="Message to the customer (optional)" error={errors.message}>
          <Textarea
            rows={3}
            value={values.message}
            onChange={set('message')}
            {...fieldA11y(id('message'), errors.message)}
          />
        </Field>
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={answer.isPending}>
          {answer.isPending ? 'Sending...' : q.status === 'quoted' ? 'Send Revised Quote' : 'Send Quote'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeclineForm({ quote: q, onDone }: { quote: VendorQuoteView; onDone: () => void }) {
  const { decline } = useQuoteReply(q.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const id = `quote-${q.id}-reason`;
  return (
    <form
      noValidate
      className="mt-4 space-y-3 border-t border-cocoa-900/10 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = quoteDeclineSchema.safeParse({ reason });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message);
        setError(undefined);
        decline.mutate(parsed.data.reason, {
          onSuccess: () => {
            toast.success('Request declined. The customer has been told why.');
            onDone();
          },
          onError: (err) => {
            if (err instanceof ApiError && err.fields.reason) setError(err.fields.reason);
            else toast.error(err.message);
          },
        });
      }}
    >
      <Field id={id} label="Why are you declining?" error={error}>
        <Textarea
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...fieldA11y(id, error)}
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="outline" disabled={decline.isPending}>
          {decline.isPending ? 'Declining...' : 'Decline Request'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
