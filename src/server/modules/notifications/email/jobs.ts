import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.ts';
import { userActivity } from '../../../db/schema/index.ts';
import { cancelJob, scheduleJob, type JobHandlers } from '../../jobs/index.ts';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../../shared/schemas/notifications.ts';
import { pgArray } from '../../../db/pg-array.ts';
import { MESSAGE_DIGEST_JOB, MESSAGE_EMAIL_AWAY_MINUTES, PUBLICATION_EMAILS_JOB } from '../publish.ts';
import { queueEventEmailsCte, queueUserEmail } from '../../mail/index.ts';

/** Hours before an order completes by itself that the customer is reminded (the last chance to raise a problem). */
export const COMPLETE_REMINDER_HOURS_BEFORE = 4;
export const COMPLETE_REMINDER_JOB = 'mail.completeReminder';
export const completeReminderJobKey = (orderId: string) => `order:${orderId}:completeReminder`;
/** When a delivered order's reminder is due, from the time it completes by itself. */
export const completeReminderAt = (completesAt: Date) =>
  new Date(completesAt.getTime() - COMPLETE_REMINDER_HOURS_BEFORE * 3_600_000);

/** Schedules the customer's reminder before a delivered order completes by itself at `completesAt`. */
export async function scheduleCompleteReminder(
  tx: Tx,
  { orderId, completesAt }: { orderId: string; completesAt: Date },
) {
  await scheduleJob(tx, {
    kind: COMPLETE_REMINDER_JOB,
    key: completeReminderJobKey(orderId),
    runAt: completeReminderAt(completesAt),
    payload: { orderId, completesAt: completesAt.toISOString() },
  });
}

/** Cancels the reminder: the order completed, was cancelled, or a claim holds it. */
export const cancelCompleteReminder = (tx: Tx, orderId: string) =>
  cancelJob(tx, completeReminderJobKey(orderId));

/** Messages one digest lists at most (the e-mail says how many there are in all). */
const DIGEST_MESSAGES = 20;
const AWAY_MS = MESSAGE_EMAIL_AWAY_MINUTES * 60_000;

/**
 * The message digest of one user, 15 minutes after the first message they have not read: if they
 * have been in the app since (an open stream counts), it waits until they have been away 15 minutes;
 * then the messages still unread and not e-mailed yet go in one e-mail, and are never e-mailed again.
 */
async function messageDigest(tx: Tx, userId: string, now: Date) {
  const [activity] = await tx
    .select()
    .from(userActivity)
    .where(eq(userActivity.userId, userId))
    .for('update')
    .limit(1);
  const seen = activity?.lastSeenAt?.getTime();
  if (seen !== undefined && now.getTime() - seen < AWAY_MS) return { runAgainAt: new Date(seen + AWAY_MS) };
  const since = activity?.messagesEmailedThrough ?? new Date(0);
  // Unread by them (after their read mark in that conversation), from the other side, not e-mailed yet.
  const unread = await queryRows<{ id: string; created_at: Date | string; total: number | string }>(
    tx,
    sql`
      SELECT m.id, m.created_at, count(*) OVER () AS total
      FROM conversations c
      JOIN messages m ON m.conversation_id = c.id
      WHERE (c.customer_id = ${userId} OR c.vendor_id IN (SELECT v.id FROM vendors v WHERE v.user_id = ${userId}))
        AND m.sender_id <> ${userId}
        AND m.created_at > ${since}
        AND m.created_at > coalesce(
          CASE WHEN c.customer_id = ${userId} THEN c.customer_read_at ELSE c.vendor_read_at END,
          '-infinity'::timestamptz)
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${DIGEST_MESSAGES}`,
  );
  if (unread.length === 0) return;
  const through = new Date(Math.max(...unread.map((m) => new Date(m.created_at).getTime())));
  await queueUserEmail(tx, {
    userId,
    kind: 'message-digest',
    category: 'messages',
    payload: {
      template: 'messages',
      messageIds: unread.map((m) => m.id).reverse(),
      total: Number(unread[0]!.total),
    },
  });
  await tx
    .insert(userActivity)
    .values({ userId, messagesEmailedThrough: through })
    .onConflictDoUpdate({ target: userActivity.userId, set: { messagesEmailedThrough: through } });
}

/**
 * The e-mails of a publication to many people (publish.ts), queued by the statement that queues a
 * small one's, on its notifications that still exist.
 */
async function publicationEmails(tx: Tx, type: NotificationType, ids: string[]) {
  const emails = queueEventEmailsCte(type);
  if (!emails || ids.length === 0) return;
  await tx.execute(sql`
    WITH inserted AS (SELECT id, user_id FROM user_events WHERE id = ANY(${pgArray(ids)}::bigint[]))
    ${emails}`);
}

const isNotificationType = (type: unknown): type is NotificationType =>
  (NOTIFICATION_TYPES as readonly unknown[]).includes(type);

/** E-mail timers (run by the job runner like every timer). */
export const emailJobHandlers: JobHandlers = {
  [PUBLICATION_EMAILS_JOB]: async (tx, job) => {
    const { type, ids } = job.payload;
    if (!isNotificationType(type) || !Array.isArray(ids)) return;
    return publicationEmails(
      tx,
      type,
      ids.filter((id): id is string => typeof id === 'string' && /^\d{1,19}$/.test(id)),
    );
  },
  [MESSAGE_DIGEST_JOB]: async (tx, job, { now }) => {
    const userId = typeof job.payload.userId === 'string' ? job.payload.userId : undefined;
    if (!userId) return;
    return messageDigest(tx, userId, now);
  },
  [COMPLETE_REMINDER_JOB]: async (tx, job) => {
    const orderId = typeof job.payload.orderId === 'string' ? job.payload.orderId : undefined;
    const completesAt = typeof job.payload.completesAt === 'string' ? job.payload.completesAt : undefined;
    if (!orderId || !completesAt) return;
    const [order] = await queryRows<{ customer_id: string; status: string }>(
      tx,
      sql`SELECT customer_id, status FROM orders WHERE id = ${orderId}`,
    );
    // Confirmed, claimed or cancelled meanwhile: nothing to remind of (the e-mail checks again when sent).
    if (!order || order.status !== 'delivered') return;
    await queueUserEmail(tx, {
      userId: order.customer_id,
      kind: 'order-complete-reminder',
      category: 'orders',
      payload: { template: 'reminder', orderId, completesAt },
      dedupeKey: `order:${orderId}:completeReminder`,
    });
  },
};
