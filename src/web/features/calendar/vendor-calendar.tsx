import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  BLACKOUT_NOTE_MAX,
  DAY_STATE_LABELS,
  blackoutInputSchema,
  type CalendarDay,
  type VendorCalendar as Calendar,
} from '../../../shared/schemas/calendar.ts';
import { vancouverMonth } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useOwnCalendar, useSetBlackout } from './api.ts';
import { formatDayKey } from '../../../shared/time.ts';
import { CalendarLegend, MonthGrid, MonthNav } from './month-grid.tsx';

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

/** The Calendar tab of the vendor dashboard: capacity, orders taken and blackout dates, month by month. */
export default function VendorCalendar() {
  const current = vancouverMonth(new Date());
  const [month, setMonth] = useState(current);
  const [selected, setSelected] = useState<string>();
  const calendar = useOwnCalendar(month);
  const headingId = useId();

  if (calendar.isPending)
    return <Spinner label="Loading your calendar" className="flex justify-center py-16" />;
  if (calendar.isError)
    return <LoadError message={calendar.error.message} onRetry={() => void calendar.refetch()} />;
  const data = calendar.data;
  const day = data.days.find((d) => d.day === selected);
  const taken = data.days.reduce((n, d) => n + (d.taken ?? 0), 0);
  const blackouts = data.days.filter((d) => d.state === 'blackout').length;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="space-y-4 p-4 sm:p-6">
        <div>
          <h2 className="text-xl font-semibold">Capacity calendar</h2>
          <p className="mt-1 text-sm text-cocoa-600">
            Up to {orders(data.ordersPerDay ?? 0)} a day, with {data.leadTimeDays}{' '}
            {data.leadTimeDays === 1 ? 'day' : 'days'}’ notice.{' '}
            <Link to="/vendor-dashboard/profile" className="font-medium text-rose-600 hover:underline">
              Change in Edit Profile
            </Link>
          </p>
        </div>
        <MonthNav
          month={data.month}
          current={current}
          headingId={headingId}
          busy={calendar.isPlaceholderData}
          onChange={(m) => {
            setMonth(m);
            setSelected(undefined);
          }}
        />
        <p className="text-sm text-cocoa-600">
          {taken === 0 && blackouts === 0
            ? 'No orders and no blackout dates this month yet.'
            : `${orders(taken)} taken this month · ${blackouts} ${blackouts === 1 ? 'day' : 'days'} blacked out.`}
        </p>
        <MonthGrid
          key={data.month}
          calendar={data}
          labelledBy={headingId}
          selected={selected}
          canSelect={(d) => d.state !== 'past'}
          onSelect={(d) => setSelected(d.day)}
          describe={(d) =>
            `${DAY_STATE_LABELS[d.state]}, ${d.taken ?? 0} of ${d.capacity ?? 0} orders taken${d.note ? `, note: ${d.note}` : ''}`
          }
          extra={(d) => (d.state === 'past' ? null : `${d.taken ?? 0}/${d.capacity ?? 0}`)}
          busy={calendar.isPlaceholderData}
        />
        <CalendarLegend />
        <p className="text-xs text-cocoa-500">Each day shows orders taken / orders you take a day.</p>
      </Card>
      <Card className="p-4 sm:p-6" aria-live="polite">
        {day ? (
          <DayPanel key={`${day.day}-${day.state}`} day={day} calendar={data} />
        ) : (
          <p className="text-sm text-cocoa-600">
            Choose a day to black it out (customers cannot request it) or to open it again.
          </p>
        )}
      </Card>
    </div>
  );
}

/** The chosen day: its orders, and black it out with a note or open it again. */
function DayPanel({ day, calendar }: { day: CalendarDay; calendar: Calendar }) {
  const [note, setNote] = useState(day.note ?? '');
  const [error, setError] = useState<string>();
  const setBlackout = useSetBlackout();
  const blackedOut = day.state === 'blackout';

  const submit = () => {
    const parsed = blackoutInputSchema.safeParse({ note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBlackout.mutate(
      { day: day.day, blackout: !blackedOut, ...(parsed.data.note && { note: parsed.data.note }) },
      {
        onSuccess: () =>
          toast.success(
            blackedOut
              ? `${formatDayKey(day.day)} is open for requests again.`
              : `${formatDayKey(day.day)} is blacked out.`,
          ),
        onError: (err) => {
          setError(
            err instanceof ApiError ? (err.fields.note ?? err.fields.day ?? err.message) : err.message,
          );
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-lg font-semibold">{formatDayKey(day.day)}</h3>
        <p className="text-sm text-cocoa-600">
          {DAY_STATE_LABELS[day.state]} · {day.taken ?? 0} of {day.capacity ?? calendar.ordersPerDay} orders
          taken
        </p>
      </div>
      {blackedOut ? (
        <>
          {day.note && <p className="rounded-xl bg-cream-100 p-3 text-sm">Note: {day.note}</p>}
          <Button onClick={submit} disabled={setBlackout.isPending} variant="outline">
            {setBlackout.isPending ? 'Saving…' : 'Open this day again'}
          </Button>
        </>
      ) : (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <InputField
            id="blackout-note"
            label="Note (optional, only you see it)"
            error={error}
            value={note}
            maxLength={BLACKOUT_NOTE_MAX + 50}
            placeholder="Family wedding"
            onChange={(e) => setNote(e.target.value)}
          />
          {(day.taken ?? 0) > 0 && (
            <p className="text-sm text-cocoa-600">
              The {orders(day.taken ?? 0)} already taken that day stay; no new ones are accepted.
            </p>
          )}
          <Button type="submit" disabled={setBlackout.isPending}>
            {setBlackout.isPending ? 'Saving…' : 'Black out this day'}
          </Button>
        </form>
      )}
      {blackedOut && error && (
        <p role="alert" className="text-sm font-medium text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}
