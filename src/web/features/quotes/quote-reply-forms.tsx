import { useState } from 'react';
import { toast } from 'sonner';
import { parseDollars } from '../../../shared/money.ts';
import {
  quoteAnswerSchema,
  quoteDeclineSchema,
  type VendorQuoteView,
} from '../../../shared/schemas/quotes.ts';
import { addDays, vancouverDay, vancouverDayStart } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, fieldA11y } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { useQuoteReply } from './api.ts';

/** The vendor's answer to a request (Send Quote), or a new price for a quote (Revise Quote). */
export function AnswerForm({ quote: q, onDone }: { quote: VendorQuoteView; onDone: () => void }) {
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

/** Declining a request, with the reason the customer reads. */
export function DeclineForm({ quote: q, onDone }: { quote: VendorQuoteView; onDone: () => void }) {
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
