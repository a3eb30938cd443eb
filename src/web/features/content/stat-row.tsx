import { MARKETING_STATS } from '../home/content.ts';

/** The three fixed marketing stats, as a row of large figures. */
export function StatRow({
  stats = MARKETING_STATS,
}: {
  stats?: readonly { value: string; label: string }[];
}) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {stats.map((s) => (
        <div
          key={s.label}
          className="flex flex-col rounded-[var(--radius-card)] bg-white p-6 text-center shadow-[var(--shadow-soft)]"
        >
          <dt className="text-sm font-medium text-cocoa-500">{s.label}</dt>
          <dd className="order-first font-display text-4xl font-semibold text-rose-600">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
