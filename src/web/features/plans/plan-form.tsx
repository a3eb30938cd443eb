import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { VENDOR_CATEGORIES } from '../../../shared/catalog.ts';
import { parseDollars } from '../../../shared/money.ts';
import { EVENT_TYPES, type EventType, STARTING_CATEGORIES } from '../../../shared/plans.ts';
import { type PlanInput, planInputSchema } from '../../../shared/schemas/plans.ts';
import { Button } from '../../components/ui/button.tsx';
import { InputField, SelectField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { FieldError } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';

/** The plan as typed: the budget in dollars, the rest as the API names it. */
export interface PlanFormValues {
  type: EventType | '';
  title: string;
  eventDate: string;
  startTime: string;
  venueAddress: string;
  guests: string;
  /** Dollars as typed. */
  budgetCents: string;
  categories: string[];
}

export const emptyPlan: PlanFormValues = {
  type: '',
  title: '',
  eventDate: '',
  startTime: '16:00',
  venueAddress: '',
  guests: '',
  budgetCents: '',
  categories: [],
};

const toInput = (v: PlanFormValues) => ({
  ...v,
  budgetCents: parseDollars(v.budgetCents) ?? 0,
});

/** The plan's own schema, reading the form's text (dollars become cents before it reads them). */
const formSchema = z.preprocess((v: PlanFormValues) => toInput(v), planInputSchema);

/**
 * An event's details: its kind, name, day and start, venue, guests, budget and the vendors wanted.
 * Used to plan an event and to change one. A new plan's checklist follows its kind until the
 * customer ticks it themselves. Refusals (the schema's, the server's) show at their fields and keep
 * what was typed; focus goes to the first field to fix.
 */
export function PlanForm({
  initial = emptyPlan,
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
}: {
  initial?: PlanFormValues;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (input: PlanInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { control, register, handleSubmit, formState, setError, setValue, getFieldState } = useForm<
    PlanFormValues,
    unknown,
    PlanInput
  >({ resolver: zodResolver(formSchema), defaultValues: initial, shouldFocusError: false });
  const field = formFields('plan', register, formState.errors);
  const type = useWatch({ control, name: 'type' });
  const { submitCount } = formState;

  // A new plan's checklist starts from its kind, until the customer changes it.
  useEffect(() => {
    if (!type || getFieldState('categories').isDirty || initial.categories.length > 0) return;
    setValue('categories', [...STARTING_CATEGORIES[type]]);
  }, [type, setValue, getFieldState, initial.categories.length]);

  // After a send the schema or the server refused, the first field to fix takes the focus.
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (submitCount === 0 && refused === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, refused]);

  const send = handleSubmit(
    async (input) => {
      try {
        await onSubmit(input);
      } catch (err) {
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          for (const [path, message] of Object.entries(err.fields))
            setError(path.split('.')[0] as Path<PlanFormValues>, { type: 'server', message });
          setRefused((n) => n + 1);
        }
        toast.error(err instanceof Error ? err.message : 'Could not save the plan.');
      }
    },
    () => toast.error('Please check the highlighted fields.'),
  );
  const categoriesError = (formState.errors.categories as { message?: string } | undefined)?.message;

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void send(e)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Kind of event" {...field('type')}>
          <option value="">Choose…</option>
          {EVENT_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </SelectField>
        <InputField label="Name" placeholder="Emma & Liam’s wedding" maxLength={100} {...field('title')} />
        <InputField label="Date" type="date" {...field('eventDate')} />
        <InputField label="Start time" type="time" {...field('startTime')} />
      </div>
      <InputField
        label="Venue address"
        placeholder="1489 McRae Ave, Vancouver, BC V6H 1V1"
        autoComplete="street-address"
        maxLength={200}
        {...field('venueAddress')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Guests"
          type="number"
          inputMode="numeric"
          min={1}
          max={2000}
          {...field('guests')}
        />
        <InputField label="Budget (CAD)" inputMode="decimal" placeholder="15000" {...field('budgetCents')} />
      </div>
      <fieldset aria-describedby={categoriesError ? 'plan-categories-error' : undefined}>
        <legend className="text-sm font-medium text-cocoa-800">Vendors you need</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {VENDOR_CATEGORIES.map((c) => (
            <label key={c.value} className="flex items-center gap-3 text-sm text-cocoa-700">
              <input
                type="checkbox"
                value={c.value}
                className="size-4 accent-rose-500"
                aria-invalid={categoriesError ? true : undefined}
                {...register('categories')}
              />
              {c.label}
            </label>
          ))}
        </div>
        <FieldError id="plan-categories-error" message={categoriesError} />
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? pendingLabel : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
