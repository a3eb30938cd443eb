import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const field =
  'w-full rounded-xl border border-cocoa-900/15 bg-white px-4 text-base text-cocoa-900 placeholder:text-cocoa-400 transition-colors focus:border-rose-400 focus:outline-none focus:ring-4 focus:ring-rose-100 aria-invalid:border-rose-600 aria-invalid:ring-rose-100 disabled:opacity-60 sm:text-sm';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(field, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'min-h-32 py-3', className)} {...props} />;
}

/** A styled native select: accessible, keyboard-friendly and light. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        field,
        "h-11 appearance-none bg-[url('data:image/svg+xml;utf8,<svg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 20 20%22 fill=%22%237a5444%22><path d=%22M5.5 7.5 10 12l4.5-4.5%22 stroke=%22%237a5444%22 stroke-width=%221.6%22 fill=%22none%22/></svg>')] bg-[length:1.1rem] bg-[right_0.9rem_center] bg-no-repeat pr-10",
        className,
      )}
      {...props}
    />
  );
}

/**
 * The options of a select: catalog entries (a value and its label), or values that are their own
 * labels unless `labels` names them.
 */
export function Options({
  options,
  labels,
}: {
  options: readonly (string | { value: string; label: string })[];
  labels?: Readonly<Record<string, string>>;
}) {
  return options.map((o) =>
    typeof o !== 'string' ? (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ) : labels ? (
      <option key={o} value={o}>
        {labels[o]}
      </option>
    ) : (
      <option key={o}>{o}</option>
    ),
  );
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor
  return <label className={cn('text-sm font-semibold text-cocoa-700', className)} {...props} />;
}

/** The message under a field; linked to the field with aria-describedby by the caller. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-rose-700" role="alert">
      {message}
    </p>
  );
}
