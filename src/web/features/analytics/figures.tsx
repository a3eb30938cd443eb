import { formatDuration, formatShare } from '../../../shared/analytics.ts';
import { formatCents } from '../../../shared/money.ts';
import type { VendorAnalytics } from '../../../shared/schemas/analytics.ts';
import { Card } from '../../components/ui/card.tsx';

interface Figure {
  label: string;
  value: string;
  /** What the number is, in a sentence: the definitions are the service's (analytics/service.ts). */
  note: string;
}

/** The period's headline numbers, each with how it is counted. */
export function Figures({ data }: { data: VendorAnalytics }) {
  const { quotes, orders, revenue } = data;
  const net = revenue.reduce((t, m) => t + m.netCents, 0);
  const gross = revenue.reduce((t, m) => t + m.grossCents, 0);
  const figures: Figure[] = [
    {
      label: 'Quote requests',
      value: String(quotes.received),
      note: `${quotes.answered} answered (a quote or a decline), ${quotes.won} won.`,
    },
    {
      label: 'Win rate',
      value: formatShare(quotes.winRate),
      note: 'Requests won ÷ requests answered.',
    },
    {
      label: 'Median response time',
      value: formatDuration(quotes.medianResponseSeconds),
      note: 'From a request arriving to your first answer.',
    },
    {
      label: 'Net revenue',
      value: formatCents(net),
      note: `Released to you, of ${formatCents(gross)} in orders settled (less refunds, fees and tax on the fees).`,
    },
    {
      label: 'Average order value',
      value: orders.averageOrderValueCents === null ? '—' : formatCents(orders.averageOrderValueCents),
      note: `Of the ${orders.paid} paid ${orders.paid === 1 ? 'order' : 'orders'} placed in this period.`,
    },
    {
      label: 'Repeat customers',
      value: `${orders.repeatCustomers} of ${orders.customers}`,
      note: `${formatShare(orders.repeatShare)} of this period’s customers have ordered from you twice or more.`,
    },
  ];
  return (
    <section aria-label="Key figures">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {figures.map((f) => (
          <Card key={f.label} className="p-4 sm:p-5">
            <dt className="text-sm font-semibold text-cocoa-600">{f.label}</dt>
            <dd className="mt-1 font-display text-2xl font-semibold text-cocoa-900 sm:text-3xl">{f.value}</dd>
            <dd className="mt-1 text-xs text-cocoa-600 sm:text-sm">{f.note}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
