import { CalendarClock, Check } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { orderStatusLabel, type OrderStatus } from '../../../shared/order-status.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { TextareaField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { keepPlacedFocus, useFocusAfterAction } from '../../lib/use-focus-after-action.ts';
import { forOrder } from '../dashboard/parts.tsx';
import { useOrderTransition } from './api.ts';
import { CancellationPreview } from './cancellation-preview.tsx';
import { DeliverDialog } from './deliver-dialog.tsx';

type OrderAction = OrderDetail['actions'][number];

/**
 * One change of an order in the status the page showed, said in a toast once made; `onDone` runs
 * then, with the order as it is now. A missing reason is shown at its field, in the dialog; anything
 * else as a toast.
 */
export function useOrderChange(order: { id: string; status: OrderStatus }) {
  const change = useOrderTransition(order.id);
  const run = (action: string, note?: string, onDone?: (updated: OrderDetail) => void) =>
    change.mutate(
      { action, expectedStatus: order.status, ...(note !== undefined && { note }) },
      {
        onSuccess: (updated) => {
          onDone?.(updated);
          toast.success(`Order ${updated.orderNumber} is now ${orderStatusLabel(updated.status)}.`);
        },
        onError: (err) => {
          if (!(err instanceof ApiError && err.fields.note)) toast.error(err.message);
        },
      },
    );
  return { change, run };
}

/**
 * The changes the viewer can make now: one button each, with a dialog for a reason or the delivery.
 * `omit`: an action the page already offers beside the tracker (a vendor's Cancel Order on its card).
 * The button pressed gives way to the next steps, so the new status is said above them and takes the
 * focus, while the order stays in it.
 */
export function OrderActions({ order, omit }: { order: OrderDetail; omit?: string | undefined }) {
  const { change, run: runChange } = useOrderChange(order);
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [delivering, setDelivering] = useState(false);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const { focusTarget, moveFocus } = useFocusAfterAction();
  const notesId = useId();
  const actions = order.actions.filter((a) => a.action !== omit);
  const changed = changedTo === order.status;
  if (actions.length === 0 && !changed) return null;
  const waiting = actions.filter((a) => a.notYet !== null);
  // A list may show several orders' trackers: each button's name says which order it changes.
  const who = order.viewer === 'vendor' ? order.customerName : order.vendor.businessName;
  const done = (updated: OrderDetail) => {
    setChangedTo(updated.status);
    moveFocus(updated.status);
  };
  const run = (action: string, note?: string) =>
    runChange(action, note, (updated) => {
      setAsking(null);
      done(updated);
    });
  return (
    <div className="space-y-2" data-reveal>
      {changed && (
        <p
          ref={focusTarget(order.status)}
          tabIndex={-1}
          className="flex w-fit items-center gap-2 rounded-md text-sm font-medium text-sage-700"
        >
          <Check className="size-4 shrink-0" aria-hidden />
          Updated: the order is now {orderStatusLabel(order.status)}.
        </p>
      )}
      {actions.length > 0 && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Update status">
          {actions.map((a) => (
            <Button
              key={a.action}
              size="sm"
              variant={a.needsReason ? 'outline' : 'default'}
              // Before the delivery window the server refuses it: say when it opens instead.
              disabled={change.isPending || a.notYet !== null}
              aria-label={forOrder(a.label, order.orderNumber, who)}
              aria-describedby={a.notYet ? `${notesId}-${a.action}` : undefined}
              onClick={() =>
                a.action === 'deliver' ? setDelivering(true) : a.needsReason ? setAsking(a) : run(a.action)
              }
            >
              {a.label}
            </Button>
          ))}
        </div>
      )}
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
      <DeliverDialog
        order={order}
        open={delivering}
        onClose={() => setDelivering(false)}
        onDelivered={done}
      />
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
export function ReasonDialog({
  action,
  preview,
  orderNumber,
  pending,
  serverError,
  onClose,
  onSubmit,
}: {
  action: OrderAction | null;
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
        onCloseAutoFocus={keepPlacedFocus}
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
