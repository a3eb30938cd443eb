import { RequireAuth } from '../components/layout/require-auth.tsx';
import { VendorDashboardSkeleton } from '../features/dashboard/skeletons.tsx';
import { VendorDashboardView } from '../features/dashboard/vendor-dashboard-view.tsx';

export default function VendorDashboardPage() {
  return (
    <RequireAuth need="vendor" loading={<VendorDashboardSkeleton />}>
      {(user) => <VendorDashboardView user={user} />}
    </RequireAuth>
  );
}
