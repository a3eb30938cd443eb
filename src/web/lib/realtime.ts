import { useSyncExternalStore } from 'react';
import {
  notificationSchema,
  STREAM_RECONNECT_DELAYS_MS,
  unreadCountsSchema,
  type Notification,
  type UnreadCounts,
} from '../../shared/schemas/notifications.ts';

/**
 * The signed-in tab's one connection to the event stream (GET /api/me/events, server-sent events).
 *
 * off: no stream (signed out, or not started yet); connecting: opening or reopening after a drop;
 * open: events arrive as they happen; down: it failed once after each reconnect delay, so the pages
 * poll (see usePollingFallback) while it keeps trying every 10 s.
 */
export type RealtimeStatus = 'off' | 'connecting' | 'open' | 'down';

export const EVENTS_PATH = '/api/me/events';

/** Failures in a row after which the stream counts as down: one per reconnect delay (1, 2, 5, 10 s). */
export const FAILURES_BEFORE_FALLBACK = STREAM_RECONNECT_DELAYS_MS.length;

/** How often the pages poll while the stream is down (what they did before the stream existed). */
export const FALLBACK_POLL_MS = 5_000;

let status: RealtimeStatus = 'off';
const listeners = new Set<() => void>();

function setStatus(next: RealtimeStatus) {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getRealtimeStatus = () => status;

export const useRealtimeStatus = () =>
  useSyncExternalStore(subscribe, getRealtimeStatus, () => 'off' as const);

/**
 * Whether polling should stand in for the stream: it is down or was never started. While it reopens
 * after a drop nothing is polled, since the reopened stream replays what was missed (Last-Event-ID).
 */
export function usePollingFallback(): boolean {
  const s = useRealtimeStatus();
  return s === 'off' || s === 'down';
}

/** The poll interval for a query that the stream otherwise keeps fresh: 5 s while it is down, else off. */
export const useFallbackInterval = (): number | false => (usePollingFallback() ? FALLBACK_POLL_MS : false);

export interface RealtimeHandlers {
  onNotification(notification: Notification): void;
  onUnread(counts: UnreadCounts): void;
  /**
   * The stream is open again after a drop and nothing could be replayed (no event had arrived yet to
   * resume from): whatever the page shows may have missed events.
   */
  onResync?(): void;
}

/** What the connection needs from the browser; tests pass fakes. */
export interface RealtimeEnvironment {
  createEventSource(url: string): EventSource;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Whether the tab is visible; a hidden tab does not reconnect until it is shown. */
  isVisible(): boolean;
  /** Calls `fn` when the tab is next shown; returns a function that stops waiting. */
  onVisible(fn: () => void): () => void;
}

const browserEnvironment = (): RealtimeEnvironment => ({
  // Same origin: the session cookie goes with it (withCredentials only matters across origins).
  createEventSource: (url) => new EventSource(url),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  isVisible: () => document.visibilityState !== 'hidden',
  onVisible: (fn) => {
    const listener = () => {
      if (document.visibilityState === 'hidden') return;
      document.removeEventListener('visibilitychange', listener);
      fn();
    };
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
});

/** An event's data as JSON, or undefined when it is not (which the schema then refuses). */
function json(data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * Opens the event stream and keeps it open until the returned function is called. On an error the
 * EventSource is closed (its own retry would ignore the spec's delays) and reopened after 1, 2, 5,
 * then every 10 s, with `?lastEventId=` so the server replays what was missed. Only one connection
 * may be open per tab: the caller (the root layout) starts it once per signed-in session.
 */
export function connectRealtime(
  handlers: RealtimeHandlers,
  env: RealtimeEnvironment = browserEnvironment(),
): () => void {
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let failures = 0;
  let openedBefore = false;
  let timer: unknown = null;
  let stopWaitingForVisible: (() => void) | null = null;
  let stopped = false;

  const open = () => {
    timer = null;
    stopWaitingForVisible = null;
    if (stopped) return;
    // Tabs left in the background do not fight over the server's per-user stream limit.
    if (failures > 0 && !env.isVisible()) {
      stopWaitingForVisible = env.onVisible(open);
      return;
    }
    const url = lastEventId ? `${EVENTS_PATH}?${new URLSearchParams({ lastEventId })}` : EVENTS_PATH;
    const es = env.createEventSource(url);
    source = es;
    es.onopen = () => {
      if (source !== es) return;
      const replays = lastEventId !== null;
      failures = 0;
      setStatus('open');
      if (openedBefore && !replays) handlers.onResync?.();
      openedBefore = true;
    };
    es.addEventListener('notification', (event) => {
      if (source !== es) return;
      const message = event as MessageEvent;
      const parsed = notificationSchema.safeParse(json(message.data));
      if (!parsed.success) return;
      lastEventId = message.lastEventId || parsed.data.id;
      handlers.onNotification(parsed.data);
    });
    es.addEventListener('unread', (event) => {
      if (source !== es) return;
      const message = event as MessageEvent;
      // The stream's first `unread` carries the newest notification's id: a place to resume from even
      // before any notification has arrived.
      if (message.lastEventId) lastEventId = message.lastEventId;
      const parsed = unreadCountsSchema.safeParse(json(message.data));
      if (parsed.success) handlers.onUnread(parsed.data);
    });
    es.onerror = () => {
      if (source !== es) return;
      es.close();
      source = null;
      failures += 1;
      setStatus(failures >= FAILURES_BEFORE_FALLBACK ? 'down' : 'connecting');
      const delays = STREAM_RECONNECT_DELAYS_MS;
      timer = env.setTimeout(open, delays[Math.min(failures, delays.length) - 1]!);
    };
  };

  setStatus('connecting');
  open();
  return () => {
    stopped = true;
    if (timer !== null) env.clearTimeout(timer);
    stopWaitingForVisible?.();
    source?.close();
    source = null;
    setStatus('off');
  };
}
