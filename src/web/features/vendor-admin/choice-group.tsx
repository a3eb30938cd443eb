import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';

/** A fieldset of checkboxes or radios drawn as chips; all keyboard-usable native inputs. */
export function ChoiceGroup({
  id,
  legend,
  hint,
  type,
  options,
  registration,
  error,
}: {
  id: string;
  legend: string;
  hint?: string;
  type: 'checkbox' | 'radio';
  options: readonly { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-cocoa-700">{legend}</legend>
      {hint && <p className="text-xs text-cocoa-500">{hint}</p>}
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-full border border-cocoa-900/15 bg-white px-3 py-1.5 text-sm',
              'has-[:checked]:border-rose-500 has-[:checked]:bg-rose-50 has-[:checked]:text-rose-700',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-500',
            )}
          >
            <input type={type} value={o.value} className="size-4 accent-rose-600" {...registration} />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
