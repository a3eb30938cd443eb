import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { parseDollars } from '../../../../shared/money.ts';
import { quoteRequestInputSchema } from '../../../../shared/schemas/quotes.ts';
import { ApiError } from '../../../lib/api.ts';
import { useCreateQuoteRequest } from '../api.ts';

/** The brief as typed: text fields, turned into the request's shape (cents, optional parts) on sending. */
const EMPTY = {
  occasion: '',
  flavor: '',
  size: '',
  servings: '',
  fulfillment: 'pickup',
  eventDate: '',
  eventTime: '12:00',
  deliveryAddress: '',
  budgetMin: '',
  budgetMax: '',
  allergies: '',
  notes: '',
  designId: '',
};
export type QuoteFormValues = typeof EMPTY;

/** Where the error of a field is, when it is not the brief field of its name. */
const ERROR_PATH: Partial<Record<keyof QuoteFormValues, string>> = {
  budgetMin: 'brief.budgetMinCents',
  budgetMax: 'brief.budgetMaxCents',
  designId: 'designId',
};

/**
 * Request a Quote's state: the brief, the dietary needs, the vendors chosen (the one the customer came
 * from first) and the errors, keyed by the request's paths (`brief.flavor`, `vendorIds.1`). Sending
 * checks with the shared schema first; a refusal keeps everything typed.
 */
export function useQuoteRequestForm({ fromVendor, designId }: { fromVendor: string; designId: string }) {
  const navigate = useNavigate();
  const create = useCreateQuoteRequest();
  const [values, setValues] = useState<QuoteFormValues>({ ...EMPTY, designId });
  const [dietary, setDietary] = useState<string[]>([]);
  const [chosen, setChosen] = useState<string[]>(fromVendor ? [fromVendor] : []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof QuoteFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = () => {
    const input = {
      vendorIds: chosen,
      ...(values.designId && { designId: values.designId }),
      brief: {
        occasion: values.occasion,
        flavor: values.flavor,
        size: values.size,
        servings: values.servings,
        fulfillment: values.fulfillment,
        eventDate: values.eventDate,
        eventTime: values.eventTime,
        ...(values.fulfillment === 'delivery' && { deliveryAddress: values.deliveryAddress }),
        budgetMinCents: parseDollars(values.budgetMin),
        budgetMaxCents: parseDollars(values.budgetMax),
        ...(values.allergies.trim() && { allergies: values.allergies }),
        dietary,
        ...(values.notes.trim() && { notes: values.notes }),
      },
    };
    const parsed = quoteRequestInputSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setErrors(fields);
      toast.error('Please check the highlighted fields.');
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ requestId }) => {
        toast.success(
          chosen.length === 1
            ? 'Your request is on its way.'
            : `Your request is on its way to ${chosen.length} vendors.`,
        );
        void navigate(`/quotes/${requestId}`);
      },
      onError: (err) => {
        if (err instanceof ApiError) setErrors(err.fields);
        toast.error(err.message);
      },
    });
  };

  return {
    values,
    setValues,
    set,
    dietary,
    setDietary,
    chosen,
    setChosen,
    errors,
    /** A field's id, value, change handler and error, for InputField, SelectField and TextareaField. */
    field: (k: keyof QuoteFormValues) => ({
      id: `q-${k}`,
      value: values[k],
      onChange: set(k),
      error: errors[ERROR_PATH[k] ?? `brief.${k}`],
    }),
    /** A vendor's refusal is keyed by its place in the list sent. */
    vendorError: (id: string) => errors[`vendorIds.${chosen.indexOf(id)}`],
    submit,
    pending: create.isPending,
  };
}

export type QuoteRequestFormState = ReturnType<typeof useQuoteRequestForm>;
