/**
 * Reading the session is asked again until the server answers it: a limit (429), a failing server or a
 * lost connection says nothing about whether someone is signed in. Better Auth's session hook shows
 * signed out on any error before its first answer; with this, it only ever sees a real answer (a
 * session, none, or 401) and keeps showing "checking" (or the last session it had) meanwhile.
 */
export const SESSION_RETRY = { firstDelayMs: 1_000, maxDelayMs: 30_000 } as const;

const SESSION_PATH = /\/get-session$/;

/** Whether a request reads the session (Better Auth's GET, or the POST that refreshes it). */
export function isSessionRequest(input: RequestInfo | URL): boolean {
  const url = input instanceof Request ? input.url : String(input);
  return SESSION_PATH.test(new URL(url, 'http://localhost').pathname);
}

/** Only a success, or 401 (no session), is an answer about the session; anything else is asked again. */
export const isSessionAnswer = (status: number) => (status >= 200 && status < 300) || status === 401;

/**
 * How long to wait before asking again: what the server said (Retry-After, or Better Auth's
 * X-Retry-After, in seconds), else 1 s doubling with each attempt; never more than 30 s.
 */
export function sessionRetryDelay(attempt: number, retryAfter: string | null | undefined): number {
  const told = Number(retryAfter);
  const ms =
    retryAfter && Number.isFinite(told) && told >= 0
      ? told * 1000
      : SESSION_RETRY.firstDelayMs * 2 ** Math.min(attempt, 10);
  return Math.min(Math.max(ms, SESSION_RETRY.firstDelayMs), SESSION_RETRY.maxDelayMs);
}

export interface SessionFetchDeps {
  fetch?: typeof fetch;
  /** Waits, or rejects when the signal aborts (the hook cancels a read it no longer needs). */
  sleep?: (ms: number, signal: AbortSignal | null | undefined) => Promise<void>;
}

const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');

function sleepFor(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A fetch for the auth client that asks session reads again until answered; other requests pass through. */
export function sessionRetryingFetch({
  fetch: send = (input, init) => globalThis.fetch(input, init),
  sleep = sleepFor,
}: SessionFetchDeps = {}): typeof fetch {
  return async (input, init) => {
    if (!isSessionRequest(input)) return send(input, init);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    for (let attempt = 0; ; attempt++) {
      let retryAfter: string | null = null;
      try {
        const response = await send(input, init);
        if (isSessionAnswer(response.status)) return response;
        retryAfter = response.headers.get('retry-after') ?? response.headers.get('x-retry-after');
        void response.body?.cancel().catch(() => {});
      } catch (err) {
        // A cancelled read ends here; a lost connection is asked again like a busy server.
        if (signal?.aborted) throw err;
      }
      await sleep(sessionRetryDelay(attempt, retryAfter), signal);
    }
  };
}
