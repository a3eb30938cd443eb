import { Info } from 'lucide-react';
import { useServerConfig } from './api.ts';

/** Shown while no e-mail server is configured: messages go to the admin mailbox instead. */
export function DemoModeBanner() {
  const { data } = useServerConfig();
  if (data?.mail !== 'outbox') return null;
  return (
    <div
      role="note"
      className="flex gap-3 rounded-2xl border border-gold-400/40 bg-gold-100 p-4 text-left text-sm text-cocoa-700"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-gold-600" aria-hidden />
      <p>
        <strong>Demo Mode:</strong> this Frosted server has no e-mail service configured, so verification and
        password-reset e-mails are not sent. An administrator can read them in the admin mailbox
        (/admin/mailbox).
      </p>
    </div>
  );
}
