import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  daysBetween,
  formatFullDate,
  formatLongDate,
  msUntil,
  vancouverDayStart,
  addDays,
  addHours,
  addMonths,
  formatDate,
  formatDateTime,
  formatMonthKey,
  formatDayKey,
  vancouverDay,
  vancouverMonth,
} from './time.ts';

describe('time in America/Vancouver', () => {
  it('days and months change at Vancouver midnight, not UTC midnight', () => {
    // Winter 2026 was still PST (UTC-8): 07:59 UTC on Jan 15 is 23:59 on Jan 14.
    expect(vancouverDay('2026-01-15T07:59:00Z')).toBe('2026-01-14');
    expect(vancouverDay('2026-01-15T08:00:00Z')).toBe('2026-01-15');
    // Since March 2026 British Columbia keeps UTC-7 all year (tzdata 2026): no change in November.
    expect(vancouverDay('2026-11-24T06:59:00Z')).toBe('2026-11-23');
    expect(vancouverDay('2026-11-24T07:00:00Z')).toBe('2026-11-24');
    expect(vancouverMonth('2026-12-01T06:00:00Z')).toBe('2026-11');
  });

  it('shows dates as Vancouver reads them', () => {
    expect(formatDate('2026-11-24T06:59:00Z')).toBe('Nov 23, 2026');
    expect(formatFullDate('2027-04-23T07:00:00Z')).toBe('Friday, April 23, 2027');
    expect(formatLongDate('2026-11-24T06:59:00Z')).toBe('November 23, 2026');
    expect(formatDateTime('2026-11-24T00:05:00Z')).toMatch(/^Nov 23, 2026, 5:05\sp\.m\.$/);
  });

  it('counts months and windows', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(formatMonthKey('2026-11')).toBe('Nov 26');
    expect(addHours('2026-11-23T00:00:00Z', 48).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(addDays('2026-11-23T00:00:00Z', -1).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(msUntil('2026-11-24T07:00:00Z', '2026-11-24T06:00:00Z')).toBe(3_600_000);
    expect(msUntil(new Date('2026-11-24T06:00:00Z'), Date.parse('2026-11-24T07:00:00Z'))).toBe(-3_600_000);
  });

  it('counts calendar days between Vancouver dates and finds the first instant of a Vancouver day', () => {
    expect(daysBetween('2026-12-01', '2026-12-10')).toBe(9);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-12-10', '2026-12-01')).toBe(-9);
    expect(addCalendarDays('2027-04-24', -1)).toBe('2027-04-23');
    expect(addCalendarDays('2027-05-01', -1)).toBe('2027-04-30');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-03-08', 1)).toBe('2026-03-09');
    for (const day of ['2026-03-08', '2026-07-01', '2026-11-01', '2026-12-12', '2027-01-01']) {
      const start = vancouverDayStart(day);
      expect(vancouverDay(start), day).toBe(day);
      expect(vancouverDay(new Date(start.getTime() - 1)), day).not.toBe(day);
    }
    expect(vancouverDayStart('2026-03-08')).toEqual(new Date('2026-03-08T08:00:00Z'));
    expect(vancouverDayStart('2026-07-01')).toEqual(new Date('2026-07-01T07:00:00Z'));
  });

  it('shows a day key as the day it names, whatever the offset', () => {
    expect(formatDayKey('2026-12-24')).toBe('December 24, 2026');
    expect(formatDayKey('2027-01-01')).toBe('January 1, 2027');
    // The night the clocks changed in 2026 (March 8) is still March 8.
    expect(formatDayKey('2026-03-08')).toBe('March 8, 2026');
    // The shorter and longer ways pages write one (analytics' axis, lists, the calendar's cells).
    expect(formatDayKey('2027-01-01', 'short')).toBe('Jan 1');
    expect(formatDayKey('2027-01-01', 'medium')).toBe('Jan 1, 2027');
    expect(formatDayKey('2027-01-01', 'full')).toBe('Friday, January 1, 2027');
    expect(formatMonthKey('2027-01', 'long')).toBe('January 2027');
  });

  it('adds calendar days across months, years and leap days', () => {
    expect(addCalendarDays('2026-12-24', 30)).toBe('2027-01-23');
    expect(addCalendarDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-12-15', 0)).toBe('2026-12-15');
  });

  it('refuses a day whose midnight is not a whole hour off UTC (local mean time, before 1884)', () => {
    // Vancouver was 8:12:28 behind Greenwich then: no candidate hour is its midnight.
    expect(() => vancouverDayStart('1880-01-01')).toThrow('no Vancouver midnight found for 1880-01-01');
  });
});
