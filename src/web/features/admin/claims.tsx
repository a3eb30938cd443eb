import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatCents, parseDollars } from '../../../shared/money.ts';
import type { ClaimsQueue } from '../../../shared/schemas/claims.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, fieldA11y } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { reconciliationQueryKey } from './reconciliation.tsx';

type Item = ClaimsQueue['open'][number];
type Outcome = 'release' | 'refund' | 'partial';

const useClaimsQueue = () =>
  useQuery({ queryKey: ['admin', 'claims'], queryFn: () => api<ClaimsQueue>('/api/admin/claims') });

/** The claims queue: open satisfaction claims, oldest first, each resolved with an outcome and a note. */
export function Claims() {
  const queue = useClaimsQueue();
  if (queue.isPending) return <Spinner label="Loading claims" className="py-10" />;
  if (queue.isError)
    return <LoadError message={queue.error.message} onRetry={() => void queue.refetch()} className="p-6" />;
  const { open, recent } = queue.data;
  return (
    <div className="space-y-8">
      {open.length === 0 ? (
        <Card className="p-8 text-center text-cocoa-600">
          No open claims. Nothing is waiting for a decision.
        </Card>
      ) : (
        <ul className="space-y-4" aria-label="Open claims">
          {open.map((c) => (
            <li key={c.id}>
              <OpenClaim item={c} />
            </li>
          ))}
        </ul>
      )}
      {recent.length > 0 && (
        <section aria-labelledby="recent-claims">
          <h3 id="recent-claims" className="text-lg font-semibold">
            Recently closed
          </h3>
          <ul className="mt-2 divide-y divide-cocoa-900/5 rounded-2xl bg-white text-sm">
            {recent.map((c) => (
              <li key={c.id} className="flex flex-wrap justify-between gap-2 px-4 py-3">
                <span className="font-medium">{c.orderNumber}</span>
                <span className="text-cocoa-600">
                  {c.status === 'withdrawn'
                    ? 'Withdrawn by the customer'
                    : c.outcome === 'release'
                      ? 'Released to the vendor'
                      : `Refunded ${formatCents(c.refundCents ?? 0)}`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function OpenClaim({ item }: { item: Item }) {
  const qc = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>('release');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ refundCents?: string; note?: string }>({});
  const resolve = useMutation({
    mutationFn: (body: { outcome: Outcome; refundCents?: number; note: string }) =>
      api<{ refundCents: number }>(`/api/admin/claims/${item.id}/resolution`, { method: 'POST', json: body }),
    onSuccess: () => {
      toast.success(`Claim on ${item.orderNumber} resolved. Both sides were e-mailed.`);
      void qc.invalidateQueries({ queryKey: ['admin', 'claims'] });
      // The decision moves the order's money and closes a claim: the reconciliation changes too.
      void qc.invalidateQueries({ queryKey: reconciliationQueryKey });
    },
    onError: (err) => {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
      else toast.error(err.message);
    },
  });
  const id = (name: string) => `claim-${item.id}-${name}`;
  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">
          {item.orderNumber} · {item.vendorName}
        </h3>
        <p className="text-sm text-cocoa-600">
          {item.customerName} · opened {formatDateTime(item.createdAt)} · {formatCents(item.heldCents)} held
        </p>
      </div>
      <blockquote className="border-l-2 border-rose-300 pl-3 text-cocoa-800">“{item.description}”</blockquote>
      {item.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Photos for ${item.orderNumber}`}>
          {item.photos.map((p, i) => (
            <li key={p.url}>
              <a href={p.url} target="_blank" rel="noreferrer">
                <img
                  src={p.thumbUrl}
                  alt={`The problem, ${i + 1} of ${item.photos.length}`}
                  width={p.width}
                  height={p.height}
                  loading="lazy"
                  className="h-20 w-auto rounded-lg object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-cocoa-700">
        <span className="font-semibold">Vendor’s answer:</span>{' '}
        {item.vendorResponse ? `“${item.vendorResponse}”` : 'none yet'}
      </p>
      <form
        noValidate
        className="space-y-4 border-t border-cocoa-900/10 pt-4"
        onSubmit={(e) => {
          e.preventDefault();
          const next: typeof errors = {};
          let refundCents: number | undefined;
          if (outcome === 'partial') {
            refundCents = parseDollars(amount);
            if (refundCents === undefined || refundCents <= 0)
              next.refundCents = 'Enter the amount to refund.';
            else if (refundCents > item.heldCents)
              next.refundCents = `A refund can be at most the ${formatCents(item.heldCents)} held.`;
          }
          if (!note.trim()) next.note = 'Tell both sides why.';
          setErrors(next);
          if (next.refundCents || next.note) return;
          resolve.mutate({ outcome, ...(refundCents !== undefined && { refundCents }), note: note.trim() });
        }}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-cocoa-700">Resolution</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {(
              [
                ['release', 'Release to the vendor'],
                ['refund', `Full refund (${formatCents(item.heldCents)})`],
                ['partial', 'Partial refund'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={id('outcome')}
                  value={value}
                  checked={outcome === value}
                  onChange={() => setOutcome(value)}
                  className="accent-rose-600"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {outcome === 'partial' && (
          <Field id={id('amount')} label="Refund amount ($)" error={errors.refundCents}>
            <Input
              inputMode="decimal"
              className="max-w-48"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              {...fieldA11y(id('amount'), errors.refundCents)}
            />
          </Field>
        )}
        <Field id={id('note')} label="Note to both sides" error={errors.note}>
          <Textarea
            rows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            {...fieldA11y(id('note'), errors.note)}
          />
        </Field>
        <Button type="submit" disabled={resolve.isPending}>
          {resolve.isPending ? 'Resolving...' : 'Resolve Claim'}
        </Button>
      </form>
    </Card>
  );
}
