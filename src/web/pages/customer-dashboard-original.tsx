import { RequireAuth } from '../components/layout/require-auth.tsx';
import { OriginalCustomerDashboard } from '../features/dashboard/original-customer-dashboard.tsx';

export default function CustomerDashboardOriginalPage() {
  return <RequireAuth need="customer">{(user) => <OriginalCustomerDashboard user={user} />}</RequireAuth>;
}
