import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useMailbox } from './api.ts';
import { EmailReader } from './email-reader.tsx';
import { StatusBadge, deliveryLine, subjectOf } from './mailbox-format.tsx';

/** Every e-mail Frosted sends: the list (by recipient, failed only) beside the open e-mail. */
export function Mailbox() {
  const [to, setTo] = useState('');
  const [failedOnly, setFailedOnly] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const reader = useRef<HTMLDivElement>(null);
  // In one column (phones, tablets) the e-mail opens below the list: bring it into view.
  useEffect(() => {
    if (openId && !window.matchMedia('(min-width: 64rem)').matches)
      reader.current?.scrollIntoView({ block: 'start' });
  }, [openId]);
  const list = useMailbox(to, failedOnly);

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
        <EmailReader openId={openId} />
      </Card>
    </div>
  );
}
