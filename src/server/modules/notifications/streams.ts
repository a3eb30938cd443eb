import { inArray, sql } from 'drizzle-orm';
import {
  MAX_STREAMS_PER_USER,
  STREAM_HEARTBEAT_MS,
  type Notification,
  type UnreadCounts,
} from '../../../shared/schemas/notifications.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { safeError } from '../../http/log-safe-error.ts';
import type { Logger } from '../../logger.ts';
import type { EventBus } from './bus.ts';
import { presentNotifications } from './presenter.ts';
import type { EndSignal, UserSignal } from './publish.ts';
import { latestNotificationId, notificationsAfter, notificationsById, unreadCounts } from './service.ts';

/** What a reconnecting stream is sent at most: the newest it missed (the list has the rest). */
export const STREAM_BACKLOG_LIMIT = 200;
/** Chunks a client may leave unread before its stream is ended (it reconnects and catches up). */
const MAX_QUEUED_CHUNKS = 500;
/** Ids each stream remembers having sent (more than a replay holds). */
const REMEMBERED_IDS = STREAM_BACKLOG_LIMIT + 100;
/** How often the heartbeat writes that the connected users are still here. */
const PRESENCE_WRITE_MS = 60_000;
/** The reconnection delay the stream asks of EventSource (`retry:`). */
const RETRY_MS = 1_000;

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

interface Connection {
  userId: string;
  sessionId: string;
  controller: ReadableStreamDefaultController<Uint8Array>;
  /**
   * Ids sent lately (the replay, then live ones), so none goes twice: a signal for a commit the replay
   * already saw, or ids handed again to every stream of the user after one of them opened.
   */
  sent: Set<string>;
  /** Signals that came while it was opening (ids, or a counts change: 'counts'), handled once it is open. */
  early: (bigint | 'counts')[] | null;
  /** The counts last sent, so `unread` goes out only when they change. */
  counts: string;
  closed: boolean;
}

export interface OpenStream {
  userId: string;
  sessionId: string;
  /** The Last-Event-ID the client sent: what it has; it is sent what came after. */
  lastEventId?: bigint | undefined;
}

/**
 * This process's event streams (GET /api/me/events): at most MAX_STREAMS_PER_USER per user (the
 * oldest is ended when another opens), each sent its user's notifications as the bus signals them,
 * `unread` when the counts change, and a heartbeat comment every STREAM_HEARTBEAT_MS. A stream ends
 * as soon as the bus says its session ended or its user was banned (endStreams), whichever process
 * made the change; the heartbeat also checks the sessions (expiry, anything the bus missed). Signals
 * are gathered and handled together: a notification for 2,000 users is read and presented in a few
 * queries.
 */
export interface StreamHub {
  /** Opens a stream: reads what the client missed before answering, so a failure is a 503, not a broken stream. */
  open(request: OpenStream): Promise<ReadableStream<Uint8Array>>;
  /** One heartbeat round now (the timer runs it every STREAM_HEARTBEAT_MS; tests call it). */
  beat(): Promise<void>;
  /** Open streams in this process (of `userId`, or all). */
  count(userId?: string): number;
  /** Ends every stream (shutdown; also when the bus closes). */
  closeAll(): void;
}

/** Which of these sessions still exist and have not expired. */
async function liveSessions(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(sql`${inArray(sessions.id, ids)} AND ${sessions.expiresAt} > now()`);
  return new Set(rows.map((r) => r.id));
}

