import { CalendarClock } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { useOrderSchedule } from './api.ts';
import { formatClock, formatInstantClock, timelineLine } from './format.ts';
import { categoryLabel } from '../../../shared/catalog.ts';
import { formatDayKey } from '../../../shared/time.ts';

/**
 * An order's event, for its vendor (and customer): every vendor booked for the day, by time, so they
 * can coordinate set-up. Other vendors' names show once both orders are paid; nothing for an order
 * that is not part of an event plan.
 */
export function OrderSchedule({ orderId, className }: { orderId: string; className?: string }) {
  const schedule = useOrderSchedule(orderId);
  const s = schedule.data;
  if (!s || s.timeline.length < 2) return null;
  return (
    <Card className={className ?? 'mt-6 p-5 sm:p-7'}>
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <CalendarClock className="size-5 text-rose-500" aria-hidden /> The day’s schedule
      </h2>
      <p className="mt-1 text-sm text-cocoa-600">
        {s.title} · {formatDayKey(s.eventDate)}, starting at {formatClock(s.startTime)}
      </p>
      <ol className="mt-4 space-y-2">
        {s.timeline.map((e, i) => (
          <li key={e.orderId ?? i} className="grid grid-cols-[5.5rem_1fr] gap-3 text-sm">
            <span className="font-semibold text-cocoa-900">{formatInstantClock(e.at)}</span>
            <span className={e.orderId === orderId ? 'font-medium text-cocoa-900' : 'text-cocoa-700'}>
              {timelineLine(e)} ({categoryLabel(e.category)}){e.orderId === orderId && ' · this order'}
            </span>
          </li>
        ))}
      </ol>
      {s.timeline.some((e) => e.businessName === null) && (
        <p className="mt-3 text-xs text-cocoa-500">
          Other vendors’ names show once their orders and yours are paid.
        </p>
      )}
    </Card>
  );
}
