import { useMemo, useState } from 'react';
import { ORDER_STATUSES, orderStatusLabel } from '../../../shared/order-status.ts';
import { NativeSelect } from '../../components/ui/input.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import type { SessionUser } from '../../lib/auth-client.ts';
import { MessagesTab } from '../messages/messages-tab.tsx';
import { UnreadMessagesBadge } from '../notifications/unread-badge.tsx';
import { VendorCard } from '../vendors/vendor-card.tsx';
import { useCustomerDashboard } from './api.ts';
import { OrderRow } from './order-row.tsx';
import { PayTogether } from '../payments/pay-together.tsx';
import { CustomerHeader } from './customer-header.tsx';
import { DashboardError, DesignCard, EmptyState } from './parts.tsx';
import { OriginalCustomerDashboardSkeleton } from './skeletons.tsx';

/** The full customer dashboard: stats and tabs for orders, designs, favorites and messages. */
export function OriginalCustomerDashboard({ user }: { user: SessionUser }) {
  const { data, isPending, error, refetch } = useCustomerDashboard(user.id);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('all');

  const orders = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (data?.orders ?? []).filter((o) => {
      if (status !== 'all' && o.status !== status) return false;
      if (!q) return true;
      const haystack = [
        o.orderNumber,
        o.vendor.businessName,
        o.occasion,
        o.cakeDesign?.flavor,
        o.cakeDesign?.description,
      ]
        .join(' ')
        .toLowerCase();
      return haystack.includes(q);
    });
  }, [data, query, status]);

  if (isPending) return <OriginalCustomerDashboardSkeleton />;
  if (error) return <DashboardError error={error} onRetry={() => void refetch()} />;
  const { stats } = data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <CustomerHeader
        title="My Dashboard"
        subtitle={<>Welcome back, {user.firstName || user.email || 'Customer'}</>}
        stats={stats}
      />
      <Tabs defaultValue="orders" className="mt-10">
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="designs">My Designs</TabsTrigger>
          <TabsTrigger value="favorites">Favorites</TabsTrigger>
          <TabsTrigger value="messages" className="inline-flex items-center gap-1.5">
            Messages
            <UnreadMessagesBadge userId={user.id} />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="orders">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <h2 className="text-2xl font-semibold">Order History</h2>
            <div className="flex gap-2">
              <SearchInput
                label="Search orders"
                placeholder="Search orders..."
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
              <NativeSelect
                aria-label="Filter by status"
                value={status}
                onChange={(e) => setStatus(e.target.value)}
                className="w-40"
              >
                <option value="all">All statuses</option>
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {orderStatusLabel(s)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="mt-5 space-y-4">
            <PayTogether orders={data.orders} />
            {data.orders.length === 0 ? (
              <EmptyState title="No orders yet" text="Start by designing your first cake!" />
            ) : orders.length === 0 ? (
              <EmptyState title="No matching orders" text="Try another search or status." />
            ) : (
              orders.map((o) => <OrderRow key={o.id} order={o} />)
            )}
          </div>
        </TabsContent>
        <TabsContent value="designs">
          <h2 className="text-2xl font-semibold">AI-Generated Designs</h2>
          {data.designs.length === 0 ? (
            <div className="mt-5">
              <EmptyState title="No designs yet" text="Designs you save from the AI designer appear here." />
            </div>
          ) : (
            <ul className="mt-5 grid grid-cols-2 gap-4 md:grid-cols-4">
              {data.designs.map((d) => (
                <li key={d.id}>
                  <DesignCard design={d} detail={`${d.flavor} · ${d.size}`} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="favorites">
          <h2 className="text-2xl font-semibold">Favorite Vendors</h2>
          {data.favoriteVendors.length === 0 ? (
            <div className="mt-5">
              <EmptyState title="No favorites yet" text="Tap the heart on a vendor to keep them here." />
            </div>
          ) : (
            <ul className="mt-5 grid gap-6 md:grid-cols-3">
              {data.favoriteVendors.map((v) => (
                <li key={v.id} className="flex">
                  <VendorCard vendor={v} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
