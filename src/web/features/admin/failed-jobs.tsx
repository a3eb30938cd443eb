import { RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import type { FailedJob } from '../../../shared/schemas/jobs.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { HeaderRow } from '../../components/ui/table.tsx';
import { useFailedJobs, useRetryingJob, useRetryJob } from './api.ts';

const COLUMNS = [
  { label: 'Job' },
  { label: 'Attempts', numeric: true },
  { label: 'Last error' },
  { label: 'Last run' },
  { label: 'Retry', srOnly: true },
];

/**
 * The job queue's dead letter: background jobs that failed on every attempt, newest first, each with
 * its last error and Retry. A table from the sm breakpoint up; on a phone, a card per job.
 */
export function FailedJobs() {
  const jobs = useFailedJobs();
  if (jobs.isPending) return <Spinner label="Loading failed jobs" className="py-10" />;
  if (jobs.isError)
    return <LoadError message={jobs.error.message} onRetry={() => void jobs.refetch()} className="p-6" />;
  if (jobs.data.length === 0)
    return (
      <Card className="p-8 text-center text-cocoa-600">
        No failed jobs. Every background job has run or is waiting for its next try.
      </Card>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-cocoa-600">
        {jobs.data.length === 1 ? '1 job' : `${jobs.data.length} jobs`} failed on every attempt, newest first.
        Fix the cause, then retry: the job runs again with its attempts reset.
      </p>
      <Card className="hidden overflow-x-auto p-0 sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Failed jobs</caption>
          <thead className="border-b border-cocoa-900/10 bg-cream-100 text-cocoa-600">
            <HeaderRow columns={COLUMNS} className="px-4 py-2 font-medium" />
          </thead>
          <tbody>
            {jobs.data.map((job) => (
              <tr key={job.id} className="border-b border-cocoa-900/5 align-top last:border-0">
                <th scope="row" className="px-4 py-3 font-normal">
                  <JobName job={job} />
                </th>
                <td className="px-4 py-3 text-right">{job.attempts}</td>
                <td className="max-w-sm px-4 py-3">
                  <LastError error={job.lastError} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(job.updatedAt)}</td>
                <td className="px-4 py-3 text-right">
                  <RetryButton job={job} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="space-y-3 sm:hidden" aria-label="Failed jobs">
        {jobs.data.map((job) => (
          <li key={job.id}>
            <Card className="space-y-3 p-4 text-sm">
              <JobName job={job} />
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-cocoa-600">Attempts</dt>
                <dd>{job.attempts}</dd>
                <dt className="text-cocoa-600">Last run</dt>
                <dd>{formatDateTime(job.updatedAt)}</dd>
              </dl>
              <div>
                <p className="text-cocoa-600">Last error</p>
                <LastError error={job.lastError} />
              </div>
              <RetryButton job={job} />
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the job does (its kind) and what it is about (its key). */
function JobName({ job }: { job: FailedJob }) {
  return (
    <span className="block min-w-0">
      <span className="block font-semibold text-cocoa-900">{job.kind}</span>
      <span className="block font-mono text-xs break-all text-cocoa-600">{job.key}</span>
    </span>
  );
}

/** The last error; a long one (a stack) opens in full on request. */
function LastError({ error }: { error: string | null }) {
  if (!error) return <p className="text-cocoa-500">No error was recorded.</p>;
  const [firstLine = ''] = error.split('\n');
  if (firstLine === error && error.length <= 160) return <p className="break-words text-rose-800">{error}</p>;
  const cut = firstLine.length > 160;
  return (
    <details className="text-rose-800">
      <summary className="cursor-pointer break-words">
        {cut ? `${firstLine.slice(0, 160)}…` : firstLine}
      </summary>
      {/* The rest of it: all of it when the first line was cut. */}
      <pre className="mt-2 font-mono text-xs break-words whitespace-pre-wrap">
        {cut ? error : error.slice(firstLine.length + 1)}
      </pre>
    </details>
  );
}

function RetryButton({ job }: { job: FailedJob }) {
  const retry = useRetryJob(job.id);
  const retrying = useRetryingJob(job.id);
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={retrying}
      onClick={() =>
        retry.mutate(undefined, {
          onSuccess: () => toast.success(`The ${job.kind} job is queued again.`),
          onError: (err) => toast.error(err.message),
        })
      }
    >
      <RotateCcw aria-hidden />
      {retrying ? 'Retrying...' : 'Retry'}
      <span className="sr-only">
        {' '}
        {job.kind} {job.key}
      </span>
    </Button>
  );
}
