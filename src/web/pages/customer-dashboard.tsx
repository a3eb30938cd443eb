import { RequireAuth } from '../components/layout/require-auth.tsx';
import { SimpleCustomerDashboard } from '../features/dashboard/simple-customer-dashboard.tsx';

export default function CustomerDashboardPage() {
  return <RequireAuth need="customer">{(user) => <SimpleCustomerDashboard user={user} />}</RequireAuth>;
}
