/** Spec section 9: a tick every 30 s refreshes the session once 90 s or less remain; retries back off from 200 ms. */
export const SESSION_REFRESH = {
  tickMs: 30_000,
  refreshWhenRemainingMs: 90_000,
  retryBaseMs: 200,
  maxRetries: 6,
} as const;

export const shouldRefreshSession = (expiresAt: Date | string, now: number): boolean =>
  new Date(expiresAt).getTime() - now <= SESSION_REFRESH.refreshWhenRemainingMs;

/** 200, 400, 800, ... ms before retry number `attempt` (0-based). */
export const refreshRetryDelay = (attempt: number): number => SESSION_REFRESH.retryBaseMs * 2 ** attempt;

export interface SessionKeeperDeps {
  /** When the current session expires, or null when signed out. */
  expiresAt: () => Date | string | null;
  /** Asks the server to extend the session; false when it failed (network, server). */
  refresh: () => Promise<boolean>;
  now?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (id: unknown) => void;
}

/** Runs the tick; returns a function that stops it. */
export function startSessionKeeper(deps: SessionKeeperDeps): () => void {
  const now = deps.now ?? Date.now;
  const later = deps.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const every = deps.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
  const stopEvery = deps.clearInterval ?? ((id) => globalThis.clearInterval(id as number));
  let busy = false;
  let stopped = false;

  const attempt = async (n: number): Promise<void> => {
    if (stopped) return;
    if (await deps.refresh()) {
      busy = false;
      return;
    }
    if (n + 1 >= SESSION_REFRESH.maxRetries) {
      busy = false;
      return;
    }
    later(() => void attempt(n + 1), refreshRetryDelay(n));
  };

  const tick = () => {
    const expiresAt = deps.expiresAt();
    if (busy || expiresAt === null || !shouldRefreshSession(expiresAt, now())) return;
    busy = true;
    void attempt(0);
  };
  const id = every(tick, SESSION_REFRESH.tickMs);
  return () => {
    stopped = true;
    stopEvery(id);
  };
}
