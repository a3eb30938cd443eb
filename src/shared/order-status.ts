/**
 * Order statuses, their labels and badge styles (spec section 4, with `paid` and the later steps the
 * lifecycle needs). The changes between them are the table in order-machine.ts.
 */
export const ORDER_STATUSES = [
  /** Accepted quote, waiting for payment. */
  'pending',
  /** Paid (the money is held), waiting for the vendor to confirm. */
  'paid',
  'confirmed',
  'in_progress',
  'ready',
  'delivered',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** "in_progress" -> "In Progress": underscores become spaces and words are capitalized. */
export function orderStatusLabel(status: string): string {
  return status
    .split('_')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export type BadgeVariant = 'default' | 'secondary' | 'outline';

/** completed is default, in_progress is secondary, anything else is outline. */
export function orderStatusBadge(status: string): BadgeVariant {
  if (status === 'completed') return 'default';
  if (status === 'in_progress') return 'secondary';
  return 'outline';
}

export const canLeaveReview = (status: string): boolean => status === 'completed';
