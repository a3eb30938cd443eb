import { RequireAuth } from '../components/layout/require-auth.tsx';
import { VendorDashboardView } from '../features/dashboard/vendor-dashboard-view.tsx';

export default function VendorDashboardPage() {
  return <RequireAuth need="vendor">{(user) => <VendorDashboardView user={user} />}</RequireAuth>;
}
