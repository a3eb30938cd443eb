import { Link } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { SeederPanel } from '../features/admin/seeder-panel.tsx';

export default function AdminSeederPage() {
  return (
    <RequireAuth need="admin">
      {() => (
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <h1 className="text-4xl font-semibold">Demo Data Seeder</h1>
          <p className="mt-2 text-cocoa-600">
            Load or remove the demo vendors, designs, orders, favorites and reviews. E-mails kept by the
            server are in the{' '}
            <Link to="/admin/mailbox" className="font-medium text-rose-600 hover:underline">
              mailbox
            </Link>
            .
          </p>
          <div className="mt-8">
            <SeederPanel />
          </div>
        </div>
      )}
    </RequireAuth>
  );
}
