import { useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { buttonVariants } from './button.tsx';
import { fieldA11y } from './field.tsx';
import { FieldError, Label } from './input.tsx';

const LOOKS = {
  /** A small outlined pill beside other controls ("Change profile image", "Attach images"). */
  pill: 'inline-flex items-center gap-2 rounded-full border border-cocoa-900/15 bg-white px-4 py-2 text-sm font-semibold text-cocoa-800 hover:border-rose-400 hover:bg-rose-50',
  /** A dashed box across a form ("Choose photos"). */
  box: 'flex items-center gap-2 rounded-xl border border-dashed border-cocoa-900/25 px-4 py-3 text-sm text-cocoa-700',
  /** A large area files can also be dropped on. */
  drop: 'flex flex-col items-center gap-2 rounded-[var(--radius-card)] border-2 border-dashed border-cocoa-900/20 bg-white p-8 text-center transition-colors',
  /** Looks like a Button: the main action of its card ("Upload document"). */
  button: cn(buttonVariants({ size: 'sm' })),
  'button-outline': cn(buttonVariants({ variant: 'outline', size: 'sm' })),
} as const;

export type FilePickerLook = keyof typeof LOOKS;

/**
 * The one file picker: a native `<input type="file">` inside its visible label, so it is reached with
 * Tab and opened with Space or Enter like any input, and a screen reader reads its label. The field's
 * error is tied to it (aria-invalid, aria-describedby `${id}-error`) and shown under it. Choosing the
 * same file again, after removing it, is a change too.
 */
export function FilePicker({
  id,
  accept,
  multiple = false,
  disabled = false,
  onFiles,
  look = 'pill',
  label,
  preview,
  hint,
  error,
  showError = true,
  droppable = false,
  className,
  wrapperClassName = 'space-y-1.5',
  children,
}: {
  id: string;
  /** The allowed MIME types, comma-separated, as the input's `accept`. */
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The files chosen (or dropped); none is never reported. */
  onFiles: (files: File[]) => void;
  look?: FilePickerLook;
  /** A field label above the picker (as Field shows one), for pickers that are a field of a form. */
  label?: string;
  /** Shown between the label and the picker: what is chosen so far. */
  preview?: ReactNode;
  /** Shown under the picker, before the error. */
  hint?: ReactNode;
  error?: string | undefined;
  /** Off where the form shows the error elsewhere (under the id `${id}-error`). */
  showError?: boolean;
  /** Files may be dragged onto the picker too. */
  droppable?: boolean;
  className?: string;
  wrapperClassName?: string;
  /** The picker's visible text (and icon): its accessible name. */
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const pick = (list: FileList | null | undefined) => {
    const files = [...(list ?? [])];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  const drop = droppable && {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      if (!disabled) pick(e.dataTransfer.files);
    },
  };
  return (
    <div className={wrapperClassName}>
      {label && <Label htmlFor={id}>{label}</Label>}
      {preview}
      <label
        htmlFor={id}
        {...drop}
        className={cn(
          LOOKS[look],
          'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-500',
          'has-[:disabled]:pointer-events-none has-[:disabled]:opacity-60',
          dragging && 'border-rose-500 bg-rose-50',
          className,
        )}
      >
        {children}
        <input
          type="file"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          className="sr-only"
          {...fieldA11y(id, error)}
          onChange={(e) => {
            pick(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      {hint}
      {showError && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}
