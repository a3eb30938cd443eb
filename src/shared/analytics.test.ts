import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_PRESET_LABELS,
  formatDuration,
  formatShare,
  isDayKey,
  monthsOf,
  presetRange,
  rangeProblems,
  resolveRange,
  weekStartOf,
  weeksOf,
} from './analytics.ts';

describe('the Analytics range', () => {
  it('takes real calendar days only', () => {
    expect(isDayKey('2028-02-29')).toBe(true);
    expect(isDayKey('2000-01-01')).toBe(true);
    expect(isDayKey('2999-12-31')).toBe(true);
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-1-01',
      '26-01-01',
      '1999-12-31',
      '3000-01-01',
      '2026-01-01T00:00',
      // Only the day itself: nothing before it or after it.
      ' 2026-01-01',
      '2026-01-011',
    ])
      expect(isDayKey(bad), bad).toBe(false);
  });

  it('refuses a start after the end and more than three years', () => {
    expect(rangeProblems({ from: '2026-02-01', to: '2026-01-31' })).toEqual({
      from: 'The start date must be on or before the end date.',
    });
    expect(rangeProblems({ from: '2026-02-01', to: '2026-02-01' })).toBeNull(); // one day
    expect(rangeProblems({ from: '2023-01-01', to: '2025-12-31' })).toBeNull(); // 1,096 days
    expect(rangeProblems({ from: '2023-01-01', to: '2026-01-01' })).toEqual({ to: expect.any(String) });
  });

  it('presets end today; month presets start on the first of a month', () => {
    expect(presetRange('last30Days', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('last3Months', '2026-01-15')).toEqual({ from: '2025-11-01', to: '2026-01-15' });
    expect(presetRange('last12Months', '2026-11-20')).toEqual({ from: '2025-12-01', to: '2026-11-20' });
    expect(presetRange('thisYear', '2026-11-20')).toEqual({ from: '2026-01-01', to: '2026-11-20' });
    expect(resolveRange({}, '2026-11-20')).toEqual({ from: '2025-12-01', to: '2026-11-20' });
    expect(resolveRange({ to: '2026-03-10' }, '2026-11-20')).toEqual({
      from: '2025-04-01',
      to: '2026-03-10',
    });
  });

  it('lists every month and every Monday-to-Sunday week it touches', () => {
    expect(monthsOf({ from: '2025-11-30', to: '2026-02-01' })).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(weekStartOf('2026-05-17')).toBe('2026-05-11'); // a Sunday
    expect(weekStartOf('2026-05-11')).toBe('2026-05-11');
    expect(weeksOf({ from: '2026-05-13', to: '2026-05-25' })).toEqual([
      '2026-05-11',
      '2026-05-18',
      '2026-05-25',
    ]);
  });

  it('reads durations as people do', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(75 * 60)).toBe('1 h 15 min');
    expect(formatDuration(3 * 3600)).toBe('3 h');
    expect(formatDuration(52 * 3600)).toBe('2 d 4 h');
    // The boundaries: an hour reads in hours, 48 hours in days, whole days without hours.
    expect(formatDuration(59 * 60)).toBe('59 min');
    expect(formatDuration(60 * 60)).toBe('1 h');
    expect(formatDuration(47 * 3600 + 59 * 60)).toBe('47 h 59 min');
    expect(formatDuration(48 * 3600)).toBe('2 d');
    expect(formatDuration(72 * 3600)).toBe('3 d');
  });

  it('reads shares as whole percents', () => {
    expect(formatShare(null)).toBe('—');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(0.456)).toBe('46%');
    expect(formatShare(1)).toBe('100%');
  });

  it('names its presets', () => {
    expect(ANALYTICS_PRESET_LABELS).toEqual({
      last30Days: 'Last 30 days',
      last3Months: 'Last 3 months',
      last12Months: 'Last 12 months',
      thisYear: 'This year',
    });
  });
});
