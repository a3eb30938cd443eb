import { Link } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Card } from '../components/ui/card.tsx';
import { ChangePassword } from '../features/account/change-password.tsx';
import { EmailPreferences } from '../features/account/email-preferences.tsx';
import { Sessions } from '../features/account/sessions.tsx';
import { CloseAccount, DownloadMyData } from '../features/account/privacy.tsx';
import { dashboardPath } from '../lib/auth-client.ts';

export default function AccountPage() {
  return (
    <RequireAuth need="any">
      {(user) => (
        <div className="mx-auto max-w-3xl space-y-6 px-4 py-12 sm:px-6">
          <div>
            <h1 className="text-4xl font-semibold">Account settings</h1>
            <p className="mt-2 text-cocoa-600">
              Signed in as {user.email}.{' '}
              <Link to={dashboardPath(user)} className="font-medium text-rose-600 hover:underline">
                Back to my dashboard
              </Link>
            </p>
          </div>
          <Card className="p-6">
            <h2 className="text-xl font-semibold">Profile</h2>
            <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
              <dt className="text-cocoa-500">Name</dt>
              <dd>{user.name}</dd>
              <dt className="text-cocoa-500">E-mail</dt>
              <dd>{user.email}</dd>
              <dt className="text-cocoa-500">Account type</dt>
              <dd className="capitalize">
                {user.role === 'admin' ? 'administrator' : (user.userType ?? 'customer')}
              </dd>
            </dl>
          </Card>
          <EmailPreferences />
          <ChangePassword />
          <Sessions />
          <DownloadMyData />
          <CloseAccount user={user} />
        </div>
      )}
    </RequireAuth>
  );
}
