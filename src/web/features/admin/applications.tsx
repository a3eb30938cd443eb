import { useState } from 'react';
import type { VendorApplication } from '../../../shared/schemas/admin.ts';
import { Label, NativeSelect } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useApplications } from './api.ts';
import { ApplicationCard } from './application-card.tsx';

type Status = VendorApplication['status'];

/** Vendor applications by status: pending ones to decide, approved and rejected ones to look back on. */
export function Applications() {
  const [status, setStatus] = useState<Status>('pending');
  const list = useApplications(status);
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
