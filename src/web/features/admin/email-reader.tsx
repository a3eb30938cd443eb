import { Mail, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useOutboxEmail, useRetryEmail } from './api.ts';
import { StatusBadge, attemptsNote, deliveryLine, subjectOf } from './mailbox-format.tsx';

/** The open e-mail: its delivery, its last error (with Retry sending when it failed) and its preview. */
export function EmailReader({ openId }: { openId: string | null }) {
  const open = useOutboxEmail(openId);
  const retry = useRetryEmail();
  const retryNow = (id: string) =>
    retry.mutate(id, {
      onSuccess: ({ email }) => toast.success(`The e-mail to ${email.to} is queued again.`),
      onError: (err) => toast.error(err.message),
    });
  return (
    <>
      {!openId ? (
        <p className="flex items-center gap-2 text-cocoa-500">
          <Mail className="size-5" aria-hidden /> Choose an e-mail to read it.
        </p>
      ) : open.isPending ? (
        <Spinner label="Loading e-mail" />
      ) : open.isError ? (
        <p role="alert">{open.error.message}</p>
      ) : (
        <article aria-label={subjectOf(open.data)}>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h2 className="text-xl font-semibold break-words">{subjectOf(open.data)}</h2>
            <StatusBadge status={open.data.status} />
          </div>
          <p className="text-sm break-all text-cocoa-500">To {open.data.to}</p>
          <p className="text-sm text-cocoa-500">
            {deliveryLine(open.data)}
            {attemptsNote(open.data)}
          </p>
          {open.data.lastError && (
            <p role="note" className="mt-3 rounded-xl bg-rose-50 p-3 text-sm break-words text-rose-800">
              Last error: {open.data.lastError}
            </p>
          )}
          {open.data.status === 'failed' && (
            <Button
              className="mt-3"
              size="sm"
              disabled={retry.isPending}
              onClick={() => retryNow(open.data.id)}
            >
              <RotateCcw aria-hidden /> Retry sending
            </Button>
          )}
          {open.data.link && (
            <p className="mt-3 text-sm break-all">
              Link:{' '}
              <a className="font-medium text-rose-600 underline" href={open.data.link}>
                {open.data.link}
              </a>
            </p>
          )}
          {open.data.html ? (
            <iframe
              title="E-mail preview"
              sandbox=""
              srcDoc={open.data.html}
              className="mt-4 h-[28rem] w-full rounded-xl border border-cocoa-900/10 bg-cream-100"
            />
          ) : (
            <p className="mt-4 text-cocoa-600">It is written from what it is about when it is sent.</p>
          )}
        </article>
      )}
    </>
  );
}
