import { Outlet } from 'react-router';
import { AppHeader, type AppArea } from './app-header.tsx';

const VENDOR: AppArea = {
  name: 'Vendor',
  need: 'vendor',
  links: [
    { to: '/vendor-dashboard', label: 'Dashboard' },
    { to: '/vendor-dashboard/profile', label: 'Profile' },
    { to: '/vendor-dashboard/verification', label: 'Verification' },
    { to: '/vendor-dashboard/tax-information', label: 'Tax information' },
  ],
};

const ADMIN: AppArea = {
  name: 'Admin',
  need: 'admin',
  links: [
    { to: '/admin', label: 'Dashboard' },
    { to: '/admin/mailbox', label: 'Mailbox' },
    { to: '/admin-seeder', label: 'Demo data' },
  ],
};

/**
 * Work pages (as Shopify's admin or Airbnb's host dashboard): the app header and the page, without
 * the marketing navigation and footer, whose links a vendor or admin at work never needs.
 */
function AppLayout({ area }: { area: AppArea }) {
  return (
    <>
      <AppHeader area={area} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </>
  );
}

/** The vendor dashboard's pages (/vendor-dashboard*). */
export function VendorLayout() {
  return <AppLayout area={VENDOR} />;
}

/** The admin pages (/admin, /admin/mailbox, /admin-seeder). */
export function AdminLayout() {
  return <AppLayout area={ADMIN} />;
}
