import {
  MAX_STREAMS_PER_USER,
  STREAM_HEARTBEAT_MS,
  type Notification,
} from '../../../shared/schemas/notifications.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { safeError } from '../../http/log-safe-error.ts';
import type { Logger } from '../../logger.ts';
import type { EventBus } from './bus.ts';
import { liveSessions, presenceWriter } from './presence.ts';
import { presentNotifications } from './presenter.ts';
import type { EndSignal, UserSignal } from './publish.ts';
import { latestNotificationId, notificationsAfter, notificationsById, unreadCounts } from './service.ts';
import {
  notificationEvent,
  STREAM_BACKLOG_LIMIT,
  StreamConnection,
  type NodeOutput,
} from './stream-connection.ts';

/** How often the heartbeat writes that the connected users are still here. */
const PRESENCE_WRITE_MS = 60_000;

export interface OpenStream {
  userId: string;
  sessionId: string;
  /** The Node response it goes out on, if the server is Node's: written to directly (stream-connection.ts). */
  out?: NodeOutput | undefined;
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
  const byUser = new Map<string, StreamConnection[]>();
  const subscriptions = new Map<string, Promise<() => void>>();
  let pending = new Map<string, bigint[]>();
  let flushing: Promise<void> = Promise.resolve();
  let scheduled = false;
  let timer: NodeJS.Timeout | undefined;
  let presenceWrittenAt = 0;

  // Who is in the app now: written when a stream opens, when a user's last stream ends, and from the
  // heartbeat at most once a minute for everyone connected.
  const markSeen = presenceWriter({ db, log, clock });

  /** A stream ended (closed here, or cancelled by its client): the hub lets go of it. */
  function forget(conn: StreamConnection) {
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
      if (signal.end === 'user' || conn.sessionId === signal.sessionId) conn.close();
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
      // The rows and the counts side by side: both are read after the signals' commits.
      const [rows, counts] = await Promise.all([
        notificationsById(db, [...batch.values()].flat()),
        unreadCounts(db, [...batch.keys()]),
      ]);
      const presented = await presentNotifications(db, rows);
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
        const events = mine.map((n) => [n.id, notificationEvent(n)] as const);
        const userCounts = JSON.stringify(counts.get(userId));
        for (const conn of byUser.get(userId) ?? []) {
          if (conn.early || conn.closed) continue;
          conn.deliver(events, userCounts);
        }
      }
    } catch (err) {
      // What could not be read is not lost: those streams end, and their clients catch up on reconnecting.
      log.warn({ err: safeError(err) }, 'could not deliver notifications; ending the streams concerned');
      for (const userId of batch.keys()) for (const conn of byUser.get(userId) ?? []) conn.close();
    }
  }

  async function beat() {
    const all = [...byUser.values()].flat();
    for (const conn of all) if (!conn.early) conn.heartbeat();
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
      for (const conn of all) if (!alive.has(conn.sessionId)) conn.close();
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
    for (const conn of [...byUser.values()].flat()) conn.close();
  };
  // Shutdown ends the streams; after a lost bus connection they end too, and reconnect with
  // Last-Event-ID for what was sent while nobody listened.
  bus.onReset(() => closeAll());

  return {
    async open({ userId, sessionId, lastEventId, out }) {
      const conn = new StreamConnection(userId, sessionId, forget, out);
      const list = byUser.get(userId) ?? [];
      list.push(conn);
      byUser.set(userId, list);
      // Tabs beyond the limit: the oldest stream makes way.
      for (const old of list.slice(0, Math.max(0, list.length - MAX_STREAMS_PER_USER))) old.close();
      startTimer();
      try {
        // Listening before reading: whatever commits after the read is signalled, nothing falls between.
        await subscribe(userId);
        const missed =
          lastEventId === undefined
            ? []
            : await notificationsAfter(db, { userId, afterId: lastEventId, limit: STREAM_BACKLOG_LIMIT });
        const baseline = lastEventId === undefined ? await latestNotificationId(db, userId) : undefined;
        const [presented, counts, alive] = await Promise.all([
          presentNotifications(db, missed),
          unreadCounts(db, [userId]).then((m) => m.get(userId)!),
          // Signed out (or banned) after the request was let in, before this listened: no stream.
          liveSessions(db, [sessionId]).then((ids) => ids.has(sessionId)),
        ]);
        if (!alive) throw AppError.unauthenticated();
        conn.replay(presented, counts, baseline);
      } catch (err) {
        forget(conn);
        throw err;
      }
      // Ended while it opened (a sixth tab of the user opened, or its session ended): nothing more to do.
      if (conn.closed) return conn.stream;
      void markSeen([userId]);
      const early = conn.early ?? [];
      conn.early = null;
      for (const id of early) queue(id === 'counts' ? { userId } : { userId, id: String(id) });
      return conn.stream;
    },
    beat,
    count: (userId) =>
      userId === undefined
        ? [...byUser.values()].reduce((n, l) => n + l.length, 0)
        : (byUser.get(userId)?.length ?? 0),
    closeAll,
  };
}
