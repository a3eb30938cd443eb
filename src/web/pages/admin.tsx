import { Link } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Button } from '../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { Applications } from '../features/admin/applications.tsx';
import { Claims } from '../features/admin/claims.tsx';
import { FailedJobs } from '../features/admin/failed-jobs.tsx';
import { Reconciliation } from '../features/admin/reconciliation.tsx';
import { Users } from '../features/admin/users.tsx';
import { VerificationQueue } from '../features/admin/verification.tsx';
import { useTabParam } from '../lib/use-tab-param.ts';

const TABS = ['applications', 'verification', 'users', 'claims', 'reconciliation', 'jobs'] as const;

export default function AdminPage() {
  const [tab, setTab] = useTabParam(TABS, 'applications');
  return (
    <RequireAuth need="admin">
      {() => (
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-4xl font-semibold">Admin</h1>
            <div className="flex gap-2">
              <Button asChild variant="outline" size="sm">
                <Link to="/admin/mailbox">Mailbox</Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link to="/admin-seeder">Demo data</Link>
              </Button>
            </div>
          </div>
          <Tabs value={tab} onValueChange={setTab} className="mt-8">
            <TabsList aria-label="Admin sections" className="flex-wrap rounded-3xl">
              <TabsTrigger value="applications">Vendor applications</TabsTrigger>
              <TabsTrigger value="verification">Verification</TabsTrigger>
              <TabsTrigger value="users">Users</TabsTrigger>
              <TabsTrigger value="claims">Claims</TabsTrigger>
              <TabsTrigger value="reconciliation">Reconciliation</TabsTrigger>
              <TabsTrigger value="jobs">Failed jobs</TabsTrigger>
            </TabsList>
            <TabsContent value="applications">
              <Applications />
            </TabsContent>
            <TabsContent value="verification">
              <VerificationQueue />
            </TabsContent>
            <TabsContent value="users">
              <Users />
            </TabsContent>
            <TabsContent value="claims">
              <Claims />
            </TabsContent>
            <TabsContent value="reconciliation">
              <Reconciliation />
            </TabsContent>
            <TabsContent value="jobs">
              <FailedJobs />
            </TabsContent>
          </Tabs>
        </div>
      )}
    </RequireAuth>
  );
}
