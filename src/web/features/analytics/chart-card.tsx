import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { Card } from '../../components/ui/card.tsx';

/**
 * A chart with its summary and a table of the same numbers. The picture is hidden from screen
 * readers, which read the table instead (visually hidden, so the card stays a chart).
 */
export function ChartCard({
  title,
  summary,
  chart,
  table,
  className,
}: {
  title: string;
  summary: string;
  /** null when there is nothing to draw: the summary says so. */
  chart: ReactElement | null;
  table: ReactNode;
  className?: string;
}) {
  return (
    <Card className={`min-w-0 p-5 sm:p-6 ${className ?? ''}`}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="mt-1 text-sm text-cocoa-600">{summary}</p>
      {chart && (
        <div className="mt-4 h-56" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            {chart}
          </ResponsiveContainer>
        </div>
      )}
      {/* The wrapper hides it: a table ignores sr-only's 1 px box, and its rows would lengthen the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          {table}
        </table>
      </div>
    </Card>
  );
}

/** The header row of a chart's table. */
export function Head({ cells }: { cells: string[] }) {
  return (
    <thead>
      <tr>
        {cells.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
