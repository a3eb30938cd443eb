import { useSyncExternalStore } from 'react';
import { createAuthClient } from 'better-auth/react';
import { answeringFirst } from './first-answers.ts';
import { sessionRetryingFetch } from './session-fetch.ts';

// A session read that fails (a limit, the server, the network) is asked again rather than shown as
// signed out: only the server's answer that there is no session signs the page out.
export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: { customFetchImpl: sessionRetryingFetch({ fetch: answeringFirst() }) },
});

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  userType?: string | null;
  firstName?: string | null;
  role?: string | null;
  /** When the person confirmed they are 18 or older; none yet after a first Google sign-in. */
  ageConfirmedAt?: string | Date | null;
};

/** The dashboard that belongs to a user's role. */
export function dashboardPath(user: SessionUser | null | undefined): string {
  if (user?.role === 'admin') return '/admin';
  return user?.userType === 'vendor' ? '/vendor-dashboard' : '/customer-dashboard';
}

/**
 * The signed-in user when the session has been read (null: nobody), undefined while it has not. A
 * route's loader starts the user's own data with it when the app already knows who is signed in.
 */
export function sessionUserIfRead(): SessionUser | null | undefined {
  const state = sessionNow();
  if (state.isPending) return undefined;
  return (state.data?.user as SessionUser | undefined) ?? null;
}

type SessionState = ReturnType<typeof authClient.useSession>;

/**
 * The session of the render under way on the server (renders are synchronous: one at a time): a
 * signed-in page's, null for a request without a session cookie, undefined when not known.
 */
let rendering: unknown;
/** In the browser: the session a signed-in page came with, until the page is taken over. */
let first: unknown;
/** In the browser: the page came without a session cookie (the server rendered it signed out). */
let startedSignedOut = false;

/** Better Auth's session store (its `useSession` reads it): the session read, or not read yet. */
interface SessionStore {
  get(): SessionState;
  listen(listener: () => void): () => void;
  /** Its first value: not read yet. */
  readonly init: SessionState;
}
const sessionStore = () => authClient.$store.atoms.session as unknown as SessionStore;
const subscribeToSession = (onChange: () => void) => sessionStore().listen(onChange);
const sessionNow = () => sessionStore().get();
/**
 * The session as the server rendered the page, for the browser's takeover: on a page that came with
 * its user's session, that session (in the store before the first render), so nothing renders again
 * once the page is taken over; else "not read yet", as Better Auth's own hook has it.
 */
const sessionAsRendered = () => (first !== undefined ? sessionStore().get() : sessionStore().init);

/**
 * The session, for every component (never `authClient.useSession` directly). Better Auth's hook shows
 * "not read yet" on the server and while the browser takes over the server's HTML, then renders every
 * reader again, at once, in one long task; here a signed-in page rendered as its user (decision 025)
 * shows that user on the server and from the browser's first render, so the two agree and nothing
 * renders again. A page the server rendered signed out (no session cookie) shows "signed out" while
 * the session is read, not "not read yet": the read can only say the same, and the navigation does
 * not change under the visitor.
 */
export function useSession(): SessionState {
  const live = useSyncExternalStore(subscribeToSession, sessionNow, sessionAsRendered);
  const known = import.meta.env.SSR ? rendering : undefined;
  const signedOut = import.meta.env.SSR ? rendering === null : startedSignedOut;
  if (known) return { ...live, data: known as SessionState['data'], isPending: false, error: null };
  if (signedOut && live.isPending) return { ...live, data: null, isPending: false, error: null };
  return live;
}

/**
 * Renders on the server as the page's signed-in user (entry-server.tsx), or signed out (null): the
 * session every part of the page reads, for the length of `render` (synchronous, so no other render
 * sees it), then none again.
 */
export function renderAsSignedIn<T>(session: unknown, render: () => T): T {
  rendering = session;
  try {
    return render();
  } finally {
    rendering = undefined;
  }
}

/**
 * In the browser, before the first render: the session the page came with (first answers), so the
 * page renders as its user at once, as the server did, instead of after reading the session; null
 * when the page came signed out.
 */
export function startWithFirstSession(session: unknown) {
  if (session === null) startedSignedOut = true;
  if (!session) return;
  first = session;
  authClient.hydrateSession(session as Parameters<typeof authClient.hydrateSession>[0]);
}
