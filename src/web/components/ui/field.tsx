import type { ReactNode } from 'react';
import { FieldError, Label } from './input.tsx';

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
