import { CalendarClock } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { orderStatusLabel } from '../../../shared/order-status.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { TextareaField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useOrderTransition } from './api.ts';
import { CancellationPreview } from './cancellation-preview.tsx';
import { DeliverDialog } from './deliver-dialog.tsx';

/** The changes the viewer can make now: one button each, with a dialog for a reason or the delivery. */
export function OrderActions({ order }: { order: OrderDetail }) {
  const change = useOrderTransition(order.id);
  const [asking, setAsking] = useState<OrderDetail['actions'][number] | null>(null);
  const [delivering, setDelivering] = useState(false);
  const notesId = useId();
  if (order.actions.length === 0) return null;
  const waiting = order.actions.filter((a) => a.notYet !== null);
  const run = (action: string, note?: string) =>
    change.mutate(
      { action, expectedStatus: order.status, ...(note !== undefined && { note }) },
      {
        onSuccess: (updated) => {
          setAsking(null);
          toast.success(`Order ${updated.orderNumber} is now ${orderStatusLabel(updated.status)}.`);
        },
        onError: (err) => {
          // A missing reason is shown at its field, in the dialog; anything else as a toast.
          if (!(err instanceof ApiError && err.fields.note)) toast.error(err.message);
        },
      },
    );
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Update status">
        {order.actions.map((a) => (
          <Button
            key={a.action}
            size="sm"
            variant={a.needsReason ? 'outline' : 'default'}
            // Before the delivery window the server refuses it: say when it opens instead.
            disabled={change.isPending || a.notYet !== null}
            aria-describedby={a.notYet ? `${notesId}-${a.action}` : undefined}
            onClick={() =>
              a.action === 'deliver' ? setDelivering(true) : a.needsReason ? setAsking(a) : run(a.action)
            }
          >
            {a.label}
          </Button>
        ))}
      </div>
      {waiting.map((a) => (
        <p
          key={a.action}
          id={`${notesId}-${a.action}`}
          className="flex items-start gap-2 text-sm text-cocoa-600"
        >
          <CalendarClock className="mt-0.5 size-4 shrink-0 text-cocoa-500" aria-hidden />
          {a.notYet}
        </p>
      ))}
      <DeliverDialog order={order} open={delivering} onClose={() => setDelivering(false)} />
      <ReasonDialog
        action={asking}
        preview={asking && <CancellationPreview order={order} action={asking.action} />}
        orderNumber={order.orderNumber}
        pending={change.isPending}
        serverError={change.error instanceof ApiError ? change.error.fields.note : undefined}
        onClose={() => {
          setAsking(null);
          change.reset();
        }}
        onSubmit={(note) => asking && run(asking.action, note)}
      />
    </div>
  );
}

/** Cancelling asks why; the reason goes on the timeline for both sides. */
function ReasonDialog({
  action,
  preview,
  orderNumber,
  pending,
  serverError,
  onClose,
  onSubmit,
}: {
  action: OrderDetail['actions'][number] | null;
  preview?: ReactNode;
  orderNumber: string;
  pending: boolean;
  serverError: string | undefined;
  onClose: () => void;
  onSubmit: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const shown = error ?? serverError;
  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`${action?.label ?? ''}: ${orderNumber}`}
        description="Tell the other side why. It is kept on the order’s timeline."
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!note.trim()) return setError('Please say why you are cancelling.');
            if (note.trim().length > 500) return setError('Keep the note under 500 characters.');
            setError(undefined);
            onSubmit(note.trim());
          }}
        >
          {preview}
          <TextareaField
            id="order-reason"
            label="Reason"
            error={shown}
            rows={4}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? 'Saving...' : action?.label}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
