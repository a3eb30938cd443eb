import { FIRST_ANSWERS_ID, type FirstAnswers, SESSION_REQUEST } from '../../shared/page-start.ts';

/**
 * The answers the server wrote into a signed-in page (src/server/http/page-start.ts, decision 025): the
 * session and the page's first GETs. Each is used once, by the first request or query for its path,
 * and only while the page starts: a request made later (a refetch, a page opened again) goes to the
 * server. When the server renders such a page (entry-server.tsx) the same answers are this render's.
 */
export const FIRST_ANSWERS_FRESH_MS = 15_000;

let inPage: Map<string, unknown> | undefined;
/** The answers of the render under way on the server (renders are synchronous: one at a time). */
let rendering: Map<string, unknown> | undefined;

function answers(): Map<string, unknown> | undefined {
  if (rendering) return rendering;
  if (typeof document === 'undefined' || performance.now() > FIRST_ANSWERS_FRESH_MS) return undefined;
  if (!inPage) {
    const text = document.getElementById(FIRST_ANSWERS_ID)?.textContent;
    let parsed: FirstAnswers = {};
    try {
      parsed = text ? (JSON.parse(text) as FirstAnswers) : {};
    } catch {
      // Not ours to fail on: every request then goes to the server.
    }
    inPage = new Map(Object.entries(parsed));
  }
  return inPage;
}

/** The answer to a GET of `path` the page came with, taken: the next request for it goes to the server. */
export function takeFirstAnswer<T>(path: string): T | undefined {
  const found = answers();
  if (!found?.has(path)) return undefined;
  const body = found.get(path) as T;
  found.delete(path);
  return body;
}

/** The session the page came with (its read still goes through takeFirstAnswer). */
export const firstSession = () => answers()?.get(SESSION_REQUEST);

/** Renders on the server with a signed-in page's answers (entry-server.tsx); `render` must be synchronous. */
export function withFirstAnswers<T>(pageAnswers: FirstAnswers, render: () => T): T {
  rendering = new Map(Object.entries(pageAnswers));
  try {
    return render();
  } finally {
    rendering = undefined;
  }
}

/** The path an answer is kept under: Better Auth may add its own query to the session read. */
function keyOf(input: RequestInfo | URL, init: RequestInit | undefined): string | undefined {
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  if (method.toUpperCase() !== 'GET' || typeof window === 'undefined') return undefined;
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  return url.pathname === SESSION_REQUEST ? SESSION_REQUEST : url.pathname + url.search;
}

/** A fetch that answers from the page's first answers when it has one, else asks `send`. */
export function answeringFirst(
  send: typeof fetch = (input, init) => globalThis.fetch(input, init),
): typeof fetch {
  return (input, init) => {
    const key = keyOf(input, init);
    const body = key === undefined ? undefined : takeFirstAnswer<unknown>(key);
    if (body === undefined) return send(input, init);
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  };
}
