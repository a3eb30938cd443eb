import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { authClient, dashboardPath, type SessionUser } from '../../lib/auth-client.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';

type Need = 'customer' | 'vendor' | 'admin' | 'any';

function allowed(user: SessionUser, need: Need): boolean {
  if (need === 'any') return true;
  if (need === 'admin') return user.role === 'admin';
  return (user.userType ?? 'customer') === need;
}

/** Pages for signed-in users: visitors go to /auth and come back; a wrong role sees why it cannot enter. */
export function RequireAuth({ need, children }: { need: Need; children: (user: SessionUser) => ReactNode }) {
  const { data, isPending } = authClient.useSession();
  const location = useLocation();
  if (isPending) {
    return (
      <div className="flex justify-center py-32">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (!data?.user) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auth?next=${next}`} replace />;
  }
  const user = data.user as SessionUser;
  if (!allowed(user, need)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">This page is not for your account type</h1>
        <p className="mt-3 text-cocoa-600">
          {need === 'admin'
            ? 'Only Frosted administrators can open this page.'
            : `This page is for ${need} accounts. You are signed in as ${user.email}.`}
        </p>
        <Button asChild className="mt-8">
          <Link to={dashboardPath(user)}>Go to my dashboard</Link>
        </Button>
      </div>
    );
  }
  return <>{children(user)}</>;
}
