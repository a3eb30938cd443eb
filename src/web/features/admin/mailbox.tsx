import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { Mailbox as MailboxList, OutboxEmailResponse } from '../../../shared/schemas/admin.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../../shared/time.ts';

export function Mailbox() {
  const [to, setTo] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'mailbox', to],
    queryFn: () => api<MailboxList>(`/api/admin/mailbox?${new URLSearchParams(to ? { to } : {})}`),
    refetchInterval: 5000,
  });
  const open = useQuery({
    queryKey: ['admin', 'mailbox', 'email', openId],
    queryFn: () => api<OutboxEmailResponse>(`/api/admin/mailbox/${openId}`).then((r) => r.email),
    enabled: openId !== null,
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr]">
      <div>
        <Input
          type="search"
          aria-label="Filter by recipient"
          placeholder="Filter by recipient e-mail"
          value={to}
          onChange={(e) => setTo(e.target.value.trim())}
        />
        {list.isPending ? (
          <Spinner className="mt-6" label="Loading e-mails" />
        ) : list.isError ? (
          <p role="alert" className="mt-6 text-rose-700">
            {list.error.message}
          </p>
        ) : list.data.emails.length === 0 ? (
          <p className="mt-6 text-cocoa-600">No e-mails{to ? ` to ${to}` : ''} yet.</p>
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
                  <span className="block font-semibold">{e.subject}</span>
                  <span className="block text-sm text-cocoa-600">To {e.to}</span>
                  <span className="block text-xs text-cocoa-400">{formatDateTime(e.createdAt)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Card className="min-h-64 p-6">
        {!openId ? (
          <p className="flex items-center gap-2 text-cocoa-500">
            <Mail className="size-5" aria-hidden /> Choose an e-mail to read it.
          </p>
        ) : open.isPending ? (
          <Spinner label="Loading e-mail" />
        ) : open.isError ? (
          <p role="alert">{open.error.message}</p>
        ) : (
          <article aria-label={open.data.subject}>
            <h2 className="text-xl font-semibold">{open.data.subject}</h2>
            <p className="text-sm text-cocoa-500">To {open.data.to}</p>
            {open.data.link && (
              <p className="mt-3 break-all text-sm">
                Link:{' '}
                <a className="font-medium text-rose-600 underline" href={open.data.link}>
                  {open.data.link}
                </a>
              </p>
            )}
            <iframe
              title="E-mail preview"
              sandbox=""
              srcDoc={open.data.html}
              className="mt-4 h-[28rem] w-full rounded-xl border border-cocoa-900/10 bg-cream-100"
            />
          </article>
        )}
      </Card>
    </div>
  );
}
