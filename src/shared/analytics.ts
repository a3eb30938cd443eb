/**
 * The vendor Analytics tab's date range: Vancouver calendar days, inclusive at both ends. The
 * server's default and the web app's presets are the same functions, so "last 12 months" means one
 * thing everywhere. Pure date arithmetic on 'YYYY-MM-DD' keys (no time zone is involved once the
 * day is known).
 */
import { addCalendarDays, addMonths, daysBetween } from './time.ts';

/** The longest range the tab computes: three years (a leap day included), inclusive. */
export const ANALYTICS_MAX_DAYS = 3 * 365 + 1;

export const ANALYTICS_MESSAGES = {
  badDay: 'Enter a date as YYYY-MM-DD.',
  fromAfterTo: 'The start date must be on or before the end date.',
  tooLong: `Choose a range of at most ${ANALYTICS_MAX_DAYS} days (three years).`,
} as const;

export interface DayRange {
  /** First Vancouver day, 'YYYY-MM-DD'. */
  from: string;
  /** Last Vancouver day, 'YYYY-MM-DD', included. */
  to: string;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written 'YYYY-MM-DD' (not 2026-02-30) between years 2000 and 2999. */
export function isDayKey(value: string): boolean {
  if (!DAY_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (y < 2000 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  // Any two of the three checks would do (an overflowing day moves the month, an overflowing month the year).
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent (each check is redundant)
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** What is wrong with a range of valid days, by field, or null when nothing is. */
export function rangeProblems({ from, to }: DayRange): Record<string, string> | null {
  if (from > to) return { from: ANALYTICS_MESSAGES.fromAfterTo };
  if (daysBetween(from, to) + 1 > ANALYTICS_MAX_DAYS) return { to: ANALYTICS_MESSAGES.tooLong };
  return null;
}

export const ANALYTICS_PRESETS = ['last30Days', 'last3Months', 'last12Months', 'thisYear'] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];

export const ANALYTICS_PRESET_LABELS: Record<AnalyticsPreset, string> = {
  last30Days: 'Last 30 days',
  last3Months: 'Last 3 months',
  last12Months: 'Last 12 months',
  thisYear: 'This year',
};

/**
 * A preset ending today (a Vancouver day). Month presets start on the first of a month, so every
 * month they chart is whole except the current one: "last 12 months" is this month and the 11 before.
 */
export function presetRange(preset: AnalyticsPreset, today: string): DayRange {
  // Stryker disable next-line MethodExpression: equivalent (addMonths reads the year and month only)
  const month = today.slice(0, 7);
  switch (preset) {
    case 'last30Days':
      return { from: addCalendarDays(today, -29), to: today };
    case 'last3Months':
      return { from: `${addMonths(month, -2)}-01`, to: today };
    case 'last12Months':
      return { from: `${addMonths(month, -11)}-01`, to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The range asked for, with the default (the last 12 months) for any end left out. */
export function resolveRange(asked: Partial<DayRange>, today: string): DayRange {
  const fallback = presetRange('last12Months', asked.to ?? today);
  return { from: asked.from ?? fallback.from, to: asked.to ?? today };
}

/** Every month key ('YYYY-MM') the range touches, in order. */
export function monthsOf({ from, to }: DayRange): string[] {
  const months: string[] = [];
  // Stryker disable next-line MethodExpression: equivalent ('2026-02' <= '2026-02-28' as it is <= '2026-02')
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = addMonths(m, 1)) months.push(m);
  return months;
}

/** The Monday (a day key) of the Monday-to-Sunday week a day is in. */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addCalendarDays(day, -((weekday + 6) % 7));
}

/** Every week (its Monday) the range touches, in order; the first and last may be partly outside it. */
export function weeksOf({ from, to }: DayRange): string[] {
  const weeks: string[] = [];
  for (let w = weekStartOf(from); w <= to; w = addCalendarDays(w, 7)) weeks.push(w);
  return weeks;
}

/** A share (0–1) as a whole percent, or an em dash when there is nothing to share. */
export const formatShare = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

/** A duration in seconds as people read it: "45 min", "3 h 20 min", "2 d 4 h". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
