import { CalendarClock, ImagePlus, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { cancellationSplit } from '../../../shared/cancellation.ts';
import { BALANCE_DEADLINE_HOURS, balanceDeadline } from '../../../shared/deposits.ts';
import { UNPAID_EXPIRY_HOURS } from '../../../shared/order-machine.ts';
import { formatCents } from '../../../shared/money.ts';
import { orderStatusLabel } from '../../../shared/order-status.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { formatDateTime, formatLongDate } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../components/ui/field.tsx';
import { FieldError, Textarea } from '../../components/ui/input.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { OrderTimeline } from '../dashboard/order-timeline.tsx';
import { ProofsPanel } from '../proofs/proofs-panel.tsx';
import { ClaimPanel } from './claim-panel.tsx';
import { OrderBrief } from './order-brief.tsx';
import { useOrder, useOrderDelivery, useOrderTransition } from './api.ts';

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
      <OrderBrief order={o} />
      <ol className="space-y-3 border-l-2 border-cream-300 pl-4" aria-label="Order history">
        {history(o).map((step) =>
          step.kind === 'proof' ? (
            <li key={step.key} className="relative">
              <span
                aria-hidden
                className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-gold-500"
              />
              <p className="text-sm font-medium text-cocoa-800">{step.label}</p>
              <p className="text-xs text-cocoa-500">
                <time dateTime={step.at}>{formatDateTime(step.at)}</time> · {PARTY[step.party]}
              </p>
            </li>
          ) : (
            <li key={step.e.seq} className="relative">
              <span
                aria-hidden
                className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-rose-500"
              />
              <p className="text-sm font-medium text-cocoa-800">{step.e.label}</p>
              <p className="text-xs text-cocoa-500">
                <time dateTime={step.e.at}>{formatDateTime(step.e.at)}</time> · {PARTY[step.e.party]}
              </p>
              {step.e.note && <p className="mt-1 text-sm text-cocoa-600">“{step.e.note}”</p>}
              {step.e.photo && (
                <a href={step.e.photo.url} target="_blank" rel="noreferrer" className="mt-2 inline-block">
                  <img
                    src={step.e.photo.thumbUrl}
                    alt={`The delivered cake, order ${o.orderNumber}`}
                    width={step.e.photo.width}
                    height={step.e.photo.height}
                    loading="lazy"
                    className="h-auto max-h-40 w-auto max-w-56 rounded-xl object-cover ring-1 ring-cocoa-900/10"
                  />
                </a>
              )}
            </li>
          ),
        )}
      </ol>
      <ProofsPanel order={o} />
      <PaymentNote order={o} />
      <ClaimPanel order={o} />
      <OrderActions order={o} />
    </div>
  );
}

type HistoryStep =
  | { kind: 'event'; at: string; e: OrderDetail['events'][number] }
  | ({ kind: 'proof' } & OrderDetail['proofSteps'][number]);

/** The order's changes and its design proof rounds, in the order they happened. */
function history(o: OrderDetail): HistoryStep[] {
  const steps: HistoryStep[] = [
    ...o.events.map((e) => ({ kind: 'event' as const, at: e.at, e })),
    ...o.proofSteps.map((p) => ({ kind: 'proof' as const, ...p })),
  ];
  // A stable sort: at the same moment, the order's own change comes first.
  return steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** Where the money stands: waiting for payment (with Pay for the customer), or held by Frosted. */
function PaymentNote({ order }: { order: OrderDetail }) {
  if (order.status === 'pending' && order.viewer === 'customer' && order.paymentConfirming) {
    // The card went to the processor and no answer is in yet: never "unpaid", never a second Pay.
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-2xl bg-gold-100/60 p-4 text-sm text-cocoa-700"
      >
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-gold-600" aria-hidden />
        <span>
          <strong>Confirming your payment:</strong> the payment processor has your payment and its answer has
          not reached Frosted yet. This page updates when it does; do not pay again.
        </span>
      </p>
    );
  }
  if (order.status === 'pending') {
    return order.viewer === 'customer' ? (
      <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-gold-100/60 p-4">
        <p className="text-sm text-cocoa-700">
          Waiting for your payment: the vendor starts once you have paid. An order not paid within{' '}
          {UNPAID_EXPIRY_HOURS} hours of accepting its quote is cancelled.
        </p>
        <Button asChild size="sm">
          <Link to={`/orders/${order.id}/pay`}>
            {order.deposit
              ? `Pay ${formatCents(order.deposit.depositCents)} deposit`
              : `Pay ${formatCents(order.amount)}`}
          </Link>
        </Button>
      </div>
    ) : (
      <p className="text-sm text-cocoa-600">Waiting for the customer’s payment.</p>
    );
  }
  if (order.heldCents <= 0) return null;
  const who = order.viewer === 'customer' ? 'you confirm you are' : 'the customer confirms they are';
  return (
    <>
      <p className="flex items-start gap-2 rounded-2xl bg-sage-100/60 p-4 text-sm text-cocoa-700">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-sage-700" aria-hidden />
        <span>
          <strong>Payment protected:</strong> {formatCents(order.heldCents)} held by Frosted until {who}{' '}
          satisfied.
        </span>
      </p>
      {order.deposit && order.status !== 'cancelled' && <BalanceNote order={order} deposit={order.deposit} />}
    </>
  );
}

