import { useState } from 'react';
import { toast } from 'sonner';
import { parseDollars } from '../../../shared/money.ts';
import {
  PACKAGE_DESCRIPTION_MAX,
  PACKAGE_NAME_MAX,
  packageInputSchema,
  type VendorPackage,
} from '../../../shared/schemas/packages.ts';
import { Button } from '../../components/ui/button.tsx';
import { InputField, TextareaField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSavePackage } from './api.ts';

/** The request's field each of the form's fields makes (what the schema's and the server's errors name). */
const FIELD = { name: 'name', price: 'priceCents', description: 'description' } as const;
type FormValues = Record<keyof typeof FIELD, string>;

const valuesOf = (p: VendorPackage | undefined): FormValues => ({
  name: p?.name ?? '',
  price: p ? String(p.priceCents / 100) : '',
  description: p?.description ?? '',
});

/** The form's text as the request, checked by the request's own schema. */
function check(values: FormValues) {
  return packageInputSchema.safeParse({
    name: values.name,
    description: values.description,
    priceCents: parseDollars(values.price) ?? Number.NaN,
  });
}

/**
 * Adds a package, or changes `pkg`. Each field shows its own message and keeps what was typed when the
 * form or the server refuses it; once a message is shown, the fields are checked as they change.
 */
export function PackageForm({
  pkg,
  onDone,
  onCancel,
}: {
  pkg?: VendorPackage;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const save = useSavePackage();
  const [values, setValues] = useState(() => valuesOf(pkg));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checking, setChecking] = useState(false);
  const prefix = `package-${pkg?.id ?? 'new'}`;

  const messagesOf = (v: FormValues) => {
    const parsed = check(v);
    const fields: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
    return fields;
  };
  const field = (k: keyof FormValues) => ({
    id: `${prefix}-${k}`,
    value: values[k],
    onChange: (e: { target: { value: string } }) => {
      const next = { ...values, [k]: e.target.value };
      setValues(next);
      if (checking) setErrors(messagesOf(next));
    },
    error: errors[FIELD[k]],
  });

  const submit = () => {
    const parsed = check(values);
    setChecking(true);
    if (!parsed.success) {
      setErrors(messagesOf(values));
      // The first field with a message takes the focus, so a keyboard or screen reader user hears it.
      const first = (Object.keys(FIELD) as (keyof FormValues)[]).find((k) => messagesOf(values)[FIELD[k]]);
      if (first) document.getElementById(`${prefix}-${first}`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(
      { id: pkg?.id, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(pkg ? 'Package saved.' : 'Package added.');
          if (!pkg) {
            setValues(valuesOf(undefined));
            setChecking(false);
          }
          onDone();
        },
        onError: (err) => {
          if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
          else toast.error(err.message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-label={pkg ? `Edit ${pkg.name}` : 'Add a package'}
      className="grid gap-4 sm:grid-cols-[2fr_1fr]"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <InputField
        label="Package name"
        placeholder="4-hour coverage"
        maxLength={PACKAGE_NAME_MAX}
        {...field('name')}
      />
      <InputField
        label="Starting price ($)"
        inputMode="decimal"
        placeholder="1200"
        autoComplete="off"
        {...field('price')}
      />
      <div className="sm:col-span-2">
        <TextareaField
          label="What is included (optional)"
          rows={3}
          maxLength={PACKAGE_DESCRIPTION_MAX}
          {...field('description')}
        />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : pkg ? 'Save Package' : 'Add Package'}
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
