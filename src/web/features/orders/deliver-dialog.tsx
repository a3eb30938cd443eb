import { ImagePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { orderStatusLabel } from '../../../shared/order-status.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { TextareaField } from '../../components/ui/field.tsx';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { ApiError } from '../../lib/api.ts';
import { keepPlacedFocus } from '../../lib/use-focus-after-action.ts';
import { useObjectUrl } from '../../lib/use-object-urls.ts';
import { useOrderDelivery } from './api.ts';

/**
 * Mark Delivered: the vendor may add a photo of the cake as it left (checked by the server by its
 * content) and a note; both show on the timeline for the customer. `onDelivered` gets the order as
 * it is now.
 */
export function DeliverDialog({
  order,
  open,
  onClose,
  onDelivered,
}: {
  order: OrderDetail;
  open: boolean;
  onClose: () => void;
  onDelivered?: (updated: OrderDetail) => void;
}) {
  const deliver = useOrderDelivery(order.id);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ file?: string | undefined; note?: string | undefined }>({});
  const preview = useObjectUrl(file);
  const close = () => {
    deliver.reset();
    setErrors({});
    onClose();
  };
  const submit = () => {
    if (note.trim().length > 500) return setErrors({ note: 'Keep the note under 500 characters.' });
    const form = new FormData();
    form.set('expectedStatus', order.status);
    if (note.trim()) form.set('note', note.trim());
    if (file) form.set('file', file);
    setErrors({});
    deliver.mutate(form, {
      onSuccess: (updated) => {
        toast.success(`Order ${updated.orderNumber} is now ${orderStatusLabel(updated.status)}.`);
        setFile(null);
        setNote('');
        onClose();
        onDelivered?.(updated);
      },
      onError: (err) => {
        const fields = err instanceof ApiError ? err.fields : {};
        if (fields.file || fields.note) return setErrors({ file: fields.file, note: fields.note });
        if (err instanceof ApiError && (err.status === 413 || err.status === 415))
          return setErrors({ file: err.message });
        toast.error(err.message);
      },
    });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent
        title={`Mark Delivered: ${order.orderNumber}`}
        description={`Add a photo of ${order.brief?.kind === 'event' ? 'your work' : 'the cake as it left you'}, if you like. The customer sees it on the order’s timeline.`}
        onCloseAutoFocus={keepPlacedFocus}
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <FilePicker
            id={inputId}
            accept="image/jpeg,image/png,image/webp"
            error={errors.file}
            wrapperClassName="space-y-2"
            onFiles={([chosen]) => {
              setFile(chosen ?? null);
              setErrors((v) => ({ ...v, file: undefined }));
            }}
            preview={
              preview && (
                <img
                  src={preview}
                  alt="The cake you are adding"
                  className="max-h-48 rounded-xl object-cover"
                />
              )
            }
          >
            <ImagePlus className="size-4" aria-hidden />
            {file ? 'Choose another photo' : 'Add a photo (optional)'}
          </FilePicker>
          <TextareaField
            id="delivery-note"
            label="Note (optional)"
            error={errors.note}
            rows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button type="submit" className="w-full" disabled={deliver.isPending}>
            {deliver.isPending ? 'Saving...' : 'Mark Delivered'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
