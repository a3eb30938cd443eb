import { RequireAuth } from '../components/layout/require-auth.tsx';
import { SimpleCustomerDashboard } from '../features/dashboard/simple-customer-dashboard.tsx';

/** The simple dashboard on its debug route: admins only, showing the admin's own data. */
export default function CustomerDashboardSimplePage() {
  return <RequireAuth need="admin">{(user) => <SimpleCustomerDashboard user={user} />}</RequireAuth>;
}
