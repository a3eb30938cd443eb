import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  DAY_STATE_LABELS,
  DAY_STATES,
  type CalendarDay,
  type DayState,
  type VendorCalendar,
} from '../../../shared/schemas/calendar.ts';
import { addMonths } from '../../../shared/time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDayKey, formatMonthKey } from '../../../shared/time.ts';
import { monthInRange } from './format.ts';

/** One look per state, shared by the cells and the legend. */
export const STATE_STYLES: Record<DayState, string> = {
  available: 'border-emerald-300 bg-white text-cocoa-900 hover:border-emerald-500',
  full: 'border-amber-300 bg-amber-50 text-amber-900 hover:border-amber-500',
  blackout: 'border-cocoa-900 bg-cocoa-900 text-cream-100 hover:bg-cocoa-700',
  'too-soon': 'border-cocoa-900/10 bg-cream-200 text-cocoa-600 hover:border-cocoa-900/30',
  past: 'border-transparent bg-transparent text-cocoa-400',
};

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/** Weeks of the month, Sunday first, with null before the 1st and after the last day. */
function weeks(days: CalendarDay[]): (CalendarDay | null)[][] {
  const lead = new Date(`${days[0]!.day}T12:00:00Z`).getUTCDay();
  const cells: (CalendarDay | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/**
 * Previous / next month, with the month's name between them. Stays within this month and a year ahead.
 * `busy` while the month asked for loads (the last month stays shown meanwhile).
 */
export function MonthNav({
  month,
  current,
  onChange,
  headingId,
  busy = false,
}: {
  month: string;
  current: string;
  onChange: (month: string) => void;
  headingId: string;
  busy?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <Button
        variant="outline"
        size="icon"
        aria-label="Previous month"
        disabled={!monthInRange(addMonths(month, -1), current)}
        onClick={() => onChange(addMonths(month, -1))}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <div className="relative">
        <h3 id={headingId} className="text-lg font-semibold" aria-live="polite">
          {formatMonthKey(month, 'long')}
        </h3>
        {busy && <Spinner label="Loading the month" className="absolute top-1 left-full ml-2" />}
      </div>
      <Button
        variant="outline"
        size="icon"
        aria-label="Next month"
        disabled={!monthInRange(addMonths(month, 1), current)}
        onClick={() => onChange(addMonths(month, 1))}
      >
        <ChevronRight aria-hidden />
      </Button>
    </div>
  );
}

/** What each colour means; `states` leaves out those a view never shows. */
export function CalendarLegend({ states = DAY_STATES }: { states?: readonly DayState[] }) {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-cocoa-700">
      {states.map((s) => (
        <li key={s} className="flex items-center gap-2">
          <span
            aria-hidden
            className={cn('size-4 rounded border', STATE_STYLES[s], s === 'past' && 'border-cocoa-900/10')}
          />
          {DAY_STATE_LABELS[s]}
        </li>
      ))}
    </ul>
  );
}

/**
 * A month as an accessible grid: each day a button whose name says the date and its state; arrow
 * keys move between days (one roving tab stop), Enter or Space chooses. Days that cannot be chosen
 * stay focusable and say why, marked aria-disabled.
 */
export function MonthGrid({
  calendar,
  labelledBy,
  selected,
  canSelect,
  onSelect,
  describe,
  extra,
  busy = false,
}: {
  calendar: VendorCalendar;
  labelledBy: string;
  selected?: string | undefined;
  canSelect: (day: CalendarDay) => boolean;
  onSelect: (day: CalendarDay) => void;
  /** The state in words for the day's accessible name. */
  describe: (day: CalendarDay) => string;
  /** Shown under the day's number (the vendor's "1/3"). */
  extra?: (day: CalendarDay) => ReactNode;
  /** Another month is loading: this one is shown dimmed meanwhile. */
  busy?: boolean;
}) {
  const days = calendar.days;
  const initial = days.find((d) => d.day === selected) ?? days.find((d) => d.state !== 'past') ?? days[0]!;
  const [focus, setFocus] = useState(initial.day);
  const focusDay = days.some((d) => d.day === focus) ? focus : initial.day;
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const move = (e: KeyboardEvent, index: number) => {
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    let next: number | undefined;
    if (e.key in step) next = index + step[e.key]!;
    else if (e.key === 'Home') next = index - (new Date(`${days[index]!.day}T12:00:00Z`).getUTCDay() % 7);
    else if (e.key === 'End') next = index + (6 - new Date(`${days[index]!.day}T12:00:00Z`).getUTCDay());
    if (next === undefined) return;
    e.preventDefault();
    const target = days[Math.min(days.length - 1, Math.max(0, next))]!;
    setFocus(target.day);
    buttons.current.get(target.day)?.focus();
  };

  return (
    <table
      role="grid"
      aria-labelledby={labelledBy}
      aria-busy={busy || undefined}
      // Narrower gaps on a phone leave each day a finger-wide target.
      className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1"
    >
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col" abbr={long} className="pb-1 text-xs font-semibold text-cocoa-500">
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={cn('transition-opacity', busy && 'opacity-60')}>
        {weeks(days).map((week, w) => (
          <tr key={w}>
            {week.map((d, i) =>
              d === null ? (
                <td key={`blank-${i}`} />
              ) : (
                <td key={d.day} aria-selected={d.day === selected}>
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) buttons.current.set(d.day, el);
                      else buttons.current.delete(d.day);
                    }}
                    tabIndex={d.day === focusDay ? 0 : -1}
                    aria-label={`${formatDayKey(d.day, 'full')}: ${describe(d)}`}
                    aria-disabled={canSelect(d) ? undefined : true}
                    aria-pressed={d.day === selected}
                    onClick={() => {
                      setFocus(d.day);
                      if (canSelect(d)) onSelect(d);
                    }}
                    onKeyDown={(e) => move(e, days.indexOf(d))}
                    className={cn(
                      'flex h-12 w-full flex-col items-center justify-center rounded-lg border text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500 sm:h-16',
                      STATE_STYLES[d.state],
                      d.day === selected && 'ring-2 ring-rose-500 ring-offset-1',
                      !canSelect(d) && 'cursor-default',
                    )}
                  >
                    <span
                      className={
                        d.day === calendar.today ? 'underline decoration-2 underline-offset-4' : undefined
                      }
                    >
                      {Number(d.day.slice(8))}
                    </span>
                    {extra && (
                      <span className="text-[11px] font-medium leading-none opacity-80">{extra(d)}</span>
                    )}
                  </button>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
