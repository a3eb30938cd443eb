import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type {
  Mailbox as MailboxList,
  OutboxEmailResponse,
  OutboxEmailSummary,
} from '../../../shared/schemas/admin.ts';
import type { EmailStatus } from '../../../shared/schemas/email.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api } from '../../lib/api.ts';

const STATUS_LABELS: Record<EmailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept',
  cancelled: 'Not sent',
};

function StatusBadge({ status }: { status: EmailStatus }) {
  const variant =
    status === 'failed'
      ? 'default'
      : status === 'sent'
        ? 'verified'
        : status === 'kept' || status === 'cancelled'
          ? 'outline'
          : 'secondary';
  return <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>;
}

/** Subject, or what it will be while the delivery round has not written it yet. */
const subjectOf = (e: Pick<OutboxEmailSummary, 'subject' | 'kind'>) =>
  e.subject ?? `(${e.kind}: written when it is sent)`;

function deliveryLine(e: OutboxEmailSummary) {
  if (e.status === 'sent' && e.sentAt) return `Sent ${formatDateTime(e.sentAt)}`;
  if (e.status === 'failed') return `Gave up after ${e.attempts} attempt${e.attempts === 1 ? '' : 's'}`;
  if (e.status === 'queued' && e.attempts > 0 && e.nextAttemptAt)
    return `Attempt ${e.attempts} failed; next try ${formatDateTime(e.nextAttemptAt)}`;
  return `Written ${formatDateTime(e.createdAt)}`;
}

/** The attempts, unless the delivery line already counts them (failed, or waiting for another try). */
function attemptsNote(e: OutboxEmailSummary) {
  if (e.status === 'failed' || (e.status === 'queued' && e.attempts > 0 && e.nextAttemptAt)) return '';
  return ` · ${e.attempts} attempt${e.attempts === 1 ? '' : 's'}`;
}

/** Still on its way: the open e-mail is read again until the delivery round is done with it. */
const inFlight = (status: EmailStatus | undefined) => status === 'queued' || status === 'sending';

export function Mailbox() {
  const qc = useQueryClient();
  const [to, setTo] = useState('');
  const [failedOnly, setFailedOnly] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const reader = useRef<HTMLDivElement>(null);
  // In one column (phones, tablets) the e-mail opens below the list: bring it into view.
  useEffect(() => {
    if (openId && !window.matchMedia('(min-width: 64rem)').matches)
      reader.current?.scrollIntoView({ block: 'start' });
  }, [openId]);
  const list = useQuery({
    queryKey: ['admin', 'mailbox', to, failedOnly],
    queryFn: () =>
      api<MailboxList>(
        `/api/admin/mailbox?${new URLSearchParams({ ...(to ? { to } : {}), ...(failedOnly ? { status: 'failed' } : {}) })}`,
      ),
    refetchInterval: 5000,
  });
  const open = useQuery({
    queryKey: ['admin', 'mailbox', 'email', openId],
    queryFn: () => api<OutboxEmailResponse>(`/api/admin/mailbox/${openId}`).then((r) => r.email),
    enabled: openId !== null,
    refetchInterval: (q) => (inFlight(q.state.data?.status) ? 2000 : false),
  });
  const retry = useMutation({
    mutationFn: (id: string) =>
      api<OutboxEmailResponse>(`/api/admin/mailbox/${id}/retry`, { method: 'POST' }),
    onSuccess: ({ email }) => {
      qc.setQueryData(['admin', 'mailbox', 'email', email.id], email);
      toast.success(`The e-mail to ${email.to} is queued again.`);
      void qc.invalidateQueries({ queryKey: ['admin', 'mailbox'] });
    },
    onError: (err) => toast.error(err.message),
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr]">
      <div>
        {list.data && list.data.failed > 0 && (
          <p
            role="status"
            className="mb-4 flex items-start gap-2 rounded-2xl bg-rose-50 p-4 text-sm text-rose-800"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {list.data.failed === 1
                ? '1 e-mail could not be sent.'
                : `${list.data.failed} e-mails could not be sent.`}{' '}
              Open one to read the error, then retry it.
            </span>
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Input
            type="search"
            aria-label="Filter by recipient"
            placeholder="Filter by recipient e-mail"
            value={to}
            onChange={(e) => setTo(e.target.value.trim())}
          />
          <label className="flex shrink-0 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-rose-600"
              checked={failedOnly}
              onChange={(e) => setFailedOnly(e.target.checked)}
            />
            Failed only
          </label>
        </div>
        {list.isPending ? (
          <Spinner className="mt-6" label="Loading e-mails" />
        ) : list.isError ? (
          <p role="alert" className="mt-6 text-rose-700">
            {list.error.message}
          </p>
        ) : list.data.emails.length === 0 ? (
          <p className="mt-6 text-cocoa-600">
            {failedOnly ? 'No failed e-mails' : 'No e-mails'}
            {to ? ` to ${to}` : ''} yet.
          </p>
        ) : (
          <ul className="mt-4 space-y-2">
            {list.data.emails.map((e) => (
              <li key={e.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(e.id)}
                  aria-pressed={openId === e.id}
                  className="w-full rounded-2xl bg-white p-4 text-left shadow-[var(--shadow-soft)] hover:ring-2 hover:ring-rose-200 aria-pressed:ring-2 aria-pressed:ring-rose-400"
                >
                  <span className="flex items-start justify-between gap-3">
                    <span className="block font-semibold break-words">{subjectOf(e)}</span>
                    <StatusBadge status={e.status} />
                  </span>
                  <span className="block text-sm break-all text-cocoa-600">To {e.to}</span>
                  <span className="block text-xs text-cocoa-500">{deliveryLine(e)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Card ref={reader} className={`min-h-64 scroll-mt-20 p-6 ${openId ? '' : 'hidden lg:block'}`}>
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
                onClick={() => retry.mutate(open.data.id)}
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
      </Card>
    </div>
  );
}
