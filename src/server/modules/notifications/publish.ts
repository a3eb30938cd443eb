import { sql } from 'drizzle-orm';
import type { NotificationType } from '../../../shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import type { StoredRefs } from '../../db/schema/index.ts';
import { queueEventEmailsCte } from '../mail/index.ts';

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

/** Rows per statement: well inside PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;

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
 * notification per recipient, and for each a NOTIFY on the bus. PostgreSQL delivers NOTIFY only
 * when the transaction commits, so a change rolled back tells nobody, and a notification is in the
 * table before any process hears of it.
 */
export async function publish(
  tx: Db,
  { type, userIds, refs, actorId, now = new Date() }: Publication,
): Promise<void> {
  const recipients = [...new Set(userIds)].filter((id): id is string => !!id && id !== actorId);
  // Each notification is also an e-mail (modules/mail/outbox.ts), queued in the same statement.
  const emails = queueEventEmailsCte(type);
  for (let i = 0; i < recipients.length; i += CHUNK) {
    const ids = recipients.slice(i, i + CHUNK).map((id) => sql`${id}`);
    const list = sql`ARRAY[${sql.join(ids, sql`, `)}]::text[]`;
    await tx.execute(sql`
      WITH inserted AS (
        INSERT INTO user_events (user_id, type, refs, actor_id)
        SELECT u, ${type}::text, ${JSON.stringify(refs)}::jsonb, ${actorId ?? null}::text
        FROM unnest(${list}) AS u
        RETURNING id, user_id
      )${emails ? sql`, emails AS (${emails})` : sql``}
      SELECT pg_notify(${USER_EVENTS_CHANNEL}::text, json_build_object('userId', user_id, 'id', id::text)::text)
      FROM inserted`);
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
  const ids = unique.map((id) => sql`${id}`);
  await tx.execute(sql`
    SELECT pg_notify(${USER_EVENTS_CHANNEL}::text, json_build_object('userId', u)::text)
    FROM unnest(ARRAY[${sql.join(ids, sql`, `)}]::text[]) AS u`);
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

/** A signal from the channel, or undefined for anything else (never trusted further than its shape). */
export function parseSignal(payload: string): BusSignal | undefined {
  try {
    const value = JSON.parse(payload) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { userId, id, end, sessionId } = value as Record<string, unknown>;
    if (typeof userId !== 'string') return undefined;
    if (end === 'user') return { userId, end };
    if (end === 'session') return typeof sessionId === 'string' ? { userId, end, sessionId } : undefined;
    if (end !== undefined) return undefined;
    if (id !== undefined && (typeof id !== 'string' || !/^\d{1,19}$/.test(id))) return undefined;
    return id === undefined ? { userId } : { userId, id };
  } catch {
    return undefined;
  }
}
