import { Check, Lock, PencilRuler } from 'lucide-react';
import { toast } from 'sonner';
import { designLockedText, proofsOpenFor } from '../../../shared/proofs.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import type { OrderProofs, ProofView } from '../../../shared/schemas/proofs.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PhotoStrip, storedPhotos } from '../../components/ui/photo-strip.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useFocusAfterAction } from '../../lib/use-focus-after-action.ts';
import { useApproveProof, useOrderProofs } from './api.ts';
import { RequestChangesButton, SendProofButton } from './proof-forms.tsx';

const STATUS = {
  sent: { label: 'Waiting for approval', variant: 'secondary' },
  approved: { label: 'Approved', variant: 'verified' },
  changes_requested: { label: 'Changes requested', variant: 'soft' },
} as const;

/**
 * Design proofs of a paid order, both sides: every round as a timeline of its own (the vendor's
 * proof, then the customer's answer), the vendor's Send Proof, the customer's Approve Design and
 * Request Changes, and when changes close.
 */
export function ProofsPanel({
  order,
  heading: Heading = 'h4',
}: {
  order: OrderDetail;
  heading?: 'h3' | 'h4';
}) {
  const proofs = useOrderProofs(order.id);
  // Proofs begin after payment; an order that ended without any has nothing to show.
  if (order.status === 'pending' || order.status === 'cancelled') return null;
  const headingId = `proofs-${order.id}`;
  const body = proofs.isPending ? (
    <Spinner label="Loading the design proofs" className="py-2" />
  ) : proofs.isError ? (
    <LoadError message={proofs.error.message} onRetry={() => void proofs.refetch()} className="p-4" />
  ) : (
    <ProofsBody order={order} proofs={proofs.data} />
  );
  if (proofs.data && proofs.data.rounds.length === 0 && !proofsOpenFor(order.status)) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-2xl bg-white p-4 text-sm ring-1 ring-cocoa-900/10"
    >
      <Heading id={headingId} className="flex items-center gap-2 font-semibold text-cocoa-900">
        <PencilRuler className="size-4 text-rose-600" aria-hidden /> Design proofs
      </Heading>
      {body}
    </section>
  );
}

type FocusTarget = ReturnType<typeof useFocusAfterAction>['focusTarget'];

/**
 * The rounds and the viewer's answers. The buttons give way to what they made, which takes the focus:
 * the proof sent (a new round), or the answer under the proof approved or sent back.
 */
function ProofsBody({ order, proofs }: { order: OrderDetail; proofs: OrderProofs }) {
  const { rounds, changes, can, viewer } = proofs;
  const latest = rounds.at(-1);
  const { focusTarget, moveFocus } = useFocusAfterAction();
  const next = (latest?.round ?? 0) + 1;
  return (
    <>
      {rounds.length === 0 && (
        <p className="text-cocoa-600">
          {viewer === 'vendor'
            ? 'Send the customer a sketch or photo of the design to approve before you bake.'
            : viewer === 'customer'
              ? 'Your vendor can send a sketch or photo of the design here for you to approve.'
              : 'No proofs yet.'}
        </p>
      )}
      {changes.closesAt && (
        <p className="flex items-start gap-2 text-cocoa-700">
          {changes.open ? (
            <>
              Changes can be requested until {formatDateTime(changes.closesAt)} ({changes.cutoffHours} hours
              before the event).
            </>
          ) : (
            <>
              <Lock className="mt-0.5 size-4 shrink-0 text-cocoa-500" aria-hidden />
              <span>
                {designLockedText(changes.closesAt, changes.cutoffHours)}
                {can.approve && ' You can still approve the latest proof.'}
              </span>
            </>
          )}
        </p>
      )}
      {rounds.length > 0 && (
        <ol className="space-y-4 border-l-2 border-cream-300 pl-4" aria-label="Proof rounds">
          {rounds.map((r) => (
            <Round key={r.id} round={r} viewer={viewer} focusTarget={focusTarget} />
          ))}
        </ol>
      )}
      {(can.send || (latest && can.approve)) && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Answer the proof">
          {can.send && (
            <SendProofButton orderId={order.id} round={next} onSent={() => moveFocus(`proof-${next}`)} />
          )}
          {latest && can.approve && (
            <ApproveButton
              orderId={order.id}
              proofId={latest.id}
              onApproved={() => moveFocus(`answer-${latest.id}`)}
            />
          )}
          {latest && can.requestChanges && (
            <RequestChangesButton
              orderId={order.id}
              proofId={latest.id}
              onSent={() => moveFocus(`answer-${latest.id}`)}
            />
          )}
        </div>
      )}
    </>
  );
}

function ApproveButton({
  orderId,
  proofId,
  onApproved,
}: {
  orderId: string;
  proofId: string;
  onApproved: () => void;
}) {
  const approve = useApproveProof(orderId);
  return (
    <Button
      size="sm"
      disabled={approve.isPending}
      onClick={() =>
        approve.mutate(proofId, {
          onSuccess: () => {
            toast.success('Design approved. The vendor has been told.');
            onApproved();
          },
          onError: (err) => toast.error(err.message),
        })
      }
    >
      <Check aria-hidden /> {approve.isPending ? 'Approving...' : 'Approve Design'}
    </Button>
  );
}

/** A round's pictures; each opens full size. */
const Pictures = ({ images, label }: { images: ProofView['images']; label: string }) => (
  <PhotoStrip
    label={label}
    size="lg"
    className="mt-2"
    photos={storedPhotos(images, (i, n) => `${label}, ${i + 1} of ${n}`)}
  />
);

/** One round: the vendor's proof, and the customer's answer under it. */
function Round({
  round: r,
  viewer,
  focusTarget,
}: {
  round: ProofView;
  viewer: OrderProofs['viewer'];
  focusTarget: FocusTarget;
}) {
  const status = STATUS[r.status];
  const you = (side: 'customer' | 'vendor') => viewer === side;
  return (
    <li className="relative">
      <span aria-hidden className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-rose-500" />
      <div
        ref={focusTarget(`proof-${r.round}`)}
        tabIndex={-1}
        className="flex w-fit flex-wrap items-center gap-2 rounded-md"
      >
        <p className="font-medium text-cocoa-900">Proof {r.round}</p>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="text-xs text-cocoa-500">
        Sent <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time> ·{' '}
        {you('vendor') ? 'You' : 'Vendor'}
      </p>
      {r.note && <p className="mt-1 whitespace-pre-line break-words text-cocoa-700">“{r.note}”</p>}
      <Pictures images={r.images} label={`Proof ${r.round}`} />
      {r.respondedAt && (
        <div className="mt-3 max-w-2xl rounded-xl bg-cream-100 p-3">
          <p
            ref={focusTarget(`answer-${r.id}`)}
            tabIndex={-1}
            className="w-fit rounded-md font-medium text-cocoa-800"
          >
            {r.status === 'approved' ? 'Approved' : 'Changes requested'}{' '}
            <span className="font-normal text-cocoa-500">
              · <time dateTime={r.respondedAt}>{formatDateTime(r.respondedAt)}</time> ·{' '}
              {you('customer') ? 'You' : 'Customer'}
            </span>
          </p>
          {r.response && (
            <p className="mt-1 whitespace-pre-line break-words text-cocoa-700">“{r.response}”</p>
          )}
          <Pictures images={r.responseImages} label={`Changes to proof ${r.round}`} />
        </div>
      )}
    </li>
  );
}
