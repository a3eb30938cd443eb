import { useState } from 'react';
import { toast } from 'sonner';
import { orderStatusLabel } from '../../../shared/order-status.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../components/ui/field.tsx';
import { Textarea } from '../../components/ui/input.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { OrderTimeline } from '../dashboard/order-timeline.tsx';
import { useOrder, useOrderTransition } from './api.ts';

const PARTY = { customer: 'Customer', vendor: 'Vendor', admin: 'Frosted', system: 'Frosted' } as const;

/**
 * Track Order (both sides): where the order stands, every step with its date and time in Vancouver,
 * and the changes the viewer can make now (the vendor's Update Status, the customer's confirmation or
 * cancellation).
 */
export function OrderTracker({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  if (order.isPending) return <Spinner label="Loading the order" className="py-2" />;
  if (order.isError)
    return <LoadError message={order.error.message} onRetry={() => void order.refetch()} className="p-4" />;
  const o = order.data;
  return (
    <div className="space-y-5">
      <OrderTimeline status={o.status} />
      <ol className="space-y-3 border-l-2 border-cream-300 pl-4" aria-label="Order history">
        {o.events.map((e) => (
          <li key={e.seq} className="relative">
            <span aria-hidden className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-rose-500" />
            <p className="text-sm font-medium text-cocoa-800">{e.label}</p>
            <p className="text-xs text-cocoa-500">
              <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {PARTY[e.party]}
            </p>
            {e.note && <p className="mt-1 text-sm text-cocoa-600">“{e.note}”</p>}
          </li>
        ))}
      </ol>
      <OrderActions order={o} />
    </div>
  );
}

function OrderActions({ order }: { order: OrderDetail }) {
  const change = useOrderTransition(order.id);
  const [asking, setAsking] = useState<OrderDetail['actions'][number] | null>(null);
  if (order.actions.length === 0) return null;
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
    <div className="flex flex-wrap gap-2" role="group" aria-label="Update status">
      {order.actions.map((a) => (
        <Button
          key={a.action}
          size="sm"
          variant={a.needsReason ? 'outline' : 'default'}
          disabled={change.isPending}
          onClick={() => (a.needsReason ? setAsking(a) : run(a.action))}
        >
          {a.label}
        </Button>
      ))}
      <ReasonDialog
        action={asking}
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
  orderNumber,
  pending,
  serverError,
  onClose,
  onSubmit,
}: {
  action: OrderDetail['actions'][number] | null;
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
          <Field id="order-reason" label="Reason" error={shown}>
            <Textarea
              rows={4}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              {...fieldA11y('order-reason', shown)}
            />
          </Field>
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? 'Saving...' : action?.label}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
