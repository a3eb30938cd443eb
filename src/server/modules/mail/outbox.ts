import { sql } from 'drizzle-orm';
import type { EmailCategory } from '../../../shared/schemas/email.ts';
import type { NotificationType } from '../../../shared/schemas/notifications.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { emailOutbox, type EmailPayload } from '../../db/schema/index.ts';
import type { EmailContent } from './templates.ts';

/*
 * The outbox: an e-mail is a row written in the transaction of the change it reports (so a change
 * rolled back e-mails nobody, and one committed always e-mails), sent afterwards by the delivery round
 * (delivery.ts). Never sent inside a request.
 */

/**
 * The e-mail each notification becomes, by type: the preference it falls under, or null for those
 * that can't be switched off (receipts, money, account). Messages are not here: they are e-mailed as a
 * digest to people who have been away for 15 minutes (digest.ts), never one e-mail per message.
 */
export const EVENT_EMAIL_CATEGORY: Record<
  Exclude<NotificationType, 'message.received'>,
  EmailCategory | null
> = {
  'quote.requested': 'quotes',
  'quote.answered': 'quotes',
  'quote.declined': 'quotes',
  'quote.changeRequested': 'quotes',
  'quote.accepted': 'quotes',
  'quote.closed': 'quotes',
  'quote.expired': 'quotes',
  'order.statusChanged': 'orders',
  'claim.opened': 'orders',
  'claim.answered': 'orders',
  'payment.captured': null,
  'refund.sent': null,
  'claim.resolved': null,
  'payout.sent': null,
  'vendor.approved': null,
  'vendor.rejected': null,
  'proof.sent': 'orders',
  'proof.changesRequested': 'orders',
  'proof.approved': 'orders',
  // The badge and payments: not something to switch off.
  'verification.reviewed': null,
  'verification.expiring': null,
  'verification.expired': null,
  'balance.charged': null,
  'balance.failed': null,
  // A card dispute on an order's payment: money, not something to switch off.
  'dispute.opened': null,
  'dispute.evidenceDue': null,
  'dispute.closed': null,
};

/** The preference column of a category: whether the user wants it (no row: yes). */
export const wantsCategory = (category: EmailCategory) =>
  sql`coalesce((SELECT p.${sql.identifier(category)} FROM email_preferences p WHERE p.user_id = u.id), true)`;

/**
 * The SQL that queues the e-mails of notifications just inserted (`inserted`: id, user_id), as a
 * data-modifying WITH item of the publishing statement: one row per recipient who wants it.
 */
export function queueEventEmailsCte(type: NotificationType) {
  if (type === 'message.received') return undefined;
  const category = EVENT_EMAIL_CATEGORY[type];
  return sql`
    INSERT INTO email_outbox (id, to_address, kind, user_id, category, payload, status)
    SELECT gen_random_uuid()::text, u.email, ${type}::text, u.id, ${category}::text,
           jsonb_build_object('template', 'event', 'eventId', i.id::text), 'queued'
    FROM inserted i JOIN users u ON u.id = i.user_id
    WHERE ${category ? wantsCategory(category) : sql`true`}`;
}

/** Queues an e-mail written now (account e-mails: verify, reset), for an address. */
export async function queueEmail(
  db: Db,
  email: EmailContent & { to: string; kind: string; userId?: string | null },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(emailOutbox).values({
    id,
    to: email.to,
    kind: email.kind,
    userId: email.userId ?? null,
    subject: email.subject,
    html: email.html,
    text: email.text,
    link: email.link,
  });
  return id;
}

/**
 * Queues an e-mail to a user to be written when sent (a digest, a reminder), if they want its
 * category. With a dedupe key it is queued once only, whatever happens later.
 */
export async function queueUserEmail(
  db: Db,
  {
    userId,
    kind,
    category,
    payload,
    dedupeKey,
  }: {
    userId: string;
    kind: string;
    category: EmailCategory | null;
    payload: EmailPayload;
    dedupeKey?: string;
  },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    INSERT INTO email_outbox (id, to_address, kind, user_id, category, payload, status, dedupe_key)
    SELECT ${crypto.randomUUID()}, u.email, ${kind}, u.id, ${category}::text, ${JSON.stringify(payload)}::jsonb,
           'queued', ${dedupeKey ?? null}::text
    FROM users u
    WHERE u.id = ${userId} AND ${category ? wantsCategory(category) : sql`true`}
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`,
  );
  return rows.length > 0;
}
