import { zodResolver } from '@hookform/resolvers/zod';
import { type RefObject, useEffect, useState } from 'react';
import { get, type Path, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { parseDollars } from '../../../../shared/money.ts';
import {
  type CakeBriefInput,
  type EventBriefInput,
  quoteRequestInputSchema,
  type QuoteRequestInput,
} from '../../../../shared/schemas/quotes.ts';
import { ApiError } from '../../../lib/api.ts';
import { useCreateQuoteRequest } from '../api.ts';

/**
 * The request as typed. Its fields carry the request's own names (`brief.flavor`), so the shared
 * schema's messages, and the server's, land on the field they are about; the budget is typed in
 * dollars under its cents' name and becomes cents before the schema reads it. A cake's fields and an
 * event vendor's sit side by side: `category` says which brief is sent, and what both ask for (the
 * occasion, the day, the budget, the notes) stays typed when the customer changes what it is for.
 */
export interface QuoteFormValues {
  vendorIds: string[];
  designId: string;
  brief: {
    /** 'cakes' for a cake's brief, or the event vendor's category. */
    category: string;
    occasion: string;
    flavor: string;
    size: string;
    servings: string;
    fulfillment: 'pickup' | 'delivery';
    eventDate: string;
    eventTime: string;
    deliveryAddress: string;
    venueAddress: string;
    guests: string;
    /** The name of the vendor's package, '' for "Not sure yet". */
    packageName: string;
    /** Dollars as typed. */
    budgetMinCents: string;
    /** Dollars as typed. */
    budgetMaxCents: string;
    allergies: string;
    dietary: string[];
    notes: string;
  };
}
export type BriefField = keyof QuoteFormValues['brief'];

export const emptyBrief: QuoteFormValues['brief'] = {
  category: 'cakes',
  occasion: '',
  flavor: '',
  size: '',
  servings: '',
  fulfillment: 'pickup',
  eventDate: '',
  eventTime: '12:00',
  deliveryAddress: '',
  venueAddress: '',
  guests: '',
  packageName: '',
  budgetMinCents: '',
  budgetMaxCents: '',
  allergies: '',
  dietary: [],
  notes: '',
};

/** The typed form as the request it sends: cents for dollars, and only the parts that were filled. */
function toRequest(v: QuoteFormValues): QuoteRequestInput {
  const b = v.brief;
  const shared = {
    occasion: b.occasion as CakeBriefInput['occasion'],
    eventDate: b.eventDate,
    eventTime: b.eventTime,
    budgetMinCents: parseDollars(b.budgetMinCents),
    budgetMaxCents: parseDollars(b.budgetMaxCents),
    ...(b.notes.trim() && { notes: b.notes }),
  };
  if (b.category !== 'cakes')
    return {
      vendorIds: v.vendorIds,
      brief: {
        ...shared,
        kind: 'event',
        category: b.category as EventBriefInput['category'],
        venueAddress: b.venueAddress,
        guests: b.guests,
        ...(b.packageName && { packageName: b.packageName }),
      },
    };
  return {
    vendorIds: v.vendorIds,
    ...(v.designId && { designId: v.designId }),
    brief: {
      ...shared,
      kind: 'cake',
      flavor: b.flavor as CakeBriefInput['flavor'],
      size: b.size as CakeBriefInput['size'],
      servings: b.servings,
      fulfillment: b.fulfillment,
      ...(b.fulfillment === 'delivery' && { deliveryAddress: b.deliveryAddress }),
      ...(b.allergies.trim() && { allergies: b.allergies }),
      dietary: b.dietary as CakeBriefInput['dietary'],
    },
  };
}

/** The request's own schema, reading the form's text. */
const formSchema = z.preprocess((v: QuoteFormValues) => toRequest(v), quoteRequestInputSchema);

/**
 * Request a Quote's form: the brief, the vendors chosen (the one the customer came from first) and a
 * saved design. Send Request is always there to press: sending checks with the shared schema, shows
 * each message at its field and moves focus to the first field to fix; a refusal (the server's, or a
 * vendor who cannot take the date) keeps everything typed. From an event plan, the request goes to the
 * plan and the customer goes back to it.
 */
export function useQuoteRequestForm({
  fromVendor,
  designId,
  brief,
  planId,
  formRef,
}: {
  fromVendor: string;
  designId: string;
  /** What the form starts with (the category, and what an event plan fills in). */
  brief: Partial<QuoteFormValues['brief']>;
  /** The event plan the request is for ('' for none). */
  planId: string;
  /** The form element, whose first invalid field takes the focus. */
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const navigate = useNavigate();
  const create = useCreateQuoteRequest(planId);
  const form = useForm<QuoteFormValues, unknown, z.output<typeof quoteRequestInputSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      vendorIds: fromVendor ? [fromVendor] : [],
      designId,
      brief: { ...emptyBrief, ...brief },
    },
    // Focus goes to the first field to fix in the page's order (below), not in the order fields registered.
    shouldFocusError: false,
  });
  const { control, register, setValue, setError, formState, handleSubmit } = form;
  const { errors, submitCount, isSubmitted } = formState;
  const chosen = useWatch({ control, name: 'vendorIds' });
  const category = useWatch({ control, name: 'brief.category' });
  const fulfillment = useWatch({ control, name: 'brief.fulfillment' });
  const eventDate = useWatch({ control, name: 'brief.eventDate' });

  // After a check or a refusal has drawn its messages, the first field marked invalid takes the focus.
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (submitCount === 0 && refused === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, refused, formRef]);

  const setChosen = (update: (ids: string[]) => string[]) =>
    setValue('vendorIds', update(form.getValues('vendorIds')), { shouldValidate: isSubmitted });

  const send = handleSubmit(
    (input) => {
      if (create.isPending) return;
      create.mutate(input, {
        onSuccess: ({ requestId }) => {
          toast.success(
            input.vendorIds.length === 1
              ? 'Your request is on its way.'
              : `Your request is on its way to ${input.vendorIds.length} vendors.`,
          );
          void navigate(planId ? `/plans/${planId}` : `/quotes/${requestId}`);
        },
        onError: (err) => {
          if (err instanceof ApiError)
            for (const [path, message] of Object.entries(err.fields))
              setError(path as Path<QuoteFormValues>, { type: 'server', message });
          setRefused((n) => n + 1);
          toast.error(err.message);
        },
      });
    },
    () => toast.error('Please check the highlighted fields.'),
  );

  return {
    form,
    /** Sends the request (the form's onSubmit). */
    send,
    chosen,
    setChosen,
    /** 'cakes', or the event vendor's category the request is for. */
    category,
    fulfillment,
    eventDate,
    errors,
    /** A brief field's id, error and registration, for InputField, SelectField and TextareaField. */
    field: (name: BriefField) => ({
      id: `q-${name}`,
      error: (get(errors, `brief.${name}`) as { message?: string } | undefined)?.message,
      ...register(`brief.${name}`),
    }),
    /** A vendor's refusal is keyed by its place in the list sent. */
    vendorError: (id: string) =>
      (get(errors, `vendorIds.${chosen.indexOf(id)}`) as { message?: string } | undefined)?.message,
    /** "Choose at least one vendor." and the like, about the list as a whole. */
    vendorsError: (errors.vendorIds as { message?: string } | undefined)?.message,
    pending: create.isPending,
  };
}

export type QuoteRequestFormState = ReturnType<typeof useQuoteRequestForm>;