export function createStreamHub({
  db,
  bus,
  log,
  heartbeatMs = STREAM_HEARTBEAT_MS,
  clock = systemClock,
}: {
  db: Db;
  bus: EventBus;
  log: Logger;
  heartbeatMs?: number;
  /** The time "last seen" is written with (the message digest waits for people away 15 minutes). */
  clock?: Clock;
}): StreamHub {
  const byUser = new Map<string, Connection[]>();
  const subscriptions = new Map<string, Promise<() => void>>();
  let pending = new Map<string, bigint[]>();
  let flushing: Promise<void> = Promise.resolve();
  let scheduled = false;
  let timer: NodeJS.Timeout | undefined;
  let presenceWrittenAt = 0;

  /**
   * Writes that these users are in the app now (user_activity.last_seen_at): when a stream opens,
   * when a user's last stream ends, and from the heartbeat at most once a minute for everyone
   * connected (one statement). Never in the way of a stream: a failure is logged.
   */
  const markSeen = async (userIds: string[]): Promise<unknown> => {
    if (userIds.length === 0) return;
    const at = clock.now();
    const list = sql`ARRAY[${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]`;
    return db
      .execute(
        sql`INSERT INTO user_activity (user_id, last_seen_at)
          SELECT u, ${at} FROM unnest(${list}) AS u
          WHERE EXISTS (SELECT 1 FROM users WHERE users.id = u)
          ON CONFLICT (user_id) DO UPDATE SET last_seen_at = GREATEST(user_activity.last_seen_at, excluded.last_seen_at)`,
      )
      .catch((err: unknown) => log.warn({ err: safeError(err) }, 'could not note who is online'));
  };

  const send = (conn: Connection, chunk: Uint8Array) => {
    if (conn.closed) return;
    // A client that stopped reading is let go; it reconnects with Last-Event-ID and catches up.
    if ((conn.controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) return close(conn);
    conn.controller.enqueue(chunk);
  };
  const remember = (conn: Connection, id: string) => {
    conn.sent.add(id);
    if (conn.sent.size > REMEMBERED_IDS) conn.sent.delete(conn.sent.values().next().value!);
  };
  const notificationChunk = (n: Notification) =>
    encoder.encode(`id: ${n.id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
  const unreadChunk = (counts: string, id?: bigint) =>
    encoder.encode(`event: unread\n${id === undefined ? '' : `id: ${id}\n`}data: ${counts}\n\n`);

  function close(conn: Connection) {
    if (conn.closed) return;
    conn.closed = true;
    try {
      conn.controller.close();
    } catch {
      // already cancelled by the client
    }
    forget(conn);
  }

  function forget(conn: Connection) {
    conn.closed = true;
    const list = byUser.get(conn.userId);
    if (!list) return;
    const rest = list.filter((c) => c !== conn);
    if (rest.length > 0) return void byUser.set(conn.userId, rest);
    byUser.delete(conn.userId);
    void markSeen([conn.userId]);
    const subscription = subscriptions.get(conn.userId);
    subscriptions.delete(conn.userId);
    subscription?.then((unsubscribe) => unsubscribe()).catch(() => {});
    if (byUser.size === 0) stopTimer();
  }

  const subscribe = (userId: string) => {
    let subscription = subscriptions.get(userId);
    if (!subscription) {
      subscription = bus.subscribe(userId, (signal) => ('end' in signal ? end(signal) : queue(signal)));
      subscriptions.set(userId, subscription);
      subscription.catch(() => {
        if (subscriptions.get(userId) === subscription) subscriptions.delete(userId);
      });
    }
    return subscription;
  };

  /** A session ended or its user was banned: its streams end now, not at the next heartbeat. */
  function end(signal: EndSignal) {
    for (const conn of byUser.get(signal.userId) ?? [])
      if (signal.end === 'user' || conn.sessionId === signal.sessionId) close(conn);
  }

  function queue({ userId, id }: UserSignal) {
    // A signal without an id still counts: the user's unread counts changed.
    const ids = pending.get(userId) ?? [];
    if (id !== undefined) ids.push(BigInt(id));
    pending.set(userId, ids);
    if (scheduled) return;
    scheduled = true;
    // Signals of one commit arrive together: handle them as one batch.
    setImmediate(() => {
      scheduled = false;
      flushing = flushing.then(flush);
    });
  }

  async function flush() {
    const batch = pending;
    pending = new Map();
    for (const [userId, ids] of batch) {
      const conns = byUser.get(userId);
      // Streams still opening keep their ids for later; only open ones are sent to now.
      for (const conn of conns ?? []) if (conn.early) conn.early.push('counts', ...ids);
      if (!conns?.some((c) => !c.early)) batch.delete(userId);
    }
    if (batch.size === 0) return;
    try {
      const ids = [...batch.values()].flat();
      const rows = [];
      for (let i = 0; i < ids.length; i += 1_000)
        rows.push(...(await notificationsById(db, ids.slice(i, i + 1_000))));
      const presented = await presentNotifications(db, rows);
      const counts = await unreadCounts(db, [...batch.keys()]);
      const byOwner = new Map<string, Notification[]>();
      rows.forEach((row, i) => {
        // Each notification goes to its own user's streams, whatever the signal claimed.
        if (!batch.has(row.userId)) return;
        const list = byOwner.get(row.userId) ?? [];
        list.push(presented[i]!);
        byOwner.set(row.userId, list);
      });
      for (const userId of batch.keys()) {
        const mine = byOwner.get(userId) ?? [];
        const chunks = mine.map((n) => [n.id, notificationChunk(n)] as const);
        const userCounts = JSON.stringify(counts.get(userId));
        for (const conn of byUser.get(userId) ?? []) {
          if (conn.early || conn.closed) continue;
          for (const [id, chunk] of chunks) {
            if (conn.sent.has(id)) continue;
            remember(conn, id);
            send(conn, chunk);
          }
          if (userCounts !== conn.counts) {
            conn.counts = userCounts;
            send(conn, unreadChunk(userCounts));
          }
        }
      }
    } catch (err) {
      // What could not be read is not lost: those streams end, and their clients catch up on reconnecting.
      log.warn({ err: safeError(err) }, 'could not deliver notifications; ending the streams concerned');
      for (const userId of batch.keys()) for (const conn of byUser.get(userId) ?? []) close(conn);
    }
  }

  async function beat() {
    const all = [...byUser.values()].flat();
    for (const conn of all) if (!conn.early) send(conn, HEARTBEAT);
    const ids = [...new Set(all.map((c) => c.sessionId))];
    if (Date.now() - presenceWrittenAt >= PRESENCE_WRITE_MS) {
      presenceWrittenAt = Date.now();
      const users = [...byUser.keys()];
      for (let i = 0; i < users.length; i += 1_000) await markSeen(users.slice(i, i + 1_000));
    }
    try {
      const alive = new Set<string>();
      for (let i = 0; i < ids.length; i += 1_000)
        for (const id of await liveSessions(db, ids.slice(i, i + 1_000))) alive.add(id);
      // Signed out, revoked (a ban, "sign out everywhere") or expired: the stream ends with the session.
      for (const conn of all) if (!alive.has(conn.sessionId)) close(conn);
    } catch (err) {
      // The database is away: the streams stay; the next heartbeat asks again.
      log.warn({ err: safeError(err) }, 'could not check the sessions of event streams');
    }
  }

  const startTimer = () => {
    if (timer) return;
    timer = setInterval(() => void beat(), heartbeatMs);
    timer.unref();
  };
  const stopTimer = () => {
    clearInterval(timer);
    timer = undefined;
  };

  const closeAll = () => {
    for (const conn of [...byUser.values()].flat()) close(conn);
  };
  // Shutdown ends the streams; after a lost bus connection they end too, and reconnect with
  // Last-Event-ID for what was sent while nobody listened.
  bus.onReset(() => closeAll());

  return {
    async open({ userId, sessionId, lastEventId }) {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const stream = new ReadableStream<Uint8Array>(
        {
          start: (c) => void (controller = c),
          cancel: () => forget(conn),
        },
        { highWaterMark: 1 },
      );
      const conn: Connection = {
        userId,
        sessionId,
        controller,
        sent: new Set(),
        early: [],
        counts: '',
        closed: false,
      };
      const list = byUser.get(userId) ?? [];
      list.push(conn);
      byUser.set(userId, list);
      // Tabs beyond the limit: the oldest stream makes way.
      for (const old of list.slice(0, Math.max(0, list.length - MAX_STREAMS_PER_USER))) close(old);
      startTimer();
      try {
        // Listening before reading: whatever commits after the read is signalled, nothing falls between.
        await subscribe(userId);
        const missed =
          lastEventId === undefined
            ? []
            : await notificationsAfter(db, userId, lastEventId, STREAM_BACKLOG_LIMIT);
        const baseline = lastEventId === undefined ? await latestNotificationId(db, userId) : undefined;
        const [presented, counts, alive] = await Promise.all([
          presentNotifications(db, missed),
          unreadCounts(db, [userId]).then((m) => m.get(userId)!),
          // Signed out (or banned) after the request was let in, before this listened: no stream.
          liveSessions(db, [sessionId]).then((ids) => ids.has(sessionId)),
        ]);
        if (!alive) throw AppError.unauthenticated();
        if (!conn.closed) {
          controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n\n`));
          for (const n of presented) {
            remember(conn, n.id);
            controller.enqueue(notificationChunk(n));
          }
          conn.counts = JSON.stringify(counts satisfies UnreadCounts);
          // A client that has seen nothing yet gets an id to come back with, so a reconnection replays.
          controller.enqueue(unreadChunk(conn.counts, baseline));
        }
      } catch (err) {
        forget(conn);
        throw err;
      }
      // Ended while it opened (a sixth tab of the user opened, or its session ended): nothing more to do.
      if (conn.closed) return stream;
      void markSeen([userId]);
      const early = conn.early ?? [];
      conn.early = null;
      for (const id of early) queue(id === 'counts' ? { userId } : { userId, id: String(id) });
      return stream;
    },
    beat,
    count: (userId) =>
      userId === undefined
        ? [...byUser.values()].reduce((n, l) => n + l.length, 0)
        : (byUser.get(userId)?.length ?? 0),
    closeAll,
  };
}
