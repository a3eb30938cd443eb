import { sql } from 'drizzle-orm';
import type { NotificationType } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import type { StoredRefs } from '../../db/schema/index.ts';
import { queueEventEmailsCte } from '../mail/index.ts';
import { pgArray } from '../../db/pg-array.ts';

/** The PostgreSQL channel of the event bus: every server process listens on it (bus.ts). */
export const USER_EVENTS_CHANNEL = 'frosted_user_events';

/**
 * What travels on the channel: whose it is, and the new notification's id, or no id when only the
 * user's unread counts changed (something was read). Ids only: each process reads what it sends.
 */
export interface UserSignal {
  userId: string;
  id?: string;
}

/**
 * Also on the channel: the user's streams must end now, those of one session (signed out, revoked)
 * or every one (banned), whichever process holds them.
 */
export type EndSignal =
  { userId: string; end: 'session'; sessionId: string } | { userId: string; end: 'user' };

/** Anything the channel carries. */
export type BusSignal = UserSignal | EndSignal;

/** Recipients per statement (bound as one array): one batch of signals, one e-mail job. */
const CHUNK = 5_000;
/**
 * The new notifications of a statement go out as a few NOTIFYs, pages of about this many bytes (the
 * last signal may pass it; PostgreSQL refuses a payload of 8,000): `{ signals: [[userId, id], …],
 * pages }`, where `pages` is how many the statement sent, so a process hands its streams the whole
 * batch at once (bus.ts). A transaction's NOTIFYs arrive together, in the order they were sent.
 */
const SIGNAL_PAGE_BYTES = 3_800;
/**
 * A publication to more people than this queues its e-mails from a job, seconds later, instead of in
 * its own statement: the change's transaction, and every stream waiting for its commit, then take the
 * same time for 2,000 people as for 100 (decision 023).
 */
export const INLINE_EMAIL_RECIPIENTS = 100;
export const PUBLICATION_EMAILS_JOB = 'mail.publicationEmails';

export interface Publication {
  type: NotificationType;
  /** Who is told; the actor is never told of their own change, and each user once. */
  userIds: readonly (string | null | undefined)[];
  refs: StoredRefs;
  /** The user who made the change, if one did (a timer, a processor or the system: none). */
  actorId?: string | null | undefined;
  /** When it happened, by the server's clock (timers set from it: the message digest). */
  now?: Date | undefined;
}

/** Minutes a recipient must have been away before their new messages are e-mailed (one digest). */
export const MESSAGE_EMAIL_AWAY_MINUTES = 15;
export const MESSAGE_DIGEST_JOB = 'mail.messageDigest';
export const messageDigestJobKey = (userId: string) => `mail:messages:${userId}`;

/**
 * Tells users that something happened, inside the transaction of the change (`tx`): one stored
 * notification per recipient, and their signals on the bus, a few NOTIFYs per statement however many
 * recipients. PostgreSQL delivers NOTIFY only when the transaction commits, so a change rolled back
 * tells nobody, and a notification is in the table before any process hears of it.
 */
