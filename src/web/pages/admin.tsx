import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { Applications } from '../features/admin/applications.tsx';
import { Claims } from '../features/admin/claims.tsx';
import { Disputes } from '../features/admin/disputes.tsx';
import { FailedJobs } from '../features/admin/failed-jobs.tsx';
import { Reconciliation } from '../features/admin/reconciliation.tsx';
import { SellerReports } from '../features/admin/seller-reports.tsx';
import { Users } from '../features/admin/users.tsx';
import { VerificationQueue } from '../features/admin/verification.tsx';
import { useTabParam } from '../lib/use-tab-param.ts';

/** The admin's sections, in tab order: each tab's label and what it shows. */
const SECTIONS = [
  { tab: 'applications', label: 'Vendor applications', Panel: Applications },
  { tab: 'verification', label: 'Verification', Panel: VerificationQueue },
  { tab: 'users', label: 'Users', Panel: Users },
  { tab: 'claims', label: 'Claims', Panel: Claims },
  { tab: 'disputes', label: 'Disputes', Panel: Disputes },
  { tab: 'reconciliation', label: 'Reconciliation', Panel: Reconciliation },
  { tab: 'jobs', label: 'Failed jobs', Panel: FailedJobs },
  { tab: 'seller-reports', label: 'Seller reports', Panel: SellerReports },
] as const;
const TABS = SECTIONS.map((s) => s.tab);

export default function AdminPage() {
  const [tab, setTab] = useTabParam(TABS, 'applications');
  return (
    <RequireAuth need="admin">
      {() => (
        // The mailbox and the demo data seeder are in the app header (app-layout.tsx).
        <div className="mx-auto max-w-6xl px-4 pb-12 pt-6 sm:px-6 sm:pt-10">
          <h1 className="text-3xl font-semibold sm:text-4xl">Admin</h1>
          <Tabs value={tab} onValueChange={setTab} className="mt-6 sm:mt-8">
            <TabsList aria-label="Admin sections" className="flex-wrap rounded-3xl">
              {SECTIONS.map((s) => (
                <TabsTrigger key={s.tab} value={s.tab}>
                  {s.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {SECTIONS.map((s) => (
              <TabsContent key={s.tab} value={s.tab}>
                <s.Panel />
              </TabsContent>
            ))}
          </Tabs>
        </div>
      )}
    </RequireAuth>
  );
}
