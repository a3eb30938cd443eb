import { Layers } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money.ts';
import type { CustomerOrder } from '../../../shared/schemas/dashboard.ts';
import { MAX_ORDERS_PER_CHECKOUT } from '../../../shared/schemas/payments.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/auth-client.ts';
import { useCustomerDashboard } from '../dashboard/api.ts';

/** What a customer can pay now: an accepted order not paid yet, or a balance whose charge was declined. */
const payable = (o: CustomerOrder) => (o.status === 'pending' && !o.paymentConfirming) || o.balanceToPay;

/** The checkout of several orders: /orders/{first}/pay?orders=a,b (the page of the group's checkout). */
export const payTogetherPath = (orderIds: readonly string[]) =>
  `/orders/${orderIds[0]}/pay?orders=${orderIds.join(',')}`;

/**
 * "Pay together": the customer's orders waiting for payment, chosen with checkboxes (all at first) and
 * paid in one checkout. Shown only when there are two or more to choose from. `current`: the order
 * whose page this is, listed first.
 */
export function PayTogether({
  orders,
  current,
  className,
}: {
  orders: readonly CustomerOrder[];
  current?: string;
  className?: string;
}) {
  const open = orders.filter(payable);
  const list = current
    ? [...open.filter((o) => o.id === current), ...open.filter((o) => o.id !== current)]
    : open;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(list.map((o) => o.id)));
  if (list.length < 2) return null;
  const picked = list.filter((o) => chosen.has(o.id)).slice(0, MAX_ORDERS_PER_CHECKOUT);
  const toggle = (id: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section
      aria-labelledby="pay-together-title"
      className={cn(
        'rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5',
        className,
      )}
    >
      <h2 id="pay-together-title" className="flex items-center gap-2 text-lg font-semibold">
        <Layers className="size-5 text-rose-500" aria-hidden /> Pay together
      </h2>
      <p className="mt-1 text-sm text-cocoa-600">
        Choose the accepted orders to pay in one checkout. Each order keeps its own protection and refunds.
      </p>
      {/* A fieldset is as wide as its widest line unless told otherwise: on a phone, it would overflow. */}
      <fieldset className="mt-3 min-w-0">
        <legend className="sr-only">Orders to pay together</legend>
        <ul className="divide-y divide-cocoa-900/10">
          {list.map((o) => (
            <li key={o.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 py-2">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-rose-600"
                  checked={chosen.has(o.id)}
                  onChange={() => toggle(o.id)}
                />
                {/* The vendor's name tells the orders apart: it wraps rather than being cut. */}
                <span className="min-w-0 flex-1 break-words">
                  {o.vendor.businessName} <span className="text-cocoa-600">· Order {o.orderNumber}</span>
                </span>
                <span className="shrink-0 font-medium">{formatCents(o.amount)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {picked.length >= 2 ? (
        <Button asChild className="mt-3 w-full sm:w-auto">
          <Link to={payTogetherPath(picked.map((o) => o.id))}>Pay {picked.length} orders together</Link>
        </Button>
      ) : (
        <p role="status" className="mt-3 text-sm text-cocoa-600">
          Choose at least two orders to pay together.
        </p>
      )}
    </section>
  );
}

/**
 * Pay together from one order's page: the customer's other orders waiting for payment (from their
 * dashboard's data, usually cached), with this one first. Nothing while they load or if they fail: the
 * order's own Pay is beside it.
 */
export function PayTogetherForOrder({ orderId, className }: { orderId: string; className?: string }) {
  const session = useSession();
  const userId = session.data?.user.id ?? '';
  const dashboard = useCustomerDashboard(userId);
  if (!userId || !dashboard.data) return null;
  return <PayTogether orders={dashboard.data.orders} current={orderId} className={className} />;
}
