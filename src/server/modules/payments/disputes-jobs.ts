import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { CLOSED_DISPUTE_STATUSES, disputeOrders, disputes, users } from '../../db/schema/index.ts';
import { cancelJob, scheduleJob, type JobHandlers } from '../jobs/index.ts';
import { publish, vendorOwnerId } from '../notifications/index.ts';

/**
 * The reminders before a dispute's evidence is due: the admins and the vendors of its orders are told
 * 3 days and 1 day before, unless the evidence is in by then (or the dispute is over). Timers on the
 * one job queue, moved when the processor moves the due date.
 */
export const DISPUTE_REMINDER_JOB = 'payments.disputeReminder';
export const DISPUTE_REMINDER_DAYS = [3, 1] as const;
export const disputeReminderJobKey = (disputeId: string, days: number) =>
  `dispute:${disputeId}:remind:${days}d`;

const DAY = 86_400_000;

export async function scheduleDisputeReminders(
  tx: Tx,
  { disputeId, dueBy, now }: { disputeId: string; dueBy: Date; now: Date },
) {
  for (const days of DISPUTE_REMINDER_DAYS) {
    const key = disputeReminderJobKey(disputeId, days);
    const runAt = new Date(dueBy.getTime() - days * DAY);
    // A reminder whose moment has passed is not sent late (the nearer one follows).
    if (runAt <= now) await cancelJob(tx, key);
    else await scheduleJob(tx, { kind: DISPUTE_REMINDER_JOB, key, runAt, payload: { disputeId, days } });
  }
}

export async function cancelDisputeReminders(tx: Tx, disputeId: string) {
  for (const days of DISPUTE_REMINDER_DAYS) await cancelJob(tx, disputeReminderJobKey(disputeId, days));
}

export const disputeJobHandlers: JobHandlers = {
  [DISPUTE_REMINDER_JOB]: async (tx, job, { now }) => {
    const disputeId = String(job.payload.disputeId ?? '');
    const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, disputeId));
    if (!dispute || dispute.evidenceSubmittedAt) return;
    if ((CLOSED_DISPUTE_STATUSES as readonly string[]).includes(dispute.status)) return;
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    const shares = await tx.select().from(disputeOrders).where(eq(disputeOrders.disputeId, disputeId));
    for (const share of shares) {
      const owner = await vendorOwnerId(tx, share.vendorId);
      await publish(tx, {
        type: 'dispute.evidenceDue',
        userIds: [owner, ...admins.map((a) => a.id)].filter((id): id is string => !!id),
        refs: { orderId: share.orderId, disputeId },
        now,
      });
    }
  },
};
