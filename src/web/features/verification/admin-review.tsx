import { BadgeCheck, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  rejectItemSchema,
  type VerificationItem,
  verifyItemSchemaFor,
} from '../../../shared/schemas/verification.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { InputField, TextareaField } from '../../components/ui/field.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useReviewItem, useVendorChecklist } from './api.ts';
import { formatBytes, stateBadge, stateText } from './format.ts';

type Errors = Partial<Record<'expiresOn' | 'note' | '_', string>>;

const firstErrors = (issues: { path: PropertyKey[]; message: string }[]): Errors => {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_') as keyof Errors;
    errors[key] ??= issue.message;
  }
  return errors;
};

/** Verify (note, expiry date where the document has one) or reject (note) the latest upload. */
function ReviewForm({
  vendorId,
  item,
  onDone,
}: {
  vendorId: string;
  item: VerificationItem;
  onDone: () => void;
}) {
  const id = useId();
  const [expiresOn, setExpiresOn] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const review = useReviewItem(vendorId, item.kind);
  const submittedAt = item.submittedAt ?? '';

  const send = (action: 'verify' | 'reject') => {
    const parsed =
      action === 'verify'
        ? verifyItemSchemaFor(item.kind).safeParse({
            submittedAt,
            note: note || undefined,
            expiresOn: expiresOn || undefined,
          })
        : rejectItemSchema.safeParse({ submittedAt, note });
    if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
    setErrors({});
    const request =
      action === 'verify'
        ? { action, input: verifyItemSchemaFor(item.kind).parse(parsed.data) }
        : { action, input: rejectItemSchema.parse(parsed.data) };
    review.mutate(request, {
      onSuccess: (result) => {
        toast.success(
          action === 'verify'
            ? `${item.label} verified.${result.verified ? ' The vendor now has the Verified badge.' : ''}`
            : `${item.label} rejected; the vendor was told why.`,
        );
        onDone();
      },
      onError: (err) =>
        err instanceof ApiError && Object.keys(err.fields).length > 0
          ? setErrors(err.fields as Errors)
          : setErrors({ _: err.message }),
    });
  };

  return (
    <div className="mt-3 space-y-3 rounded-xl bg-cream-100 p-4">
      {item.expires && (
        <InputField
          id={`${id}-expires`}
          label={`Last valid day (${item.label})`}
          error={errors.expiresOn}
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
          className="block max-w-52"
        />
      )}
      <TextareaField
        id={`${id}-note`}
        label="Note for the vendor (required to reject)"
        error={errors.note}
        rows={2}
        className="min-h-20"
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {errors._ && (
        <p role="alert" className="text-sm text-rose-700">
          {errors._}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => send('verify')} disabled={review.isPending}>
          <BadgeCheck aria-hidden /> Verify <span className="sr-only">{item.label}</span>
        </Button>
        <Button size="sm" variant="outline" onClick={() => send('reject')} disabled={review.isPending}>
          Reject <span className="sr-only">{item.label}</span>
        </Button>
      </div>
    </div>
  );
}

function ReviewItem({ vendorId, item }: { vendorId: string; item: VerificationItem }) {
  const [open, setOpen] = useState(item.state === 'submitted');
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-cocoa-900/5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h4 className="font-semibold">{item.label}</h4>
          <Badge variant={stateBadge(item.state)}>{stateText(item)}</Badge>
        </div>
        {item.document && !open && (
          // Outlined: when it wraps under the title on a phone it still reads as a button.
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            Review again <span className="sr-only">{item.label}</span>
          </Button>
        )}
      </div>
      {item.state === 'rejected' && item.note && (
        <p className="mt-2 text-sm break-words text-rose-700">Note to the vendor: {item.note}</p>
      )}
      {item.document && (
        <p className="mt-2 flex min-w-0 items-center gap-2 text-sm">
          <FileText className="size-4 shrink-0 text-cocoa-400" aria-hidden />
          <a href={item.document.url} download className="truncate text-rose-600 hover:underline">
            <span className="sr-only">Download {item.label}: </span>
            {item.document.name}
          </a>
          <span className="shrink-0 text-cocoa-500">({formatBytes(item.document.bytes)})</span>
        </p>
      )}
      {item.document && open && <ReviewForm vendorId={vendorId} item={item} onDone={() => setOpen(false)} />}
    </li>
  );
}

/** One vendor's checklist with the review forms (the queue and the applications list use it). */
export function VendorChecklistReview({ vendorId }: { vendorId: string }) {
  const { data, isPending, error, refetch } = useVendorChecklist(vendorId);
  if (isPending) return <Spinner label="Loading the checklist" />;
  if (error) return <LoadError message={error.message} onRetry={() => void refetch()} />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-cocoa-600">
        {data.verified
          ? 'Every required item is verified: the badge is shown.'
          : 'The Verified badge is not shown yet.'}
      </p>
      <ul className="space-y-3">
        {data.items.map((item) => (
          <ReviewItem key={`${item.kind}-${item.submittedAt ?? ''}`} vendorId={vendorId} item={item} />
        ))}
      </ul>
    </div>
  );
}
