import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Diagnostics } from '../features/admin/diagnostics.tsx';

export default function DashboardDebugPage() {
  return (
    <RequireAuth need="admin">
      {() => (
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <h1 className="text-4xl font-semibold">Dashboard Debug</h1>
          <p className="mt-2 text-cocoa-600">
            Check the API, the session and the dashboard query with your own account.
          </p>
          <div className="mt-8">
            <Diagnostics runOnLoad={false} />
          </div>
        </div>
      )}
    </RequireAuth>
  );
}
