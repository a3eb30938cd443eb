import { Wand2 } from 'lucide-react';
import { useState } from 'react';
import { DESIGN_LIMITS, REFINE_DESCRIPTION_MESSAGE } from '../../../shared/schemas/designs.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { TextareaField } from '../../components/ui/field.tsx';
import type { FormRejection } from './designer-form.tsx';

/**
 * Refine one picture: edit the description and draw it again in the same style. The dialog stays open
 * until the new generation has started (or says why it cannot).
 */
export function RefineDialog({
  styleLabel,
  description,
  disabled,
  onRegenerate,
}: {
  styleLabel: string;
  description: string;
  disabled: boolean;
  onRegenerate: (description: string) => Promise<FormRejection | void>;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(description);
  const [pending, setPending] = useState(false);
  const [rejection, setRejection] = useState<FormRejection | null>(null);
  const fieldError = rejection?.fields.description;

  const onOpenChange = (next: boolean) => {
    if (next) {
      setText(description);
      setRejection(null);
    }
    setOpen(next);
  };

  const submit = async () => {
    if (text.trim() === '') {
      setRejection({
        message: REFINE_DESCRIPTION_MESSAGE,
        fields: { description: REFINE_DESCRIPTION_MESSAGE },
      });
      return;
    }
    setPending(true);
    const result = await onRegenerate(text.trim());
    setPending(false);
    if (result) setRejection(result);
    else setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          <Wand2 aria-hidden /> Refine
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Refine this design"
        description={`Change the description and we will draw it again in the ${styleLabel} style. Your other designs stay as they are.`}
      >
        <form
          noValidate
          className="space-y-5"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {rejection && !fieldError && (
            <p role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-sm font-semibold text-rose-700">
              {rejection.message}
            </p>
          )}
          <TextareaField
            id="refine-description"
            label="Description"
            error={fieldError}
            rows={5}
            maxLength={DESIGN_LIMITS.description}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. Add sugar flowers cascading down one side"
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? 'Starting...' : 'Regenerate'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
