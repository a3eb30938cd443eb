import { useState } from 'react';
import { toast } from 'sonner';
import { categoryLabel, locationLabel, specialtyLabel } from '../../../shared/catalog.ts';
import { rejectApplicationSchema, type VendorApplication } from '../../../shared/schemas/admin.ts';
import { formatDate } from '../../../shared/time.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextareaField } from '../../components/ui/field.tsx';
import { VendorChecklistReview } from '../verification/admin-review.tsx';
import { useApproveApplication, useRejectApplication } from './api.ts';

function RejectForm({ app, onDone }: { app: VendorApplication; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const reject = useRejectApplication(app.id);
  const submit = () => {
    const parsed = rejectApplicationSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    reject.mutate(parsed.data.reason, {
      onSuccess: () => {
        toast.success(`${app.businessName} was rejected and e-mailed the reason.`);
        onDone();
      },
      onError: (err) => toast.error(err.message),
    });
  };
  const id = `reject-${app.id}`;
  return (
    <div className="mt-4 space-y-3 rounded-xl bg-cream-100 p-4">
      <TextareaField
        id={id}
        label="Reason for the vendor"
        error={error}
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" onClick={submit} disabled={reject.isPending}>
          Send rejection
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** One application: who applied, Approve or Reject while pending, and the verification checklist. */
export function ApplicationCard({ app }: { app: VendorApplication }) {
  const [rejecting, setRejecting] = useState(false);
  const [checklist, setChecklist] = useState(false);
  const approve = useApproveApplication(app.id);
  const approveNow = () =>
    approve.mutate(undefined, {
      onSuccess: () => toast.success(`${app.businessName} is approved.`),
      // The server's reason (already decided, e-mail not confirmed).
      onError: (err) => toast.error(err.message),
    });
  return (
    <Card className="p-5" aria-label={app.businessName} role="group">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold">{app.businessName}</h3>
          <p className="text-sm font-medium text-cocoa-700">
            {categoryLabel(app.category)}
            {app.categories.length > 1 &&
              ` (also ${app.categories
                .filter((c) => c !== app.category)
                .map(categoryLabel)
                .join(', ')})`}
          </p>
          <p className="text-sm text-cocoa-600">
            {app.category === 'cakes' && `${specialtyLabel(app.specialty)} · `}
            {locationLabel(app.location)} · applied {formatDate(app.createdAt)}
          </p>
          <p className="text-sm text-cocoa-600">
            {app.email}{' '}
            {app.emailVerified ? (
              <Badge variant="verified">e-mail confirmed</Badge>
            ) : (
              <Badge variant="outline">e-mail not confirmed</Badge>
            )}
          </p>
          {app.businessAddress && <p className="text-sm text-cocoa-500">{app.businessAddress}</p>}
          {app.phone && <p className="text-sm text-cocoa-500">{app.phone}</p>}
          {app.rejectionReason && <p className="mt-2 text-sm text-rose-700">Reason: {app.rejectionReason}</p>}
        </div>
        {app.status === 'pending' && !rejecting && (
          <div className="flex flex-wrap items-center justify-end gap-2">
            {!app.emailVerified && (
              <p id={`unconfirmed-${app.id}`} className="w-full text-right text-sm text-cocoa-600">
                Approval waits until the vendor confirms their e-mail address.
              </p>
            )}
            <Button
              size="sm"
              onClick={approveNow}
              disabled={approve.isPending || !app.emailVerified}
              aria-label={`Approve ${app.businessName}`}
              aria-describedby={app.emailVerified ? undefined : `unconfirmed-${app.id}`}
            >
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setRejecting(true)}
              aria-label={`Reject ${app.businessName}`}
            >
              Reject
            </Button>
          </div>
        )}
      </div>
      {rejecting && <RejectForm app={app} onDone={() => setRejecting(false)} />}
      {app.status !== 'rejected' && (
        <div className="mt-4 border-t border-cocoa-900/5 pt-3">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={checklist}
            onClick={() => setChecklist((open) => !open)}
          >
            {checklist ? 'Hide' : 'Show'} verification checklist
            <span className="sr-only"> of {app.businessName}</span>
          </Button>
          {checklist && (
            <div className="mt-3">
              <VendorChecklistReview vendorId={app.id} />
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
