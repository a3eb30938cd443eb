import { AlertTriangle, ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatCents } from '../../../shared/money.ts';
import { CLAIM_DESCRIPTION_MAX, openClaimSchema } from '../../../shared/schemas/claims.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { TextareaField } from '../../components/ui/field.tsx';
import { FilePicker } from '../../components/ui/file-picker.tsx';
import { PhotoStrip, storedPhotos } from '../../components/ui/photo-strip.tsx';
import { ApiError } from '../../lib/api.ts';
import { keepPlacedFocus, useFocusAfterAction } from '../../lib/use-focus-after-action.ts';
import { useClaimResponse, useOpenClaim } from './api.ts';

const MAX_PHOTOS = 5;
const STATUS = {
  open: 'Open: Frosted is looking into it. The payment stays held meanwhile.',
  resolved: 'Resolved by Frosted',
  withdrawn: 'Withdrawn: the customer confirmed they were satisfied',
} as const;

function outcomeText(claim: NonNullable<OrderDetail['claim']>) {
  if (claim.outcome === 'release') return 'The payment was released to the vendor.';
  if (claim.outcome === 'refund') return `A full refund of ${formatCents(claim.refundCents ?? 0)}.`;
  return `A partial refund of ${formatCents(claim.refundCents ?? 0)}; the rest went to the vendor.`;
}

/**
 * Satisfaction claims on an order: the customer's Report a Problem within 24 hours of delivery, the
 * claim as both sides see it, and the vendor's answer. What the viewer sends replaces the control
 * they pressed, and takes the focus: the claim's status once opened, the vendor's answer once sent.
 */
export function ClaimPanel({
  order,
  heading: Heading = 'h4',
}: {
  order: OrderDetail;
  heading?: 'h3' | 'h4';
}) {
  const { claim } = order;
  const { focusTarget, moveFocus } = useFocusAfterAction();
  if (!claim)
    return order.claimOpenUntil ? <ReportProblem order={order} onOpened={() => moveFocus('claim')} /> : null;
  return (
    <section
      aria-labelledby={`claim-${order.id}`}
      className="space-y-3 rounded-2xl bg-rose-50/70 p-4 text-sm ring-1 ring-rose-200"
    >
      <Heading id={`claim-${order.id}`} className="flex items-center gap-2 font-semibold text-cocoa-900">
        <AlertTriangle className="size-4 text-rose-600" aria-hidden /> Satisfaction claim
      </Heading>
      <p ref={focusTarget('claim')} tabIndex={-1} className="w-fit rounded-md text-cocoa-700">
        {STATUS[claim.status]}
      </p>
      <blockquote className="border-l-2 border-rose-300 pl-3 text-cocoa-800">
        “{claim.description}”
      </blockquote>
      <PhotoStrip
        label="Photos of the problem"
        photos={storedPhotos(claim.photos, (i, n) => `The problem, ${i + 1} of ${n}`)}
      />
      {claim.vendorResponse ? (
        <p ref={focusTarget('answered')} tabIndex={-1} className="w-fit rounded-md text-cocoa-700">
          <span className="font-semibold">The vendor’s answer:</span> “{claim.vendorResponse}”
        </p>
      ) : (
        order.viewer === 'vendor' &&
        claim.status === 'open' && (
          <VendorAnswer orderId={order.id} onAnswered={() => moveFocus('answered')} />
        )
      )}
      {claim.status === 'resolved' && (
        <p className="text-cocoa-800">
          <span className="font-semibold">{outcomeText(claim)}</span>
          {claim.adminNote && <> Frosted’s note: “{claim.adminNote}”</>}
        </p>
      )}
    </section>
  );
}

function VendorAnswer({ orderId, onAnswered }: { orderId: string; onAnswered: () => void }) {
  const answer = useClaimResponse(orderId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const id = `claim-answer-${orderId}`;
  const shown = error ?? (answer.error instanceof ApiError ? answer.error.fields.response : undefined);
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return setError('Please write your answer.');
        setError(undefined);
        answer.mutate(text.trim(), {
          onSuccess: () => {
            toast.success('Your answer was added to the claim.');
            onAnswered();
          },
          onError: (err) => !(err instanceof ApiError && err.fields.response) && toast.error(err.message),
        });
      }}
    >
      <TextareaField
        id={id}
        label="Your answer to the claim"
        error={shown}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={answer.isPending}>
        {answer.isPending ? 'Sending...' : 'Send Answer'}
      </Button>
    </form>
  );
}

function ReportProblem({ order, onOpened }: { order: OrderDetail; onOpened: () => void }) {
  const [open, setOpen] = useState(false);
  const claim = useOpenClaim(order.id);
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ description?: string; files?: string }>({});
  const server = claim.error instanceof ApiError ? claim.error.fields : {};
  const descriptionError = errors.description ?? server.description;
  const filesError = errors.files ?? server.files ?? server.file;
  const until = order.claimOpenUntil ? formatDateTime(order.claimOpenUntil) : '';
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-cream-100 p-4 text-sm text-cocoa-700">
      <p>
        Something wrong with your {order.brief?.kind === 'event' ? 'order' : 'cake'}? You can open a
        satisfaction claim until {until}.
      </p>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Report a Problem
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) claim.reset();
        }}
      >
        <DialogContent
          title={`Report a problem: ${order.orderNumber}`}
          description="Tell us what went wrong and add photos if you can. The payment stays held until Frosted has looked into it; the vendor can answer."
          onCloseAutoFocus={keepPlacedFocus}
        >
          <form
            noValidate
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              const checked = openClaimSchema.safeParse({ description });
              const next: typeof errors = {};
              if (!checked.success) next.description = checked.error.issues[0]?.message;
              if (files.length > MAX_PHOTOS) next.files = `Add up to ${MAX_PHOTOS} photos.`;
              setErrors(next);
              if (next.description || next.files) return;
              const form = new FormData();
              form.set('description', description.trim());
              for (const f of files) form.append('files', f);
              claim.mutate(form, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success('Your claim is open. Frosted will be in touch.');
                  onOpened();
                },
                onError: (err) =>
                  !(err instanceof ApiError && Object.keys(err.fields).length) && toast.error(err.message),
              });
            }}
          >
            <TextareaField
              id={`claim-text-${order.id}`}
              label="What went wrong?"
              error={descriptionError}
              rows={5}
              maxLength={CLAIM_DESCRIPTION_MAX}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
            <FilePicker
              id={`claim-photos-${order.id}`}
              label={`Photos (up to ${MAX_PHOTOS})`}
              accept="image/jpeg,image/png,image/webp"
              multiple
              look="box"
              error={filesError}
              onFiles={setFiles}
            >
              <ImagePlus className="size-5 text-rose-600" aria-hidden />
              <span>
                {files.length
                  ? `${files.length} photo${files.length === 1 ? '' : 's'} chosen`
                  : 'Choose photos'}
              </span>
            </FilePicker>
            <Button type="submit" className="w-full" disabled={claim.isPending}>
              {claim.isPending ? 'Sending...' : 'Open Claim'}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
