import { Link } from 'react-router';
import { orderTitle } from '../../../shared/quote-brief.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import type { SessionUser } from '../../lib/auth-client.ts';
import { PayTogether } from '../payments/pay-together.tsx';
import { useCustomerDashboard } from './api.ts';
import { CustomerHeader } from './customer-header.tsx';
import { AmountStatus, DashboardError, DesignCard, EmptyState, forOrder, PaymentActions } from './parts.tsx';
import { SimpleCustomerDashboardSkeleton } from './skeletons.tsx';

/** The spec's simple customer dashboard: four stats, up to 3 recent orders and up to 6 designs. */
export function SimpleCustomerDashboard({ user }: { user: SessionUser }) {
  const { data, isPending, error, refetch } = useCustomerDashboard(user.id);
  if (isPending) return <SimpleCustomerDashboardSkeleton />;
  if (error) return <DashboardError error={error} onRetry={() => void refetch()} />;

  const { stats } = data;
  const name = user.firstName || 'Customer';
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <CustomerHeader
        title={`Welcome back, ${name}`}
        subtitle={
          <>
            Your cakes, orders and designs in one place.{' '}
            <Link to="/account" className="font-medium text-rose-600 hover:underline">
              Account settings
            </Link>
          </>
        }
        stats={stats}
      />
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_1.3fr]">
        <section aria-labelledby="recent-orders" className="min-w-0">
          <h2 id="recent-orders" className="text-2xl font-semibold">
            Recent Orders
          </h2>
          {/* Every order waiting for payment, not only the 3 recent ones below. */}
          <PayTogether orders={data.orders} className="mt-4" />
          {data.orders.length === 0 ? (
            <EmptyState className="mt-4" title="No orders yet" text="Start by designing your first cake!" />
          ) : (
            <ul className="mt-4 space-y-3">
              {data.orders.slice(0, 3).map((o) => (
                <li key={o.id}>
                  {/* The vendor's name is what tells orders apart: it wraps (the buttons go below it on a
                      phone) rather than being cut. */}
                  <Card className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 p-4">
                    <div className="min-w-0 flex-1 basis-48">
                      <p className="text-xs font-medium text-cocoa-500">{o.orderNumber}</p>
                      <p className="break-words font-semibold">
                        {orderTitle(o)} ·{' '}
                        <Link to={`/vendor/${o.vendor.id}`} className="text-rose-600 hover:underline">
                          {o.vendor.businessName}
                        </Link>
                      </p>
                    </div>
                    <div className="ml-auto flex shrink-0 flex-col items-end gap-2">
                      <AmountStatus
                        amount={o.amount}
                        status={o.status}
                        className="flex flex-col items-end gap-1"
                      />
                      <div className="flex flex-wrap justify-end gap-2">
                        <PaymentActions order={o} />
                        <Button asChild variant="outline" size="sm">
                          <Link
                            to={`/orders/${o.id}`}
                            aria-label={forOrder('View Order', o.orderNumber, o.vendor.businessName)}
                          >
                            View Order
                          </Link>
                        </Button>
                      </div>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="my-designs" className="min-w-0">
          <h2 id="my-designs" className="text-2xl font-semibold">
            My Designs
          </h2>
          {data.designs.length === 0 ? (
            <EmptyState
              className="mt-4"
              title="No designs yet"
              text="Your saved AI designs will appear here."
            />
          ) : (
            <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
              {data.designs.slice(0, 6).map((d) => (
                <li key={d.id}>
                  <DesignCard design={d} detail={`${d.occasion} · ${d.status}`} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
