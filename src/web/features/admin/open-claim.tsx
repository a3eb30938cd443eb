import { useState } from 'react';
import { toast } from 'sonner';
import { formatCents, parseDollars } from '../../../shared/money.ts';
import type { ClaimsQueue } from '../../../shared/schemas/claims.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { InputField, TextareaField } from '../../components/ui/field.tsx';
import { PhotoStrip, storedPhotos } from '../../components/ui/photo-strip.tsx';
import { ApiError } from '../../lib/api.ts';
import { type ClaimResolution, useResolveClaim } from './api.ts';

type Item = ClaimsQueue['open'][number];
type Outcome = ClaimResolution['outcome'];

/** An open claim: what the customer and the vendor said, and the admin's decision with a note to both. */
export function OpenClaim({ item }: { item: Item }) {
  const [outcome, setOutcome] = useState<Outcome>('release');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ refundCents?: string; note?: string }>({});
  const resolve = useResolveClaim(item.id);
  const decide = (body: ClaimResolution) =>
    resolve.mutate(body, {
      onSuccess: () => toast.success(`Claim on ${item.orderNumber} resolved. Both sides were e-mailed.`),
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
      <PhotoStrip
        label={`Photos for ${item.orderNumber}`}
        photos={storedPhotos(item.photos, (i, n) => `The problem, ${i + 1} of ${n}`)}
      />
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
          decide({ outcome, ...(refundCents !== undefined && { refundCents }), note: note.trim() });
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
          <InputField
            id={id('amount')}
            label="Refund amount ($)"
            error={errors.refundCents}
            inputMode="decimal"
            className="max-w-48"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
        <TextareaField
          id={id('note')}
          label="Note to both sides"
          error={errors.note}
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <Button type="submit" disabled={resolve.isPending}>
          {resolve.isPending ? 'Resolving...' : 'Resolve Claim'}
        </Button>
      </form>
    </Card>
  );
}
