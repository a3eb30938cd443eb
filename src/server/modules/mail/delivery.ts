import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { queryRows } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { safeError } from '../../http/log-safe-error.ts';
import type { Logger } from '../../logger.ts';
import { renderQueuedEmail, type OutboxRow, type RenderContext } from './render.ts';

/** Attempts before an e-mail is failed for good (kept with its last error for admins). */
export const MAX_EMAIL_ATTEMPTS = 6;
/** Minutes before the next attempt after the n-th failure: 1, 5, 15, 60, then 240. */
const RETRY_MINUTES = [1, 5, 15, 60, 240];
export const emailRetryDelayMs = (attempts: number) =>
  RETRY_MINUTES[Math.min(attempts, RETRY_MINUTES.length) - 1]! * 60_000;
/** How long a process may take to send one claimed e-mail before another may take it again. */
export const SEND_LEASE_MS = 2 * 60_000;
/** E-mails claimed at a time; a round takes batches until nothing is due. */
const BATCH = 20;
/** At most this many in one round, so a round ends (the next takes the rest). */
const ROUND_LIMIT = 500;

export interface DeliveryOptions extends RenderContext {
  /** The SMTP transport, or null: the e-mails are kept for the admin mailbox. */
  transport: Transporter | null;
  from: string;
  now: Date;
  log: Logger;
}

/** An SMTP answer that will not change by trying again (5xx: no such mailbox, rejected). */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * Sends what is due: claims a batch (FOR UPDATE SKIP LOCKED, so processes share the queue and never
 * send one twice at a time) by setting it `sending` with a lease, writes each from its payload if it
 * was queued as one, sends it, and records the outcome. A failure is retried with backoff; the last
 * attempt, or an SMTP 5xx, fails it for good. A process that dies mid-send leaves the lease to lapse
 * and the e-mail to be sent again: at least once, never lost.
 */
export async function deliverDueEmails(options: DeliveryOptions): Promise<{ sent: number; failed: number }> {
  const { db, now, log } = options;
  let sent = 0;
  let failed = 0;
  for (let total = 0; total < ROUND_LIMIT;) {
    const lease = new Date(now.getTime() + SEND_LEASE_MS);
    const batch = await queryRows<{ id: string }>(
      db,
      sql`
        UPDATE email_outbox SET status = 'sending', next_attempt_at = ${lease},
          attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM email_outbox
          WHERE status IN ('queued', 'sending') AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})
          ORDER BY next_attempt_at NULLS FIRST, created_at
          LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED)
        RETURNING id`,
    );
    if (batch.length === 0) break;
    total += batch.length;
    for (const { id } of batch) {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
      if (!row) continue;
      const outcome = await deliverOne(options, row);
      if (outcome === 'sent') sent++;
      if (outcome === 'failed') failed++;
    }
  }
  if (sent || failed) log.info({ sent, failed }, 'e-mail delivery round');
  return { sent, failed };
}

async function deliverOne(options: DeliveryOptions, row: OutboxRow) {
  const { db, transport, from, now, log } = options;
  const set = (values: Partial<OutboxRow>) =>
    db.update(emailOutbox).set(values).where(eq(emailOutbox.id, row.id));
  let email = row;
  try {
    if (row.subject === null) {
      const rendered = await renderQueuedEmail(options, row);
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
