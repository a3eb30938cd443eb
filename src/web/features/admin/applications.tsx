import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { locationLabel, specialtyLabel } from '../../../shared/catalog.ts';
import {
  type ApplicationDecision,
  rejectApplicationSchema,
  type VendorApplication,
  type VendorApplicationList,
} from '../../../shared/schemas/admin.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, fieldA11y } from '../../components/ui/field.tsx';
import { Label, NativeSelect, Textarea } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api } from '../../lib/api.ts';
import { formatDate } from '../../../shared/time.ts';
import { VendorChecklistReview } from '../verification/admin-review.tsx';

type Status = VendorApplication['status'];

function RejectForm({ app, onDone }: { app: VendorApplication; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const qc = useQueryClient();
  const reject = useMutation({
    mutationFn: (r: string) =>
      api<ApplicationDecision>(`/api/admin/vendor-applications/${app.id}/reject`, {
        method: 'POST',
        json: { reason: r },
      }),
    onSuccess: () => {
      toast.success(`${app.businessName} was rejected and e-mailed the reason.`);
      void qc.invalidateQueries({ queryKey: ['admin', 'applications'] });
      onDone();
    },
    onError: (err) => toast.error(err.message),
  });
  const submit = () => {
    const parsed = rejectApplicationSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    reject.mutate(parsed.data.reason);
  };
  const id = `reject-${app.id}`;
  return (
    <div className="mt-4 space-y-3 rounded-xl bg-cream-100 p-4">
      <Field id={id} label="Reason for the vendor" error={error}>
        <Textarea
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...fieldA11y(id, error)}
        />
      </Field>
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

function ApplicationCard({ app }: { app: VendorApplication }) {
  const qc = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [checklist, setChecklist] = useState(false);
  const approve = useMutation({
    mutationFn: () =>
      api<ApplicationDecision>(`/api/admin/vendor-applications/${app.id}/approve`, { method: 'POST' }),
    onSuccess: () => {
      toast.success(`${app.businessName} is approved.`);
      void qc.invalidateQueries({ queryKey: ['admin', 'applications'] });
      void qc.invalidateQueries({ queryKey: ['vendors'] });
    },
    // The server's reason (already decided, e-mail not confirmed); the list may be out of date.
    onError: (err) => {
      toast.error(err.message);
      void qc.invalidateQueries({ queryKey: ['admin', 'applications'] });
    },
  });
  return (
    <Card className="p-5" aria-label={app.businessName} role="group">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold">{app.businessName}</h3>
          <p className="text-sm text-cocoa-600">
            {specialtyLabel(app.specialty)} · {locationLabel(app.location)} · applied{' '}
            {formatDate(app.createdAt)}
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
              onClick={() => approve.mutate()}
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

export function Applications() {
  const [status, setStatus] = useState<Status>('pending');
  const list = useQuery({
    queryKey: ['admin', 'applications', status],
    queryFn: () =>
      api<VendorApplicationList>(`/api/admin/vendor-applications?status=${status}`).then(
        (r) => r.applications,
      ),
  });
  return (
    <div className="space-y-4">
      <div className="max-w-xs space-y-1.5">
        <Label htmlFor="application-status">Show</Label>
        <NativeSelect
          id="application-status"
          value={status}
          onChange={(e) => setStatus(e.target.value as Status)}
        >
          <option value="pending">Pending applications</option>
          <option value="approved">Approved vendors</option>
          <option value="rejected">Rejected applications</option>
        </NativeSelect>
      </div>
      {list.isPending ? (
        <Spinner label="Loading applications" />
      ) : list.isError ? (
        <p role="alert">{list.error.message}</p>
      ) : list.data.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-cocoa-600">No {status} applications.</p>
      ) : (
        <ul className="space-y-3">
          {list.data.map((a) => (
            <li key={a.id}>
              <ApplicationCard app={a} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
