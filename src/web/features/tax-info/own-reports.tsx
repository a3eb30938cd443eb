import { Download } from 'lucide-react';
import { formatCents } from '../../../shared/money.ts';
import { formatDate } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ownReportCsvUrl, useOwnSellerReports } from './api.ts';

/** The vendor's own copies of the yearly report: what Frosted told the CRA, one card a year. */
export function OwnReports() {
  const reports = useOwnSellerReports();
  if (reports.isPending) return <Spinner label="Loading your reports" className="py-6" />;
  if (reports.isError)
    return <LoadError message={reports.error.message} onRetry={() => void reports.refetch()} />;
  if (reports.data.reports.length === 0)
    return (
      <p className="text-cocoa-600">
        No reports yet. After each year, if your sales are reportable, your copy appears here and we e-mail
        you.
      </p>
    );
  return (
    <ul className="space-y-3">
      {reports.data.reports.map((r) => (
        <li key={r.year}>
          <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-semibold">{r.year} seller report</p>
              <p className="text-sm text-cocoa-600">
                {r.totals.activities} {r.totals.activities === 1 ? 'sale' : 'sales'} ·{' '}
                {formatCents(r.totals.considerationCents)} before fees · prepared {formatDate(r.generatedAt)}
              </p>
            </div>
            <Button asChild variant="outline" size="sm">
              <a href={ownReportCsvUrl(r.year)} download>
                <Download aria-hidden /> Download {r.year} (CSV)
              </a>
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}
