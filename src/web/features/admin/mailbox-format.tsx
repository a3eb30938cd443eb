import type { OutboxEmailSummary } from '../../../shared/schemas/admin.ts';
import type { EmailStatus } from '../../../shared/schemas/email.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { Badge } from '../../components/ui/badge.tsx';

const STATUS_LABELS: Record<EmailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept',
  cancelled: 'Not sent',
};

export function StatusBadge({ status }: { status: EmailStatus }) {
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
export const subjectOf = (e: Pick<OutboxEmailSummary, 'subject' | 'kind'>) =>
  e.subject ?? `(${e.kind}: written when it is sent)`;

export function deliveryLine(e: OutboxEmailSummary) {
  if (e.status === 'sent' && e.sentAt) return `Sent ${formatDateTime(e.sentAt)}`;
  if (e.status === 'failed') return `Gave up after ${e.attempts} attempt${e.attempts === 1 ? '' : 's'}`;
  if (e.status === 'queued' && e.attempts > 0 && e.nextAttemptAt)
    return `Attempt ${e.attempts} failed; next try ${formatDateTime(e.nextAttemptAt)}`;
  return `Written ${formatDateTime(e.createdAt)}`;
}

/** The attempts, unless the delivery line already counts them (failed, or waiting for another try). */
export function attemptsNote(e: OutboxEmailSummary) {
  if (e.status === 'failed' || (e.status === 'queued' && e.attempts > 0 && e.nextAttemptAt)) return '';
  return ` · ${e.attempts} attempt${e.attempts === 1 ? '' : 's'}`;
}
