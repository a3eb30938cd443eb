import { createAuthClient } from 'better-auth/react';
import { sessionRetryingFetch } from './session-fetch.ts';

// A session read that fails (a limit, the server, the network) is asked again rather than shown as
// signed out: only the server's answer that there is no session signs the page out.
export const authClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: { customFetchImpl: sessionRetryingFetch() },
});

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  userType?: string | null;
  firstName?: string | null;
  role?: string | null;
};

/** The dashboard that belongs to a user's role. */
export function dashboardPath(user: SessionUser | null | undefined): string {
  if (user?.role === 'admin') return '/admin';
  return user?.userType === 'vendor' ? '/vendor-dashboard' : '/customer-dashboard';
}
