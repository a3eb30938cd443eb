import { ArrowLeft, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useOwnChecklist } from '../features/verification/api.ts';
import { VendorChecklist } from '../features/verification/vendor-checklist.tsx';

/** The vendor's verification checklist (pending vendors too: it is part of the application). */
export default function VendorVerificationPage() {
  return <RequireAuth need="vendor">{() => <Checklist />}</RequireAuth>;
}

function Checklist() {
  const { data, isPending, error, refetch } = useOwnChecklist();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/vendor-dashboard"
        className="inline-flex items-center gap-1 text-sm font-medium text-rose-600 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Vendor Dashboard
      </Link>
      <h1 className="mt-3 text-4xl font-semibold">Verification checklist</h1>
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
    </div>
  );
}