export async function publish(
  tx: Db,
  { type, userIds, refs, actorId, now = new Date() }: Publication,
): Promise<void> {
  const recipients = [...new Set(userIds)].filter((id): id is string => !!id && id !== actorId);
  // Each notification is also an e-mail (modules/mail/outbox.ts): queued in the same statement, or
  // for a large audience by one job per statement that runs the same SQL on these rows.
  const emails = queueEventEmailsCte(type);
  const inline = recipients.length <= INLINE_EMAIL_RECIPIENTS;
  for (let i = 0; i < recipients.length; i += CHUNK) {
    const list = sql`${pgArray(recipients.slice(i, i + CHUNK))}::text[]`;
    const queueEmails = !emails
      ? sql``
      : inline
        ? sql`, emails AS (${emails})`
        : sql`, emails AS (
            INSERT INTO jobs (id, kind, key, run_at, payload)
            SELECT gen_random_uuid()::text, ${PUBLICATION_EMAILS_JOB}::text, 'mail:publication:' || min(id),
                   '-infinity'::timestamptz,
                   jsonb_build_object('type', ${type}::text, 'ids', jsonb_agg(id::text ORDER BY id))
            FROM inserted HAVING count(*) > 0)`;
    await tx.execute(sql`
      WITH inserted AS (
        INSERT INTO user_events (user_id, type, refs, actor_id)
        SELECT u, ${type}::text, ${JSON.stringify(refs)}::jsonb, ${actorId ?? null}::text
        FROM unnest(${list}) AS u
        RETURNING id, user_id
      )${queueEmails},
      signals AS (SELECT id, json_build_array(user_id, id::text) AS signal FROM inserted),
      pages AS (
        SELECT id, signal, sum(octet_length(signal::text) + 2) OVER (ORDER BY id) / ${sql.raw(String(SIGNAL_PAGE_BYTES))} AS page
        FROM signals
      )
      SELECT pg_notify(${USER_EVENTS_CHANNEL}::text, json_build_object(
               'signals', json_agg(signal ORDER BY id), 'pages', count(*) OVER ())::text)
      FROM pages GROUP BY page ORDER BY page`);
    // A message is e-mailed only to someone away for a while, with whatever else came meanwhile: the
    // first unread one sets a digest for 15 minutes later (a digest already set stays as it is).
    if (type === 'message.received') {
      const at = new Date(now.getTime() + MESSAGE_EMAIL_AWAY_MINUTES * 60_000);
      await tx.execute(sql`
        INSERT INTO jobs (id, kind, key, run_at, payload)
        SELECT gen_random_uuid()::text, ${MESSAGE_DIGEST_JOB}::text, ${messageDigestJobKey('')} || u, ${at},
               jsonb_build_object('userId', u)
        FROM unnest(${list}) AS u
        ON CONFLICT (key) WHERE status = 'pending' DO NOTHING`);
    }
  }
}

/** Tells the users' open streams, on every process, that their unread counts changed (in `tx`). */
export async function announceUnread(tx: Db, userIds: readonly string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await tx.execute(sql`
    SELECT pg_notify(${USER_EVENTS_CHANNEL}::text, json_build_object('userId', u)::text)
    FROM unnest(${pgArray(unique)}::text[]) AS u`);
}

/**
 * Ends event streams on every process, at once rather than at their next heartbeat: those of one
 * session (signed out, revoked), or without `sessionId` every one of the user (banned). Called once
 * the change is committed; a stream opening meanwhile checks its session after it starts listening.
 */
export async function endStreams(db: Db, { userId, sessionId }: { userId: string; sessionId?: string }) {
  const signal: EndSignal =
    sessionId === undefined ? { userId, end: 'user' } : { userId, end: 'session', sessionId };
  await db.execute(sql`SELECT pg_notify(${USER_EVENTS_CHANNEL}::text, ${JSON.stringify(signal)}::text)`);
}

/** What one payload on the channel says: its signals, and how many pages their batch has (one or more). */
export interface SignalPage {
  signals: BusSignal[];
  pages: number;
}

/**
 * One payload from the channel (a page of new notifications, or one signal), or undefined for
 * anything else: never trusted further than its shape.
 */
export function parseSignals(payload: string): SignalPage | undefined {
  try {
    const value = JSON.parse(payload) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    if (!('signals' in value)) {
      const signal = toSignal(value as Record<string, unknown>);
      return signal && { signals: [signal], pages: 1 };
    }
    const { signals, pages } = value as Record<string, unknown>;
    if (!Array.isArray(signals) || !Number.isSafeInteger(pages) || (pages as number) < 1) return undefined;
    const parsed: UserSignal[] = [];
    for (const pair of signals as unknown[]) {
      if (!Array.isArray(pair) || pair.length !== 2) return undefined;
      const [userId, id] = pair as unknown[];
      if (typeof userId !== 'string' || !isId(id)) return undefined;
      parsed.push({ userId, id });
    }
    return { signals: parsed, pages: pages as number };
  } catch {
    return undefined;
  }
}

const isId = (id: unknown): id is string => typeof id === 'string' && /^\d{1,19}$/.test(id);

function toSignal({ userId, id, end, sessionId }: Record<string, unknown>): BusSignal | undefined {
  if (typeof userId !== 'string') return undefined;
  if (end === 'user') return { userId, end };
  if (end === 'session') return typeof sessionId === 'string' ? { userId, end, sessionId } : undefined;
  if (end !== undefined) return undefined;
  if (id !== undefined && !isId(id)) return undefined;
  return id === undefined ? { userId } : { userId, id };
}
