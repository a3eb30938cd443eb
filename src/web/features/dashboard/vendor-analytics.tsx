import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ORDER_STATUSES, orderStatusLabel } from '../../../shared/order-status.ts';
import { formatCents } from '../../../shared/money.ts';
import type { VendorDashboard } from '../../../shared/schemas/dashboard.ts';
import { Card } from '../../components/ui/card.tsx';
import { formatMonthKey } from '../../../shared/time.ts';

const COLORS = { revenue: '#b93c63', orders: '#c4962c' };

/** Analytics tab: revenue and orders per month, and orders by status, from the vendor's own orders. */
export default function VendorAnalytics({ data }: { data: VendorDashboard }) {
  const months = data.months.map((m) => ({ ...m, label: formatMonthKey(m.month), dollars: m.revenue / 100 }));
  const empty = data.stats.totalOrders === 0;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard
        title="Revenue by month"
        summary={`Revenue from completed orders over the last ${months.length} months: ${formatCents(
          data.months.reduce((t, m) => t + m.revenue, 0),
        )}.`}
      >
        <BarChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#f3dcc6" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} />
          <YAxis
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={56}
            tickFormatter={(v: number) => `$${v.toLocaleString('en-CA')}`}
          />
          <Tooltip
            formatter={(v) => [formatCents(Math.round(Number(v) * 100)), 'Revenue']}
            cursor={{ fill: '#fff1f4' }}
          />
          <Bar dataKey="dollars" name="Revenue" fill={COLORS.revenue} radius={[6, 6, 0, 0]} />
        </BarChart>
      </ChartCard>
      <ChartCard
        title="Orders by month"
        summary={`Orders placed over the last ${months.length} months: ${data.months.reduce(
          (t, m) => t + m.orders,
          0,
        )}.`}
      >
        <BarChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#f3dcc6" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} />
          <YAxis tickLine={false} axisLine={false} fontSize={12} width={32} allowDecimals={false} />
          <Tooltip formatter={(v) => [String(v), 'Orders']} cursor={{ fill: '#fbf1d3' }} />
          <Bar dataKey="orders" name="Orders" fill={COLORS.orders} radius={[6, 6, 0, 0]} />
        </BarChart>
      </ChartCard>
      <table className="sr-only">
        <caption>Orders and revenue by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Orders</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{m.label}</th>
              <td>{m.orders}</td>
              <td>{formatCents(m.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Card className="p-6 lg:col-span-2">
        <h2 className="text-xl font-semibold">Orders by status</h2>
        {empty && <p className="mt-2 text-sm text-cocoa-600">No orders yet. Your numbers appear here.</p>}
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {ORDER_STATUSES.map((s) => (
            <div key={s} className="rounded-xl bg-cream-100 p-3">
              <dt className="text-xs text-cocoa-500">{orderStatusLabel(s)}</dt>
              <dd className="font-display text-2xl font-semibold">{data.stats.byStatus[s] ?? 0}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}

function ChartCard({ title, summary, children }: { title: string; summary: string; children: ReactElement }) {
  return (
    <Card className="p-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-cocoa-600">{summary}</p>
      {/* The chart pictures the summary above and the month table, which screen readers get instead. */}
      <div className="mt-4 h-56" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}
