import { Link } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Mailbox } from '../features/admin/mailbox.tsx';

export default function AdminMailboxPage() {
  return (
    <RequireAuth need="admin">
      {() => (
        <div className="mx-auto max-w-6xl px-4 pb-12 pt-6 sm:px-6 sm:pt-10">
          <h1 className="text-4xl font-semibold">Mailbox</h1>
          <p className="mt-2 text-cocoa-600">
            Every e-mail Frosted sends, with its delivery: sent, queued for another try, or failed with its
            last error. Without an SMTP server (<code>SMTP_URL</code>) they are kept here instead of sent.
            Back to the{' '}
            <Link to="/admin-seeder" className="font-medium text-rose-600 hover:underline">
              demo data seeder
            </Link>
            .
          </p>
          <div className="mt-8">
            <Mailbox />
          </div>
        </div>
      )}
    </RequireAuth>
  );
}
