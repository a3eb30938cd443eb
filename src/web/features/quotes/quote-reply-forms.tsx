import { type RefCallback, useState } from 'react';
import { toast } from 'sonner';
import { parseDollars } from '../../../shared/money.ts';
import {
  quoteAnswerSchema,
  quoteDeclineSchema,
  type VendorQuoteView,
} from '../../../shared/schemas/quotes.ts';
import { addDays, vancouverDay, vancouverDayStart } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { InputField, TextareaField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { useQuoteReply } from './api.ts';
import { forRequest } from './brief-summary.tsx';

/** The answer's field each of the form's fields makes (what the server's errors name). */
const ANSWER_FIELD = {
  price: 'priceCents',
  fee: 'deliveryFeeCents',
  validDate: 'validUntil',
  includes: 'includes',
  message: 'message',
} as const;

/** What a reply form is told and gives back: its first field (focused when it opens), and how it ends. */
interface ReplyProps<Result> {
  quote: VendorQuoteView;
  firstField: RefCallback<HTMLElement>;
  onCancel: () => void;
  onDone: (result: Result) => void;
}

/**
 * The vendor's answer to a request (Send Quote), or a new price for a quote (Revise Quote); `onDone`
 * is given the quote's new revision.
 */
export function AnswerForm({ quote: q, firstField, onCancel, onDone }: ReplyProps<number>) {
  const { answer } = useQuoteReply(q.id);
  const defaultValid = vancouverDay(addDays(new Date(), 7));
  const [values, setValues] = useState({
    price: q.priceCents !== null ? String(q.priceCents / 100) : '',
    fee: q.deliveryFeeCents !== null ? String(q.deliveryFeeCents / 100) : '0',
    includes: q.includes ?? '',
    message: '',
    // The Vancouver day it is valid through (the instant is that day's last minute, in UTC the next day).
    validDate: q.validUntil ? vancouverDay(q.validUntil) : defaultValid,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** A field's id, value, change handler and error (the error of the answer's field it makes). */
  const field = (k: keyof typeof values) => ({
    id: `quote-${q.id}-${k}`,
    value: values[k],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value })),
    error: errors[ANSWER_FIELD[k]],
  });
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
      onSuccess: ({ revision }) => {
        toast.success('Quote sent to the customer.');
        onDone(revision);
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
      <InputField label="Price ($)" inputMode="decimal" ref={firstField} {...field('price')} />
      <InputField label="Delivery fee ($)" inputMode="decimal" {...field('fee')} />
      <InputField label="Valid until" type="date" {...field('validDate')} />
      <InputField label="What is included" {...field('includes')} />
      <div className="sm:col-span-2">
        <TextareaField label="Message to the customer (optional)" rows={3} {...field('message')} />
      </div>
      <ReplyButtons
        className="sm:col-span-2"
        quote={q}
        label={q.status === 'quoted' ? 'Send Revised Quote' : 'Send Quote'}
        pendingLabel="Sending..."
        pending={answer.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}

/** Declining a request, with the reason the customer reads. */
export function DeclineForm({ quote: q, firstField, onCancel, onDone }: ReplyProps<void>) {
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
      <TextareaField
        id={id}
        label="Why are you declining?"
        ref={firstField}
        error={error}
        rows={2}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <ReplyButtons
        variant="outline"
        quote={q}
        label="Decline Request"
        pendingLabel="Declining..."
        pending={decline.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}

/**
 * A reply form's submit button and Cancel. Several requests' forms may be open at once, so each
 * button's name also says whose request it answers (forRequest).
 */
function ReplyButtons({
  className,
  variant,
  quote,
  label,
  pendingLabel,
  pending,
  onCancel,
}: {
  className?: string;
  variant?: 'outline';
  quote: VendorQuoteView;
  label: string;
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className={cn('flex gap-2', className)}>
      <Button
        type="submit"
        size="sm"
        variant={variant}
        disabled={pending}
        aria-label={pending ? undefined : forRequest(label, quote)}
      >
        {pending ? pendingLabel : label}
      </Button>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-label={forRequest('Cancel', quote)}
        onClick={onCancel}
      >
        Cancel
      </Button>
    </div>
  );
}
