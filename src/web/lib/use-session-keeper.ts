import { useEffect } from 'react';
import { startSessionKeeper } from '../../shared/session-refresh.ts';
import { authClient, useSession } from './auth-client.ts';

/** Keeps a signed-in tab's session alive: refreshed shortly before it would expire (spec section 9). */
export function useSessionKeeper() {
  const { data, refetch } = useSession();
  const expiresAt = data?.session.expiresAt ? new Date(data.session.expiresAt).getTime() : null;

  useEffect(() => {
    if (expiresAt === null) return;
    return startSessionKeeper({
      expiresAt: () => new Date(expiresAt),
      refresh: async () => {
        // The server extends a session that is read near its end; refetch then updates every hook
        // and, with the new expiry, restarts this keeper.
        const { error } = await authClient.getSession({ query: { disableCookieCache: true } });
        if (error) return false;
        await refetch();
        return true;
      },
    });
  }, [expiresAt, refetch]);
}
