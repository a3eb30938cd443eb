import { RequireAuth } from '../components/layout/require-auth.tsx';
import { OriginalCustomerDashboard } from '../features/dashboard/original-customer-dashboard.tsx';
import { OriginalCustomerDashboardSkeleton } from '../features/dashboard/skeletons.tsx';

export default function CustomerDashboardOriginalPage() {
  return (
    <RequireAuth need="customer" loading={<OriginalCustomerDashboardSkeleton />}>
      {(user) => <OriginalCustomerDashboard user={user} />}
    </RequireAuth>
  );
}
