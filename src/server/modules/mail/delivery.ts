import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { queryRows, type Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { safeError } from '../../http/log-safe-error.ts';
import type { Logger } from '../../logger.ts';
import type { JobOutcome, OutsideJobHandler } from '../jobs/index.ts';
import type { EmailRenderer, OutboxRow, RenderContext } from './rendering.ts';

/** Attempts before an e-mail is failed for good (kept with its last error for admins). */
export const MAX_EMAIL_ATTEMPTS = 6;
/** Minutes before the next attempt after the n-th failure: 1, 5, 15, 60, then 240. */
const RETRY_MINUTES = [1, 5, 15, 60, 240];
export const emailRetryDelayMs = (attempts: number) =>
  RETRY_MINUTES[Math.min(attempts, RETRY_MINUTES.length) - 1]! * 60_000;
/** How long a process may take to send one claimed e-mail before another may take it again. */
export const SEND_LEASE_MS = 2 * 60_000;
export interface DeliveryOptions extends RenderContext {
  /** The SMTP transport, or null: the e-mails are kept for the admin mailbox. */
  transport: Transporter | null;
  from: string;
  now: Date;
  log: Logger;
  /** Writes an e-mail queued as a payload (the notifications module's renderer). */
  render: EmailRenderer;
}

/** An SMTP answer that will not change by trying again (5xx: no such mailbox, rejected). */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** The job that sends one queued e-mail (scheduled by the outbox's trigger, migration 0029). */
export const SEND_EMAIL_JOB = 'mail.send';

/**
 * Sends one e-mail, as a job of the one queue (decision 019): the outbox's trigger schedules a job for
 * every e-mail queued, the queue claims it with a lease, and this claims the e-mail itself the same way
 * (`sending` with a lease, attempts + 1), writes it from its payload if it was queued as one, sends it
 * and records the outcome. A failure is retried on the e-mail's own schedule (1, 5, 15, 60, 240
 * minutes); the last attempt, or an SMTP 5xx, fails it for good, for the admin mailbox. A process that
 * dies mid-send leaves both leases to lapse and the e-mail to be sent again: at least once, never lost.
 */
export function sendEmailJob(options: Omit<DeliveryOptions, 'db' | 'now' | 'log'>): OutsideJobHandler {
  return {
    leaseMs: SEND_LEASE_MS,
    async outside(db, job, { now, log }) {
      const id = typeof job.payload.emailId === 'string' ? job.payload.emailId : '';
      const lease = new Date(now.getTime() + SEND_LEASE_MS);
      const claimed = await queryRows<{ id: string }>(
        db,
        sql`
          UPDATE email_outbox SET status = 'sending', next_attempt_at = ${lease}, attempts = attempts + 1
          WHERE id = ${id} AND status IN ('queued', 'sending')
            AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})
          RETURNING id`,
      );
      if (claimed.length === 0) return notDue(db, id);
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
      if (!row) return;
      await deliverOne({ ...options, db, now, log }, row);
      // Put back in the queue after a failure: the job runs again when the e-mail is due.
      return notDue(db, id);
    },
  };
}

/** When an e-mail still waiting is due (another sender's lease, a retry), or nothing: it is done. */
async function notDue(db: Db, id: string): Promise<JobOutcome | undefined> {
  const [row] = await db
    .select({ status: emailOutbox.status, nextAttemptAt: emailOutbox.nextAttemptAt })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .limit(1);
  const waiting = row && (row.status === 'queued' || row.status === 'sending') && row.nextAttemptAt;
  return waiting ? { runAgainAt: row.nextAttemptAt! } : undefined;
}

async function deliverOne(options: DeliveryOptions, row: OutboxRow) {
  const { db, transport, from, now, log } = options;
  const set = (values: Partial<OutboxRow>) =>
    db.update(emailOutbox).set(values).where(eq(emailOutbox.id, row.id));
  let email = row;
  try {
    if (row.subject === null) {
      const rendered = await options.render(options, row);
      if (!rendered) {
        await set({
          status: 'cancelled',
          nextAttemptAt: null,
          lastError: 'Nothing left to say: it was not sent.',
        });
        return 'cancelled' as const;
      }
      const written = {
        kind: rendered.kind,
        subject: rendered.content.subject,
        html: rendered.content.html,
        text: rendered.content.text,
        link: rendered.content.link,
        unsubscribeUrl: rendered.unsubscribeUrl,
      };
      await set(written);
      email = { ...row, ...written };
    }
    if (!transport) {
      await set({ status: 'kept', nextAttemptAt: null });
      log.info(
        { to: email.to, kind: email.kind, link: email.link },
        'e-mail kept in the outbox (no SMTP_URL)',
      );
      return 'kept' as const;
    }
    await transport.sendMail({
      from,
      to: email.to,
      subject: email.subject ?? '',
      html: email.html ?? '',
      text: email.text ?? '',
      ...(email.unsubscribeUrl
        ? {
            list: { unsubscribe: email.unsubscribeUrl },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
    });
    await set({ status: 'sent', sentAt: now, nextAttemptAt: null, lastError: null });
    log.info({ to: email.to, kind: email.kind }, 'e-mail sent');
    return 'sent' as const;
  } catch (err) {
    const gaveUp = row.attempts >= MAX_EMAIL_ATTEMPTS || isPermanent(err);
    const message = err instanceof Error ? err.message : String(err);
    log.warn(
      { err: safeError(err), email: { id: row.id, kind: email.kind, attempts: row.attempts } },
      gaveUp ? 'e-mail failed for good' : 'e-mail failed; it will be retried',
    );
    await set({
      status: gaveUp ? 'failed' : 'queued',
      lastError: message.slice(0, 1000),
      nextAttemptAt: gaveUp ? null : new Date(now.getTime() + emailRetryDelayMs(Math.max(row.attempts, 1))),
    });
    return 'failed' as const;
  }
}
