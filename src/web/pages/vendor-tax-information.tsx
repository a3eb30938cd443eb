import { Lock } from 'lucide-react';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Card } from '../components/ui/card.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { VendorSubpage } from '../features/vendor-admin/vendor-subpage.tsx';
import { useTaxInformation } from '../features/tax-info/api.ts';
import { OwnReports } from '../features/tax-info/own-reports.tsx';
import { TaxInfoForm } from '../features/tax-info/tax-info-form.tsx';

/** The vendor's tax information for the yearly seller report, and their copies of it (pending vendors too). */
export default function VendorTaxInformationPage() {
  return <RequireAuth need="vendor">{() => <TaxInformation />}</RequireAuth>;
}

function TaxInformation() {
  const { data, isPending, error, refetch } = useTaxInformation();
  return (
    <VendorSubpage title="Tax information">
      <p className="mt-3 text-cocoa-600">
        Canada’s rules for online marketplaces (Part XX of the Income Tax Act) require Frosted to report each
        seller’s sales to the Canada Revenue Agency every year, and to send you the same information. We need
        these details before your first payout.
      </p>
      <p className="mt-2 flex items-start gap-2 text-sm text-cocoa-600">
        <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
        Your tax number and date of birth are encrypted. Only you (the last 3 digits) and Frosted’s
        administrators can see them, and they are shared only with the CRA.
      </p>
      <div className="mt-8">
        {isPending ? (
          <Spinner label="Loading your tax information" />
        ) : error ? (
          <LoadError message={error.message} onRetry={() => void refetch()} />
        ) : (
          <Card className="p-5 sm:p-8">
            {data.complete ? (
              <p className="mb-6 rounded-2xl bg-cream-100 p-3 text-sm text-cocoa-700">
                Your tax information is complete. Change anything below and save.
              </p>
            ) : (
              <p className="mb-6 rounded-2xl bg-gold-100 p-3 text-sm text-cocoa-700">
                Your tax information is missing: payouts wait until it is saved.
              </p>
            )}
            <TaxInfoForm view={data} />
          </Card>
        )}
      </div>
      <h2 className="mt-10 text-2xl font-semibold">Your yearly reports</h2>
      <div className="mt-4">
        <OwnReports />
      </div>
    </VendorSubpage>
  );
}
