import type { OrderStatus } from './order-status.ts';
import { formatDateTime, HOUR_MS } from './time.ts';

/**
 * Design proofs: after payment the vendor sends a proof (round 1, 2, …); the customer approves it or
 * asks for changes, which the vendor answers with the next round. Changes close at the vendor's
 * cut-off before the event; approving stays possible after it. The one home of these rules: the server
 * enforces them, the web app shows them.
 */

/** A vendor's cut-off when they set none (vendors.change_cutoff_hours defaults to the same). */
export const DEFAULT_CHANGE_CUTOFF_HOURS = 72;
export const PROOF_IMAGES_MAX = 5;
export const PROOF_NOTE_MAX = 2_000;

export const PROOF_STATUSES = ['sent', 'approved', 'changes_requested'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

/** The order statuses in which proofs are sent and answered: paid, and until the cake is made. */
export const PROOF_ORDER_STATUSES = [
  'paid',
  'confirmed',
  'in_progress',
] as const satisfies readonly OrderStatus[];

export const proofsOpenFor = (status: string): boolean =>
  (PROOF_ORDER_STATUSES as readonly string[]).includes(status);

/**
 * When changes close: `cutoffHours` elapsed hours before the delivery time (as the cancellation
 * windows count), so across a daylight-saving change the wall-clock time moves by an hour. No delivery
 * time, no cut-off.
 */
export function changeCutoffAt(deliveryDate: Date | string | null, cutoffHours: number): Date | null {
  if (deliveryDate === null) return null;
  if (!Number.isInteger(cutoffHours) || cutoffHours < 0)
    throw new RangeError(`cut-off hours must be a whole number ≥ 0, got ${cutoffHours}`);
  return new Date(new Date(deliveryDate).getTime() - cutoffHours * HOUR_MS);
}

/** Whether the customer may still ask for changes at `now`: strictly before the cut-off. */
export function changesOpen({
  deliveryDate,
  cutoffHours,
  now,
}: {
  deliveryDate: Date | string | null;
  cutoffHours: number;
  now: Date;
}): boolean {
  const cutoff = changeCutoffAt(deliveryDate, cutoffHours);
  return cutoff === null || now.getTime() < cutoff.getTime();
}

/**
 * What the vendor may do next: send round 1, or the next round once the customer asked for changes on
 * the latest. One proof waits for an answer at a time, and an approved design is final.
 */
export function canSendProof(orderStatus: string, latest: ProofStatus | undefined): boolean {
  return proofsOpenFor(orderStatus) && (latest === undefined || latest === 'changes_requested');
}

/** The line on the brief once changes have closed ("Design locked Nov 20, 2026, 5:00 p.m.: …"). */
export const designLockedText = (cutoffAt: Date | string, cutoffHours: number) =>
  `Design locked ${formatDateTime(cutoffAt)}: changes closed ${cutoffHours} hours before the event.`;

export const PROOF_MESSAGES = {
  orderNotOpen: 'Design proofs can be sent and answered once the order is paid, until the cake is ready.',
  awaitingAnswer: 'The customer has not answered the latest proof yet.',
  alreadyApproved: 'The design is approved: no more proofs are needed.',
  notAwaiting: 'This proof has already been answered, or a newer one was sent.',
  changesClosed: (cutoffAt: Date | string, cutoffHours: number) =>
    `Changes closed ${formatDateTime(cutoffAt)} (${cutoffHours} hours before the event): the design is locked. You can still approve the proof.`,
} as const;

/** One step of a proof round in the order's history: sent by the vendor, or answered by the customer. */
export interface ProofStep {
  key: string;
  label: string;
  party: 'customer' | 'vendor';
  at: string;
}

/** The proof rounds as steps of the order's history, oldest first: each round sent, and its answer. */
export function proofSteps(
  rounds: { round: number; status: ProofStatus; createdAt: Date; respondedAt: Date | null }[],
): ProofStep[] {
  return [...rounds]
    .sort((a, b) => a.round - b.round)
    .flatMap((r) => [
      {
        key: `proof-${r.round}-sent`,
        label: `Design proof ${r.round} sent`,
        party: 'vendor' as const,
        at: r.createdAt.toISOString(),
      },
      ...(r.status !== 'sent' && r.respondedAt
        ? [
            {
              key: `proof-${r.round}-${r.status}`,
              label:
                r.status === 'approved'
                  ? `Design proof ${r.round} approved`
                  : `Changes requested to design proof ${r.round}`,
              party: 'customer' as const,
              at: r.respondedAt.toISOString(),
            },
          ]
        : []),
    ]);
}
