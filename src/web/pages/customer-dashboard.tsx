import { RequireAuth } from '../components/layout/require-auth.tsx';
import { SimpleCustomerDashboard } from '../features/dashboard/simple-customer-dashboard.tsx';
import { SimpleCustomerDashboardSkeleton } from '../features/dashboard/skeletons.tsx';

export default function CustomerDashboardPage() {
  return (
    <RequireAuth need="customer" loading={<SimpleCustomerDashboardSkeleton />}>
      {(user) => <SimpleCustomerDashboard user={user} />}
    </RequireAuth>
  );
}
