import { zodResolver } from '@hookform/resolvers/zod';
import { Layers, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { type FieldErrors, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { DIETARY_OPTIONS, FLAVORS, OCCASIONS, SIZES, type Occasion } from '../../../shared/catalog.ts';
import {
  DESIGN_LIMITS,
  DESIGN_REQUIRED_FIELDS,
  DESIGN_REQUIRED_MESSAGE,
  designFormSchema,
  type DesignFormInput,
  type DesignFormValues,
} from '../../../shared/schemas/designs.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, fieldA11y, InputField, SelectField } from '../../components/ui/field.tsx';
import { formFields } from '../../components/ui/form-fields.ts';
import { Options, Textarea } from '../../components/ui/input.tsx';
import { ChoiceGroup } from '../vendor-admin/choice-group.tsx';
import { useDesignQuota } from './api.ts';
import { QuotaLine } from './quota-line.tsx';

/** What the server said about a rejected request: its message and each field's own. */
export interface FormRejection {
  message: string;
  fields: Record<string, string>;
}

const EMPTY: DesignFormInput = {
  occasion: '',
  flavor: '',
  size: '',
  description: '',
  colors: '',
  dietary: [],
};
const FIELD_NAMES = Object.keys(EMPTY) as (keyof DesignFormInput)[];

/** The three required choices, each from the spec's list. */
const REQUIRED_SELECTS = [
  { name: 'occasion', label: 'Occasion', placeholder: 'Choose an occasion', options: OCCASIONS },
  { name: 'flavor', label: 'Flavor', placeholder: 'Choose a flavor', options: FLAVORS },
  { name: 'size', label: 'Size', placeholder: 'Choose a size', options: SIZES },
] as const;

const missingRequired = (errors: FieldErrors<DesignFormInput>) =>
  DESIGN_REQUIRED_FIELDS.some((f) => errors[f]);

/** The designer's form: the spec's lists, checked with the request's own schema before it is sent. */
export function DesignerForm({
  onGenerate,
  busy,
  blockedMessage,
  presetOccasion,
}: {
  onGenerate: (values: DesignFormValues, variations: 1 | 3) => Promise<FormRejection | void>;
  busy: boolean;
  blockedMessage: string | null;
  presetOccasion: Occasion | null;
}) {
  const { register, handleSubmit, formState, setError, control, getValues, setValue } = useForm<
    DesignFormInput,
    unknown,
    DesignFormValues
  >({ resolver: zodResolver(designFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = formState;
  const err = (k: keyof DesignFormInput) => errors[k]?.message;
  const field = formFields('design', register, errors);
  const description: unknown = useWatch({ control, name: 'description' });
  const descriptionLength = typeof description === 'string' ? description.length : 0;

  useEffect(() => {
    if (presetOccasion && !getValues('occasion')) setValue('occasion', presetOccasion);
  }, [presetOccasion, getValues, setValue]);

  const submit = async (values: DesignFormValues, variations: 1 | 3) => {
    const rejection = await onGenerate(values, variations);
    if (!rejection) return;
    for (const [field, message] of Object.entries(rejection.fields)) {
      if ((FIELD_NAMES as string[]).includes(field)) setError(field as keyof DesignFormInput, { message });
    }
    setError('root.server', { message: rejection.message });
  };

  const formMessage =
    errors.root?.server?.message ?? (missingRequired(errors) ? DESIGN_REQUIRED_MESSAGE : undefined);
  const { data: quota } = useDesignQuota();
  // With today's allowance used up the quota line says so, once; the buttons wait for tomorrow.
  const disabled = busy || isSubmitting || blockedMessage !== null || quota?.remaining === 0;

  return (
    <form
      noValidate
      aria-label="Design your cake"
      onSubmit={(e) => {
        const submitter = (e.nativeEvent as SubmitEvent).submitter;
        const variations = submitter?.getAttribute('value') === '3' ? 3 : 1;
        void handleSubmit((values) => submit(values, variations))(e);
      }}
      className="space-y-5"
    >
      {formMessage && (
        <p role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-sm font-semibold text-rose-700">
          {formMessage}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-3">
        {REQUIRED_SELECTS.map((s) => (
          <RequiredSelect key={s.name} {...s} error={err(s.name)} registration={register(s.name)} />
        ))}
      </div>
      <Field id="design-description" label="Description" error={err('description')}>
        <Textarea
          rows={4}
          maxLength={DESIGN_LIMITS.description}
          placeholder="e.g. Three tiers with sugar peonies, a touch of gold leaf and a cascade of roses"
          {...fieldA11y('design-description', err('description'))}
          {...register('description')}
        />
        <p className="text-right text-xs text-cocoa-500">
          {descriptionLength} / {DESIGN_LIMITS.description}
        </p>
      </Field>
      <InputField
        label="Colors"
        maxLength={DESIGN_LIMITS.colors}
        placeholder="e.g. Blush pink, gold"
        {...field('colors')}
      />
      <ChoiceGroup
        id="design-dietary"
        legend="Dietary"
        hint="Optional: the design shows them, and bakers see them when they quote."
        type="checkbox"
        options={DIETARY_OPTIONS}
        registration={register('dietary')}
        error={err('dietary')}
      />
      {blockedMessage && (
        <p role="status" className="rounded-xl bg-gold-100 px-4 py-3 text-sm font-medium text-cocoa-700">
          {blockedMessage}
        </p>
      )}
      <div className="flex flex-col gap-3 border-t border-cocoa-900/10 pt-5 sm:flex-row sm:items-center">
        <Button type="submit" name="variations" value="1" size="lg" disabled={disabled}>
          <Sparkles aria-hidden /> Generate Design
        </Button>
        <Button type="submit" name="variations" value="3" size="lg" variant="outline" disabled={disabled}>
          <Layers aria-hidden /> Generate 3 Variations
        </Button>
        <QuotaLine className="sm:ml-auto" />
      </div>
    </form>
  );
}

/** One of the three required choices, from the spec's list. */
function RequiredSelect({
  name,
  label,
  placeholder,
  options,
  error,
  registration,
}: {
  name: string;
  label: string;
  placeholder: string;
  options: readonly string[];
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const id = `design-${name}`;
  return (
    <SelectField id={id} label={label} error={error} aria-required {...registration}>
      <option value="">{placeholder}</option>
      <Options options={options} />
    </SelectField>
  );
}
