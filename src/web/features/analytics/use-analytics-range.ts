import { useSearchParams } from 'react-router';
import {
  type DayRange,
  isDayKey,
  presetRange,
  rangeProblems,
  resolveRange,
} from '../../../shared/analytics.ts';
import { vancouverDay } from '../../../shared/time.ts';

/**
 * The Analytics tab's range, kept in the address (`?tab=analytics&from=…&to=…`) so a reload or a
 * shared link shows the same period. A missing or unusable range reads as the default (the last 12
 * months), as the server's does. Changing it replaces the history entry, like switching tabs.
 */
export function useAnalyticsRange(): [DayRange, (next: DayRange) => void, string] {
  const [params, setParams] = useSearchParams();
  const today = vancouverDay(new Date());
  const asked = {
    ...(isDayKey(params.get('from') ?? '') && { from: params.get('from')! }),
    ...(isDayKey(params.get('to') ?? '') && { to: params.get('to')! }),
  };
  const resolved = resolveRange(asked, today);
  const range = rangeProblems(resolved) ? presetRange('last12Months', today) : resolved;
  const setRange = (next: DayRange) =>
    setParams(
      (p) => {
        p.set('from', next.from);
        p.set('to', next.to);
        return p;
      },
      { replace: true },
    );
  return [range, setRange, today];
}
