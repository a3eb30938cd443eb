import type { Clock } from '../../src/server/clock.ts';

/** A clock that stands still until the test moves it: timers are tested by moving time, never by sleeping. */
export interface ManualClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
  advanceHours(hours: number): void;
}

export function manualClock(start: Date | string = '2026-12-01T17:00:00Z'): ManualClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
    advanceHours(hours) {
      this.advance(hours * 3_600_000);
    },
  };
}
