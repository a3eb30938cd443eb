import { CalendarDays, CircleCheck, CircleX } from 'lucide-react';
import { useId, useState } from 'react';
import { DAY_STATES, type CalendarDay, type VendorCalendar } from '../../../shared/schemas/calendar.ts';
import { vancouverMonth } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useVendorAvailability } from './api.ts';
import { formatDayKey } from '../../../shared/time.ts';
import { CalendarLegend, MonthGrid, MonthNav } from './month-grid.tsx';

interface Vendor {
  id: string;
  name: string;
}

/** Why a day cannot be requested, in the customer's words. */
function unavailableReason(day: CalendarDay, calendar: VendorCalendar): string {
  switch (day.state) {
    case 'past':
      return 'that date has passed';
    case 'blackout':
      return 'not taking orders that day';
    case 'too-soon':
      return `needs ${calendar.leadTimeDays} ${calendar.leadTimeDays === 1 ? 'day' : 'days'}’ notice`;
    case 'full':
      return 'fully booked that day';
    case 'available':
      return 'available';
  }
}

/**
 * Request a Quote: for each chosen vendor, whether they can take the event date, and a month view
 * of the days they can take (choosing an available day sets the event date).
 */
export function DateAvailability({
  vendors,
  date,
  onPickDate,
}: {
  vendors: Vendor[];
  date: string;
  onPickDate: (day: string) => void;
}) {
  const [open, setOpen] = useState<string>();
  if (vendors.length === 0) return null;
  return (
    <section aria-label="Vendor availability" className="space-y-3 sm:col-span-2">
      <ul className="space-y-2">
        {vendors.map((v) => (
          <li key={v.id} className="space-y-3 rounded-xl border border-cocoa-900/10 p-2 sm:p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <VendorDateStatus vendor={v} date={date} />
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-expanded={open === v.id}
                aria-controls={`availability-${v.id}`}
                onClick={() => setOpen((o) => (o === v.id ? undefined : v.id))}
              >
                <CalendarDays aria-hidden />
                {open === v.id ? 'Hide days' : `See ${v.name}’s available days`}
              </Button>
            </div>
            {open === v.id && (
              <div id={`availability-${v.id}`}>
                <VendorMonth vendor={v} date={date} onPickDate={onPickDate} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Juniper Cakes can take December 20, 2026" or why not. */
function VendorDateStatus({ vendor, date }: { vendor: Vendor; date: string }) {
  const month = date ? date.slice(0, 7) : vancouverMonth(new Date());
  const availability = useVendorAvailability(vendor.id, month, Boolean(date));
  if (!date) return <p className="text-sm font-medium">{vendor.name}</p>;
  if (availability.isPending) return <Spinner label={`Checking ${vendor.name}`} className="py-1" />;
  if (availability.isError)
    return (
      <p className="text-sm text-rose-700">
        {vendor.name}: availability could not be checked ({availability.error.message}).
      </p>
    );
  const day = availability.data.days.find((d) => d.day === date);
  if (!day) return <p className="text-sm font-medium">{vendor.name}</p>;
  const ok = day.state === 'available';
  return (
    <p
      role="status"
      className={`flex items-start gap-2 text-sm ${ok ? 'text-emerald-800' : 'text-rose-700'}`}
    >
      {ok ? (
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
      ) : (
        <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden />
      )}
      {ok
        ? `${vendor.name} can take ${formatDayKey(date)}.`
        : `${vendor.name} is unavailable on ${formatDayKey(date)}: ${unavailableReason(day, availability.data)}.`}
    </p>
  );
}

/** One vendor's month, from the event date's month (or this one); available days can be chosen. */
function VendorMonth({
  vendor,
  date,
  onPickDate,
}: {
  vendor: Vendor;
  date: string;
  onPickDate: (day: string) => void;
}) {
  const current = vancouverMonth(new Date());
  const [month, setMonth] = useState(date && date.slice(0, 7) >= current ? date.slice(0, 7) : current);
  const availability = useVendorAvailability(vendor.id, month);
  const headingId = useId();
  if (availability.isPending) return <Spinner label="Loading days" className="flex justify-center py-6" />;
  if (availability.isError)
    return <LoadError message={availability.error.message} onRetry={() => void availability.refetch()} />;
  const calendar = availability.data;
  const free = calendar.days.filter((d) => d.state === 'available').length;
  return (
    <div className="space-y-3">
      <MonthNav
        month={calendar.month}
        current={current}
        headingId={headingId}
        busy={availability.isPlaceholderData}
        onChange={setMonth}
      />
      <p className="sr-only">{`${vendor.name}: ${free} available ${free === 1 ? 'day' : 'days'} this month.`}</p>
      <MonthGrid
        key={calendar.month}
        calendar={calendar}
        labelledBy={headingId}
        selected={date || undefined}
        canSelect={(d) => d.state === 'available'}
        onSelect={(d) => onPickDate(d.day)}
        describe={(d) =>
          d.state === 'available' ? 'available' : `unavailable, ${unavailableReason(d, calendar)}`
        }
        busy={availability.isPlaceholderData}
      />
      <CalendarLegend states={DAY_STATES.filter((s) => s !== 'past')} />
      {free === 0 && (
        <p className="text-sm text-cocoa-600">No days available this month; try the next one.</p>
      )}
    </div>
  );
}
