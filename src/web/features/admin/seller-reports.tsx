import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatCents } from '../../../shared/money.ts';
import type { SellerReportSummary } from '../../../shared/schemas/seller-report.ts';
import { FIRST_REPORT_YEAR } from '../../../shared/seller-report.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { Options } from '../../components/ui/input.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { reportCsvUrl, useGenerateReport, useSellerReport, useSellerReports } from '../tax-info/api.ts';

/** This year back to the first year of the rules, newest first. */
const yearOptions = () => {
  const now = new Date().getFullYear();
  return Array.from({ length: now - FIRST_REPORT_YEAR + 1 }, (_, i) => String(now - i));
};

/**
 * The yearly seller reports (Part XX): generate a year (a job; again to replace it), see who is
 * reported with their figures per quarter, download the CSV for filing.
 */
export function SellerReports() {
  const reports = useSellerReports();
  const generate = useGenerateReport();
  const years = yearOptions();
  // The report due by January 31 is the year just ended's.
  const [year, setYear] = useState(years[1] ?? years[0]!);
  if (reports.isPending) return <Spinner label="Loading seller reports" className="py-10" />;
  if (reports.isError)
    return (
      <LoadError message={reports.error.message} onRetry={() => void reports.refetch()} className="p-6" />
    );
  const onGenerate = () =>
    generate.mutate(
      { year: Number(year) },
      {
        onSuccess: () => toast.success(`The ${year} report is being prepared.`),
        onError: (e) => toast.error(e.message),
      },
    );
  return (
    <div className="space-y-6">
      <Card className="space-y-4 p-5 sm:p-6">
        <p className="text-sm text-cocoa-600">
          Each reportable seller’s sales for a calendar year, due to the CRA by January 31 (Part XX of the
          Income Tax Act). Sellers of goods only with fewer than 30 sales and at most $2,800 are left out.
          Reported sellers are e-mailed once and can download their copy.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-40">
            <SelectField id="report-year" label="Year" value={year} onChange={(e) => setYear(e.target.value)}>
              <Options options={years} />
            </SelectField>
          </div>
          <Button onClick={onGenerate} disabled={generate.isPending}>
            {generate.isPending ? 'Starting...' : `Generate ${year} report`}
          </Button>
        </div>
      </Card>
      {reports.data.reports.length === 0 ? (
        <Card className="p-8 text-center text-cocoa-600">No reports generated yet.</Card>
      ) : (
        reports.data.reports.map((r) => <ReportCard key={r.year} summary={r} />)
      )}
    </div>
  );
}

function ReportCard({ summary }: { summary: SellerReportSummary }) {
  const ready = summary.status === 'ready';
  const report = useSellerReport(ready ? summary.year : null, summary.generatedAt);
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-xl font-semibold">
            {summary.year} seller report{' '}
            <Badge variant={ready ? 'verified' : 'secondary'}>{ready ? 'Ready' : 'Preparing…'}</Badge>
          </h3>
          {ready && (
            <p className="text-sm text-cocoa-600">
              {summary.reportedCount} reported · {summary.excludedCount} left out under the limits ·{' '}
              {summary.missingTaxInformationCount} without tax information · prepared{' '}
              {formatDateTime(summary.generatedAt!)}
            </p>
          )}
        </div>
        {ready && (
          <Button asChild variant="outline" size="sm">
            <a href={reportCsvUrl(summary.year)} download>
              <Download aria-hidden /> Download {summary.year} CSV
            </a>
          </Button>
        )}
      </div>
      {report.data && report.data.rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{summary.year} reported sellers</caption>
            <thead className="border-b border-cocoa-900/10 text-cocoa-600">
              <tr>
                <th scope="col" className="px-2 py-2 font-medium">
                  Seller
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Tax number
                </th>
                {[1, 2, 3, 4].map((q) => (
                  <th key={q} scope="col" className="px-2 py-2 text-right font-medium">
                    Q{q}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Sales
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Fees
                </th>
              </tr>
            </thead>
            <tbody>
              {report.data.rows.map((row) => (
                <tr key={row.vendorId} className="border-b border-cocoa-900/5 last:border-0">
                  <th scope="row" className="px-2 py-2 font-normal">
                    <span className="font-medium">{row.legalName ?? row.businessName}</span>
                    {row.legalName === null && (
                      <span className="block text-xs text-rose-700">No tax information yet</span>
                    )}
                  </th>
                  <td className="px-2 py-2 whitespace-nowrap">{row.tinMasked ?? '—'}</td>
                  {row.quarters.map((q, i) => (
                    <td key={i} className="px-2 py-2 text-right whitespace-nowrap">
                      {formatCents(q.considerationCents)}
                    </td>
                  ))}
                  <td className="px-2 py-2 text-right">{row.totals.activities}</td>
                  <td className="px-2 py-2 text-right whitespace-nowrap">
                    {formatCents(row.totals.feesCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
