/**
 * Time in Frosted: instants are UTC (Date, ISO strings, timestamptz in the database); people see
 * them in America/Vancouver, and calendar days, months and business windows are Vancouver's.
 * Every date shown or every day computed goes through this module.
 */
export const TIME_ZONE = 'America/Vancouver';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

type Instant = Date | string | number;
const toDate = (at: Instant) => (at instanceof Date ? at : new Date(at));

/**
 * A formatter made on first use: each takes ICU a few milliseconds to build (time zone data, patterns),
 * and a page that shows no date should not pay for twelve of them while its code loads.
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-CA', options));
}

const formats = {
  /** Nov 23, 2026 */
  date: lazyFormat({ dateStyle: 'medium', timeZone: TIME_ZONE }),
  /** November 23, 2026 */
  longDate: lazyFormat({ dateStyle: 'long', timeZone: TIME_ZONE }),
  /** Monday, November 23, 2026 */
  fullDate: lazyFormat({ dateStyle: 'full', timeZone: TIME_ZONE }),
  /** Nov 23, 2026, 4:05 p.m. */
  dateTime: lazyFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }),
  /** Nov 23, 4:05 p.m. */
  shortDateTime: lazyFormat({
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  }),
  /** 2026-11-23 */
  dayKey: lazyFormat({ year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TIME_ZONE }),
};

// Day and month keys name no instant: each is formatted at noon UTC, so no offset moves it.
const keyFormat = (options: Intl.DateTimeFormatOptions) => lazyFormat({ ...options, timeZone: 'UTC' });
const dayKeyFormats = {
  /** Nov 23 */
  short: keyFormat({ month: 'short', day: 'numeric' }),
  /** Nov 23, 2026 */
  medium: keyFormat({ dateStyle: 'medium' }),
  /** November 23, 2026 */
  long: keyFormat({ dateStyle: 'long' }),
  /** Monday, November 23, 2026 */
  full: keyFormat({ dateStyle: 'full' }),
};
const monthKeyFormats = {
  /** Nov 26 */
  short: keyFormat({ month: 'short', year: '2-digit' }),
  /** November 2026 */
  long: keyFormat({ month: 'long', year: 'numeric' }),
};

export const formatDate = (at: Instant) => formats.date().format(toDate(at));
export const formatLongDate = (at: Instant) => formats.longDate().format(toDate(at));
export const formatFullDate = (at: Instant) => formats.fullDate().format(toDate(at));
export const formatDateTime = (at: Instant) => formats.dateTime().format(toDate(at));
export const formatShortDateTime = (at: Instant) => formats.shortDateTime().format(toDate(at));

/** The calendar day in Vancouver as 'YYYY-MM-DD' (daily allowances reset at Vancouver midnight). */
export const vancouverDay = (at: Instant) => formats.dayKey().format(toDate(at));

/** The month in Vancouver as 'YYYY-MM'. */
export const vancouverMonth = (at: Instant) => vancouverDay(at).slice(0, 7);

/** The month key `months` months after 'YYYY-MM' (negative: before). */
export function addMonths(month: string, months: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(year, m - 1 + months, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 'Nov 26' for the month key '2026-11'. */
export const formatMonthKey = (month: string, style: keyof typeof monthKeyFormats = 'short') =>
  monthKeyFormats[style]().format(new Date(`${month}-15T12:00:00Z`));

/** 'December 24, 2026' for the day key '2026-12-24' (a Vancouver calendar day, so no offset can move it). */
export const formatDayKey = (day: string, style: keyof typeof dayKeyFormats = 'long') =>
  dayKeyFormats[style]().format(new Date(`${day}T12:00:00Z`));

/** Milliseconds from `from` until `to` (negative when `to` has passed). */
export const msUntil = (to: Instant, from: Instant) => toDate(to).getTime() - toDate(from).getTime();

/** The instant `hours` after `at`. */
export const addHours = (at: Instant, hours: number) => new Date(toDate(at).getTime() + hours * HOUR_MS);

/** The instant `days` × 24 h after `at`. */
export const addDays = (at: Instant, days: number) => new Date(toDate(at).getTime() + days * DAY_MS);

/** Whole calendar days from one 'YYYY-MM-DD' to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/** The calendar day ('YYYY-MM-DD') `days` days after `day` (negative: before), whatever the clocks do. */
export function addCalendarDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The first instant of a Vancouver calendar day ('YYYY-MM-DD'), whatever its UTC offset that day. */
export function vancouverDayStart(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // Vancouver is 7 or 8 hours behind UTC: its midnight is the later candidate still on that day.
  for (const hours of [9, 8, 7, 6]) {
    const at = new Date(midnightUtc + hours * HOUR_MS);
    if (vancouverDay(at) === day && vancouverDay(new Date(at.getTime() - 1)) !== day) return at;
  }
  throw new Error(`no Vancouver midnight found for ${day}`);
}