/** A deposit's order: the balance, when it is charged, and the link to pay it after a decline. */
function BalanceNote({
  order,
  deposit,
}: {
  order: OrderDetail;
  deposit: NonNullable<OrderDetail['deposit']>;
}) {
  const amount = formatCents(deposit.balanceCents);
  if (deposit.balance === 'paid')
    return (
      <p className="text-sm text-cocoa-600">
        Deposit {formatCents(deposit.depositCents)} and balance {amount} paid.
      </p>
    );
  if (deposit.balance === 'scheduled')
    return (
      <p className="text-sm text-cocoa-600">
        Balance {amount}: charged to the saved card on {formatLongDate(deposit.balanceDueAt)}.
      </p>
    );
  // The customer needs the moment itself, not a rule to count back from the event.
  const payBy = order.deliveryDate
    ? `by ${formatDateTime(balanceDeadline(new Date(order.deliveryDate)))} (${BALANCE_DEADLINE_HOURS} hours before the event)`
    : `at least ${BALANCE_DEADLINE_HOURS} hours before the event`;
  return order.viewer === 'customer' ? (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-2xl bg-rose-50 p-4 ring-1 ring-rose-200"
    >
      <p className="text-sm text-rose-800">
        We could not charge the balance of {amount} to your saved card. Pay it {payBy}, or the order is
        cancelled under the Terms.
      </p>
      <Button asChild size="sm">
        <Link to={`/orders/${order.id}/pay`}>Pay the balance</Link>
      </Button>
    </div>
  ) : (
    <p className="text-sm text-rose-800">
      The balance of {amount} was declined; the customer has been asked to pay it. You can mark the order
      delivered once it is paid.
    </p>
  );
}

/** What cancelling now does to the money, by the Terms (the same function the server settles with). */
function CancellationPreview({ order, action }: { order: OrderDetail; action: string }) {
  // The moment the dialog opened: what cancelling now would do.
  const [now] = useState(() => new Date());
  if (order.heldCents <= 0) return null;
  if (action !== 'cancel')
    return (
      <p className="rounded-2xl bg-cream-100 p-4 text-sm text-cocoa-700">
        The customer gets a full refund of {formatCents(order.heldCents)}.
      </p>
    );
  const split = cancellationSplit({
    amountCents: order.heldCents,
    deliveryAt: order.deliveryDate
      ? new Date(order.deliveryDate)
      : new Date(now.getTime() + 365 * 86_400_000),
    cancelledAt: now,
    by: 'customer',
    vendorRefundPercent: order.terms.refundPercent,
    serviceFeeRate: order.terms.serviceFeeBps / 10_000,
  });
  if (!split)
    return (
      <p role="alert" className="rounded-2xl bg-rose-50 p-4 text-sm text-rose-800">
        The delivery time has passed, so this order can no longer be cancelled. If something is wrong, open a
        satisfaction claim.
      </p>
    );
  const rule = {
    full: 'More than 48 hours before delivery: a full refund.',
    'vendor-policy': `Within 48 hours of delivery: the vendor refunds ${order.terms.refundPercent}%.`,
    late: `Within 24 hours of delivery: the vendor’s ${order.terms.refundPercent}% less a late-cancellation fee.`,
    'vendor-cancelled': '',
  }[split.band];
  return (
    <div className="rounded-2xl bg-cream-100 p-4 text-sm text-cocoa-700">
      <p>{rule}</p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Your refund</dt>
        <dd className="text-right font-semibold text-cocoa-900">{formatCents(split.refundCents)}</dd>
        <dt>To the vendor</dt>
        <dd className="text-right">{formatCents(split.vendorCents)}</dd>
        <dt>Frosted’s fees</dt>
        <dd className="text-right">{formatCents(split.platformCents)}</dd>
      </dl>
    </div>
  );
}

function OrderActions({ order }: { order: OrderDetail }) {
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

/**
 * Mark Delivered: the vendor may add a photo of the cake as it left (checked by the server by its
 * content) and a note; both show on the timeline for the customer.
 */
function DeliverDialog({ order, open, onClose }: { order: OrderDetail; open: boolean; onClose: () => void }) {
  const deliver = useOrderDelivery(order.id);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ file?: string | undefined; note?: string | undefined }>({});
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
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
        description="Add a photo of the cake as it left you, if you like. The customer sees it on the order’s timeline."
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="space-y-2">
            {preview && (
              <img src={preview} alt="The cake you are adding" className="max-h-48 rounded-xl object-cover" />
            )}
            <label
              htmlFor={inputId}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-cocoa-900/15 bg-white px-4 py-2 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-500"
            >
              <ImagePlus className="size-4" aria-hidden />
              {file ? 'Choose another photo' : 'Add a photo (optional)'}
              <input
                id={inputId}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="sr-only"
                aria-describedby={errors.file ? `${inputId}-error` : undefined}
                aria-invalid={errors.file ? true : undefined}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setErrors((v) => ({ ...v, file: undefined }));
                  e.target.value = '';
                }}
              />
            </label>
            <FieldError id={`${inputId}-error`} message={errors.file} />
          </div>
          <Field id="delivery-note" label="Note (optional)" error={errors.note}>
            <Textarea
              rows={3}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              {...fieldA11y('delivery-note', errors.note)}
            />
          </Field>
          <Button type="submit" className="w-full" disabled={deliver.isPending}>
            {deliver.isPending ? 'Saving...' : 'Mark Delivered'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
