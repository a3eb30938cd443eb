import type { VerificationItem } from '../../../shared/schemas/verification.ts';
import { formatDayKey } from '../../../shared/time.ts';

/** 'Mar 1, 2027' for the Vancouver day '2027-03-01'. */
export const formatDay = (day: string) => formatDayKey(day, 'medium');

/**
 * The item's status in a few words, for its badge (a rejection's note is shown under the badge, where
 * a long one can wrap).
 */
export function stateText(item: VerificationItem): string {
  switch (item.state) {
    case 'missing':
      return 'Missing';
    case 'submitted':
      return 'Waiting for review';
    case 'verified':
      return item.expiresOn ? `Verified until ${formatDay(item.expiresOn)}` : 'Verified';
    case 'expired':
      return `Expired on ${item.expiresOn ? formatDay(item.expiresOn) : 'its expiry date'}`;
    case 'rejected':
      return 'Not accepted';
  }
}

export const stateBadge = (state: VerificationItem['state']) =>
  state === 'verified'
    ? 'verified'
    : state === 'submitted'
      ? 'secondary'
      : state === 'missing'
        ? 'outline'
        : 'soft';

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
