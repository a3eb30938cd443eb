import { MESSAGES } from '../../../shared/errors.ts';
import type { Database, Unlisten } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { type BusSignal, parseSignals, USER_EVENTS_CHANNEL } from './publish.ts';

export type SignalListener = (signal: BusSignal) => void;

/** Signals held for the rest of their batch at most (a batch is at most 5,000: publish.ts). */
const MAX_HELD_SIGNALS = 20_000;

/**
 * This process's end of the event bus: ONE listening connection (PostgreSQL LISTEN on its own
 * connection, or PGlite's listen()) whatever the number of streams, and the signals handed to the
 * subscribers of the user they are for. It starts listening when the first subscriber arrives, so a
 * process that never streams (a job runner, most tests) holds no connection.
 */
export interface EventBus {
  /**
   * Hands `listener` every signal for `userId` (from any process: a notification, changed counts, or
   * the end of a session's or the user's streams) until the returned function is called. Resolves
   * once this process is listening, so a caller that reads the database after it misses nothing
   * committed later; rejects when the database cannot be reached (503).
   */
  subscribe(userId: string, listener: SignalListener): Promise<() => void>;
  /**
   * Called when what was sent while the bus could not listen is lost (after a dropped connection
   * came back) and when the bus closes: a subscriber then catches up or ends.
   */
  onReset(listener: (reason: 'reconnected' | 'closed') => void): () => void;
  /** Stops listening and tells every subscriber (shutdown); later subscriptions are refused. */
  close(): Promise<void>;
}

export function createEventBus(database: Pick<Database, 'listen'>, log?: Pick<Logger, 'warn'>): EventBus {
  const byUser = new Map<string, Set<SignalListener>>();
  const resetListeners = new Set<(reason: 'reconnected' | 'closed') => void>();
  let listening: Promise<Unlisten> | undefined;
  let closed = false;

  // The pages of a batch that came so far (a statement's NOTIFYs arrive together).
  let held: BusSignal[] = [];
  let heldPages = 0;
  const dispatch = (payload: string) => {
    const page = parseSignals(payload);
    if (!page) {
      log?.warn({ channel: USER_EVENTS_CHANNEL }, 'ignored a malformed event bus payload');
      return;
    }
    // Handed over whole, so the streams read and send a batch in one round, not in pieces as the
    // pages come off the socket; a hold that only grows is handed over anyway.
    for (const signal of page.signals) held.push(signal);
    if (++heldPages < page.pages && held.length < MAX_HELD_SIGNALS) return;
    const signals = held;
    held = [];
    heldPages = 0;
    for (const signal of signals) {
      const listeners = byUser.get(signal.userId);
      if (listeners) for (const listener of listeners) listener(signal);
    }
  };
  const reset = (reason: 'reconnected' | 'closed') => {
    held = [];
    heldPages = 0;
    for (const listener of [...resetListeners]) listener(reason);
  };

  const listen = () => {
    listening ??= database.listen(USER_EVENTS_CHANNEL, dispatch, {
      onReconnect: () => reset('reconnected'),
    });
    // A failed first attempt is not kept: the next subscriber tries again.
    listening.catch(() => {
      listening = undefined;
    });
    return listening;
  };

  return {
    async subscribe(userId, listener) {
      // Shutting down: a stream opened now would end at once.
      if (closed) throw new AppError('UNAVAILABLE', 503, MESSAGES.unavailable);
      await listen();
      if (closed) throw new AppError('UNAVAILABLE', 503, MESSAGES.unavailable);
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        const current = byUser.get(userId);
        if (!current?.delete(listener)) return;
        if (current.size === 0) byUser.delete(userId);
      };
    },
    onReset(listener) {
      resetListeners.add(listener);
      return () => void resetListeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      reset('closed');
      byUser.clear();
      const unlisten = await listening?.catch(() => undefined);
      await unlisten?.();
    },
  };
}
