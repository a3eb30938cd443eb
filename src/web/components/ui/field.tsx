import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { FieldError, Input, Label, NativeSelect, Textarea } from './input.tsx';

/** Props that tie an input to its label and error message. */
export const fieldA11y = (id: string, error?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type LabelledProps<P> = Omit<P, 'id'> & { id: string; label: string; error?: string | undefined };

/** A control in its Field: its label above, its error message below, both tied to it. */
function labelled<P extends object>(Control: ComponentType<P>) {
  return function LabelledControl({ id, label, error, ...props }: LabelledProps<P>) {
    return (
      <Field id={id} label={label} error={error}>
        <Control {...fieldA11y(id, error)} {...(props as P)} />
      </Field>
    );
  };
}

/** An Input in its Field (with formFields: `<InputField label="Email" {...field('email')} />`). */
export const InputField = labelled<ComponentProps<'input'>>(Input);
/** A Textarea in its Field. */
export const TextareaField = labelled<ComponentProps<'textarea'>>(Textarea);
/** A NativeSelect in its Field; its children are the options. */
export const SelectField = labelled<ComponentProps<'select'>>(NativeSelect);

export function CheckboxField({
  id,
  error,
  children,
  ...input
}: { id: string; error?: string | undefined; children: ReactNode } & React.ComponentProps<'input'>) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-3">
        <input type="checkbox" className="mt-1 size-4 accent-rose-500" {...fieldA11y(id, error)} {...input} />
        <label htmlFor={id} className="text-sm text-cocoa-600">
          {children}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
