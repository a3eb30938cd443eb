import { lazy, type ReactNode, Suspense } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { dashboardPath, type SessionUser, useSession } from '../../lib/auth-client.ts';
import { Button } from '../ui/button.tsx';
import { Skeleton, Spinner } from '../ui/spinner.tsx';

// Only an account that has not confirmed its age (a first Google sign-in) needs it: its form code
// stays out of every other page's start.
const AgeGate = lazy(() =>
  import('../../features/account/age-gate.tsx').then((m) => ({ default: m.AgeGate })),
);

export type Need = 'customer' | 'vendor' | 'admin' | 'any';

/** Whether `user` may open a page for `need`. */
export function allowed(user: SessionUser, need: Need): boolean {
  if (need === 'any') return true;
  if (need === 'admin') return user.role === 'admin';
  return (user.userType ?? 'customer') === need;
}

/**
 * Pages for signed-in users: visitors go to /auth and come back; a wrong role sees why it cannot enter.
 * While the session is checked, `loading` (the page's own loading state, so the page keeps one shape
 * until its data is there) or the outline of a page.
 */
export function RequireAuth({
  need,
  loading = <PageSkeleton />,
  children,
}: {
  need: Need;
  loading?: ReactNode;
  children: (user: SessionUser) => ReactNode;
}) {
  const { data, isPending, refetch } = useSession();
  const location = useLocation();
  if (isPending) return loading;
  if (!data?.user) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/auth?next=${next}`} replace />;
  }
  const user = data.user as SessionUser;
  // A first sign-in with Google has not confirmed the age yet: asked once, before anything else.
  if (!user.ageConfirmedAt)
    return (
      <Suspense fallback={loading}>
        <AgeGate onConfirmed={() => void refetch()} />
      </Suspense>
    );
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

/** A page's outline (its title, a line, its first block) while the session is checked. */
function PageSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Skeleton className="h-10 w-64 max-w-full" />
      <Spinner label="Checking your session" className="mt-2 h-6" />
      <Skeleton className="mt-8 h-72 w-full rounded-[var(--radius-card)]" />
    </div>
  );
}
