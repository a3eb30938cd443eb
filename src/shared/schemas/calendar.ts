import { z } from 'zod';
import { daysBetween } from '../time.ts';

/**
 * A vendor's capacity calendar: the orders a day takes (vendors.ordersPerDay), the days they blacked
 * out, and the days already taken. Days are Vancouver calendar days, 'YYYY-MM-DD'.
 */

/** What a customer can do with a day, in the order the rule checks it (the first that applies wins). */
export const DAY_STATES = ['past', 'blackout', 'too-soon', 'full', 'available'] as const;
export type DayState = (typeof DAY_STATES)[number];

export const DAY_STATE_LABELS: Record<DayState, string> = {
  past: 'Past',
  blackout: 'Unavailable',
  'too-soon': 'Too soon',
  full: 'Fully booked',
  available: 'Available',
};

/** A blackout may be set from today up to this many days ahead. */
export const BLACKOUT_MAX_DAYS_AHEAD = 366;
export const BLACKOUT_NOTE_MAX = 200;

const MONTH = /^(20\d\d)-(0[1-9]|1[0-2])$/;
const MONTH_MESSAGE = 'Choose a month as YYYY-MM (2000 to 2099).';
const DAY_MESSAGE = 'Choose a date as YYYY-MM-DD.';

/** ?month=YYYY-MM; absent means the current month. */
export const calendarMonthQuerySchema = z.object({
  month: z.string({ error: MONTH_MESSAGE }).regex(MONTH, MONTH_MESSAGE).optional(),
});

export const blackoutDayParamSchema = z.object({ day: z.iso.date({ error: DAY_MESSAGE }) });

/** Adding a blackout: an optional note only the vendor sees ("Family wedding"). */
export const blackoutInputSchema = z.object({
  note: z
    .string({ error: 'The note is text.' })
    .trim()
    .max(BLACKOUT_NOTE_MAX, `Keep the note to ${BLACKOUT_NOTE_MAX} characters.`)
    .optional(),
});
export type BlackoutInput = z.infer<typeof blackoutInputSchema>;

/** Why a day cannot be blacked out (past, or more than a year ahead), or undefined when it can. */
export function blackoutDayProblem(day: string, today: string): string | undefined {
  const ahead = daysBetween(today, day);
  if (ahead < 0) return 'That date has passed; choose today or a later date.';
  if (ahead > BLACKOUT_MAX_DAYS_AHEAD) return 'Choose a date at most a year ahead.';
  return undefined;
}

export const calendarDaySchema = z.object({
  day: z.string(),
  state: z.enum(DAY_STATES),
  /** The vendor's own view only: orders that day (not cancelled), the capacity and the blackout note. */
  taken: z.number().int().optional(),
  capacity: z.number().int().optional(),
  note: z.string().nullable().optional(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const vendorCalendarSchema = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  month: z.string(),
  /** Today in Vancouver, as the server sees it. */
  today: z.string(),
  leadTimeDays: z.number().int(),
  /** The vendor's own view only (null for everyone else). */
  ordersPerDay: z.number().int().nullable(),
  /** Whether the days carry taken/capacity/note (the vendor looking at their own calendar). */
  own: z.boolean(),
  days: z.array(calendarDaySchema),
});
export type VendorCalendar = z.infer<typeof vendorCalendarSchema>;

export const blackoutStateSchema = z.object({
  day: z.string(),
  blackout: z.boolean(),
  note: z.string().nullable(),
});
export type BlackoutState = z.infer<typeof blackoutStateSchema>;
