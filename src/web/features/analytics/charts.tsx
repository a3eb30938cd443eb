import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatShare } from '../../../shared/analytics.ts';
import { formatCents } from '../../../shared/money.ts';
import type { VendorAnalytics } from '../../../shared/schemas/analytics.ts';
import { formatDayKey, formatMonthKey } from '../../../shared/time.ts';
import { ChartCard, Head } from './chart-card.tsx';

// Each bar part at least 3:1 against the white card (gold-600 and cocoa-400), so every part shows.
const COLORS = {
  net: '#b93c63',
  fees: '#a07a1f',
  tax: '#7a5444',
  refunds: '#9b7565',
  capacity: '#7a5444',
  rating: '#b93c63',
};
const GRID = <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#f3dcc6" />;
const axis = { tickLine: false, axisLine: false, fontSize: 12 } as const;
// The picture is hidden from screen readers (ChartCard's table reads instead), so it takes no tab stop.
const chartProps = { accessibilityLayer: false } as const;
/** Legend words in the text colour (the series colour would be too faint to read); the dot keeps it. */
const legendText = (value: string) => <span className="text-cocoa-700">{value}</span>;
const dollars = (cents: number) => cents / 100;

export function RevenueChart({ revenue }: { revenue: VendorAnalytics['revenue'] }) {
  const rows = revenue.map((m) => ({
    ...m,
    label: formatMonthKey(m.month),
    net: dollars(m.netCents),
    fees: dollars(m.feesCents),
    tax: dollars(m.taxCents),
    refunds: dollars(m.refundsCents),
  }));
  const total = (key: 'netCents' | 'grossCents') => formatCents(revenue.reduce((t, m) => t + m[key], 0));
  return (
    <ChartCard
      title="Revenue by month"
      summary={`Net ${total('netCents')} released to you from ${total('grossCents')} of orders settled (completed, cancelled or claims resolved), by the month the money was released. Each bar is the gross: net, fees, tax on the fees and refunds.`}
      className="lg:col-span-2"
      chart={
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} {...chartProps}>
          {GRID}
          <XAxis dataKey="label" {...axis} />
          <YAxis {...axis} width={64} tickFormatter={(v: number) => `$${v.toLocaleString('en-CA')}`} />
          <Tooltip
            formatter={(v, name) => [formatCents(Math.round(Number(v) * 100)), String(name)]}
            cursor={{ fill: '#fff1f4' }}
          />
          <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
          <Bar dataKey="net" name="Net" stackId="gross" fill={COLORS.net} />
          <Bar dataKey="fees" name="Fees" stackId="gross" fill={COLORS.fees} />
          <Bar dataKey="tax" name="Tax on fees" stackId="gross" fill={COLORS.tax} />
          <Bar dataKey="refunds" name="Refunds" stackId="gross" fill={COLORS.refunds} radius={[6, 6, 0, 0]} />
        </BarChart>
      }
      table={
        <>
          <Head cells={['Month', 'Gross', 'Refunds', 'Fees', 'Tax on fees', 'Net']} />
          <tbody>
            {rows.map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.label}</th>
                <td>{formatCents(m.grossCents)}</td>
                <td>{formatCents(m.refundsCents)}</td>
                <td>{formatCents(m.feesCents)}</td>
                <td>{formatCents(m.taxCents)}</td>
                <td>{formatCents(m.netCents)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}

export function CapacityChart({ capacity }: { capacity: VendorAnalytics['capacity'] }) {
  const rows = capacity.map((w) => ({
    ...w,
    label: formatDayKey(w.weekStart, 'short'),
    percent: (w.used ?? 0) * 100,
  }));
  const busiest = capacity.reduce<(typeof capacity)[number] | null>(
    (best, w) => (w.used !== null && (best === null || w.used > (best.used ?? 0)) ? w : best),
    null,
  );
  return (
    <ChartCard
      title="Capacity used per week"
      summary={`Orders due each week (Monday to Sunday) ÷ the orders you take per day × the days you are open.${
        busiest?.used
          ? ` Busiest: week of ${formatDayKey(busiest.weekStart, 'short')}, ${formatShare(busiest.used)}.`
          : ''
      }`}
      chart={
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} {...chartProps}>
          {GRID}
          <XAxis dataKey="label" {...axis} minTickGap={12} />
          <YAxis {...axis} width={44} tickFormatter={(v: number) => `${v}%`} allowDecimals={false} />
          <ReferenceLine y={100} stroke="#b93c63" strokeDasharray="4 4" />
          <Tooltip
            formatter={(v) => [`${Math.round(Number(v))}%`, 'Capacity used']}
            cursor={{ fill: '#fbf1d3' }}
          />
          <Bar dataKey="percent" name="Capacity used" fill={COLORS.capacity} radius={[4, 4, 0, 0]} />
        </BarChart>
      }
      table={
        <>
          <Head cells={['Week of', 'Orders due', 'Capacity', 'Used']} />
          <tbody>
            {rows.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row">{w.label}</th>
                <td>{w.orders}</td>
                <td>{w.capacity}</td>
                <td>{formatShare(w.used)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}

export function RatingChart({ data }: { data: VendorAnalytics }) {
  const rows = data.ratings.map((m) => ({ ...m, label: formatMonthKey(m.month) }));
  const { count, average } = data.reviews;
  return (
    <ChartCard
      title="Rating trend"
      summary={
        count === 0
          ? 'No reviews in this period.'
          : `${average?.toFixed(2)} stars on average from ${count} ${count === 1 ? 'review' : 'reviews'}, by the month written.`
      }
      chart={
        count === 0 ? null : (
          <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} {...chartProps}>
            {GRID}
            <XAxis dataKey="label" {...axis} />
            <YAxis {...axis} width={28} domain={[0, 5]} ticks={[1, 2, 3, 4, 5]} />
            <Tooltip formatter={(v) => [Number(v).toFixed(2), 'Average rating']} />
            <Line
              connectNulls
              dataKey="average"
              name="Average rating"
              stroke={COLORS.rating}
              strokeWidth={2}
              dot={{ r: 4 }}
            />
          </LineChart>
        )
      }
      table={
        <>
          <Head cells={['Month', 'Reviews', 'Average rating']} />
          <tbody>
            {rows.map((m) => (
              <tr key={m.month}>
                <th scope="row">{m.label}</th>
                <td>{m.reviews}</td>
                <td>{m.average === null ? '—' : m.average.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}
