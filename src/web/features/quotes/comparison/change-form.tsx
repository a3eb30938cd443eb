import { type RefCallback, useId, useState } from 'react';
import { parseDollars } from '../../../../shared/money.ts';
import { quoteChangeSchema } from '../../../../shared/schemas/quotes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { InputField, TextareaField } from '../../../components/ui/field.tsx';

/** Ask for a Change: what the customer would like changed, and the price they hope for. */
export function ChangeForm({
  firstField,
  pending,
  onCancel,
  onSend,
}: {
  /** The first field, focused when the form opens. */
  firstField?: RefCallback<HTMLElement>;
  pending: boolean;
  onCancel: () => void;
  onSend: (
    input: { message: string; targetPriceCents?: number | undefined },
    fail: (fields: Record<string, string>) => void,
  ) => void;
}) {
  const [message, setMessage] = useState('');
  const [target, setTarget] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Several columns' forms may be open at once.
  const id = useId();
  return (
    <form
      noValidate
      className="mt-5 space-y-3 border-t border-cocoa-900/10 pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = quoteChangeSchema.safeParse({
          message,
          targetPriceCents: parseDollars(target),
        });
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
          return setErrors(fields);
        }
        setErrors({});
        onSend(parsed.data, setErrors);
      }}
    >
      <TextareaField
        id={`${id}-message`}
        label="What would you like changed?"
        ref={firstField}
        error={errors.message}
        rows={3}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <InputField
        id={`${id}-target`}
        label="Price you hope for ($, optional)"
        error={errors.targetPriceCents}
        inputMode="decimal"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Sending...' : 'Send'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
