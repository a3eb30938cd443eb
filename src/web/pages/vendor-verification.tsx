import { Lock } from 'lucide-react';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useOwnChecklist } from '../features/verification/api.ts';
import { VendorChecklist } from '../features/verification/vendor-checklist.tsx';
import { VendorSubpage } from '../features/vendor-admin/vendor-subpage.tsx';

/** The vendor's verification checklist (pending vendors too: it is part of the application). */
export default function VendorVerificationPage() {
  return <RequireAuth need="vendor">{() => <Checklist />}</RequireAuth>;
}

function Checklist() {
  const { data, isPending, error, refetch } = useOwnChecklist();
  return (
    <VendorSubpage title="Verification checklist">
      <p className="mt-2 flex items-start gap-2 text-cocoa-600">
        <Lock className="mt-1 size-4 shrink-0" aria-hidden />
        Your documents are private: only you and Frosted’s administrators can open them. Your public page
        lists what was checked, never the documents.
      </p>
      <div className="mt-8">
        {isPending ? (
          <Spinner label="Loading your checklist" />
        ) : error ? (
          <LoadError message={error.message} onRetry={() => void refetch()} />
        ) : (
          <VendorChecklist checklist={data} />
        )}
      </div>
    </VendorSubpage>
  );
}
