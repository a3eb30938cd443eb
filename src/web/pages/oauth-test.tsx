import { Link } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { formatDateTime } from '../../shared/time.ts';
import { dashboardPath, type SessionUser, useSession } from '../lib/auth-client.ts';
import { useLinkedAccounts } from '../features/auth/api.ts';

function SessionDetails({ user }: { user: SessionUser }) {
  const session = useSession();
  const accounts = useLinkedAccounts(user.id);
  if (accounts.isPending) return <Spinner label="Loading sign-in details" />;
  if (accounts.isError) {
    return (
      <div role="alert">
        <h2 className="text-xl font-semibold">Authentication Failed</h2>
        <p className="text-cocoa-600">{accounts.error.message}</p>
      </div>
    );
  }
  // The token itself is never shown or copied: anyone holding it is signed in as this user.
  const expiresAt = session.data?.session.expiresAt;
  const rows: [string, string][] = [
    ['Email', user.email],
    ['User ID', user.id],
    ['Provider', accounts.data.map((a) => a.providerId).join(', ') || 'email'],
    ['User type', user.role === 'admin' ? 'admin' : (user.userType ?? 'customer')],
    ['Name', user.name],
    ['Session', expiresAt ? `active until ${formatDateTime(expiresAt)}` : 'none'],
  ];
  return (
    <Card className="p-6">
      <dl className="grid grid-cols-[8rem_1fr] gap-y-3 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-semibold text-cocoa-600">{k}</dt>
            <dd className="break-all font-mono">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild>
          <Link to={dashboardPath(user)}>Go to Dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Go Home</Link>
        </Button>
      </div>
    </Card>
  );
}

export default function OAuthTestPage() {
  return (
    <RequireAuth need="admin">
      {(user) => (
        <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
          <h1 className="text-4xl font-semibold">Sign-in Test</h1>
          <p className="mt-2 text-cocoa-600">What the server knows about your current session.</p>
          <div className="mt-8">
            <SessionDetails user={user} />
          </div>
        </div>
      )}
    </RequireAuth>
  );
}
