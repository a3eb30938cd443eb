import { addMonths } from '../../../shared/time.ts';

/** How far ahead the calendars page (a blackout may be set up to a year ahead). */
export const MONTHS_AHEAD = 12;

/** Whether `month` is within the months a calendar shows from `current`. */
export const monthInRange = (month: string, current: string) =>
  month >= current && month <= addMonths(current, MONTHS_AHEAD);
