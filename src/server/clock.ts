/**
 * Where the server reads the time for anything with a rule attached (timers, expiries, "24 h after
 * delivery"): the system clock in production, a clock the test moves in tests. Never sleep to test a
 * timer; move the clock and run the due jobs.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
