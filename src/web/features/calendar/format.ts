import { addMonths } from '../../../shared/time.ts';

// Day and month keys name no instant: formatted at noon UTC so no offset moves them.
const longDay = new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat('en-CA', { dateStyle: 'full', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'December 20, 2026' for '2026-12-20'. */
export const formatDayKey = (day: string) => longDay.format(new Date(`${day}T12:00:00Z`));
/** 'Sunday, December 20, 2026'. */
export const formatDayKeyFull = (day: string) => fullDay.format(new Date(`${day}T12:00:00Z`));
/** 'December 2026' for '2026-12'. */
export const formatMonth = (month: string) => monthYear.format(new Date(`${month}-15T12:00:00Z`));

/** How far ahead the calendars page (a blackout may be set up to a year ahead). */
export const MONTHS_AHEAD = 12;

/** Whether `month` is within the months a calendar shows from `current`. */
export const monthInRange = (month: string, current: string) =>
  month >= current && month <= addMonths(current, MONTHS_AHEAD);
