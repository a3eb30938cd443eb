import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_REFRESH,
  refreshRetryDelay,
  shouldRefreshSession,
  startSessionKeeper,
} from './session-refresh.ts';

describe('session refresh rule', () => {
  it('refreshes once 90 s or less remain', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    expect(shouldRefreshSession(new Date(now + 91_000), now)).toBe(false);
    expect(shouldRefreshSession(new Date(now + 90_000), now)).toBe(true);
    expect(shouldRefreshSession(new Date(now - 1).toISOString(), now)).toBe(true);
  });
  it('backs off from 200 ms, doubling', () => {
    expect([0, 1, 2, 3].map(refreshRetryDelay)).toEqual([200, 400, 800, 1600]);
  });
});

describe('startSessionKeeper', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 12) }));
  afterEach(() => vi.useRealTimers());

  it('checks every 30 s and refreshes only near expiry', async () => {
    let expiresAt = new Date(Date.now() + 10 * 60_000);
    const refresh = vi.fn(async () => {
      expiresAt = new Date(Date.now() + 7 * 24 * 3600_000);
      return true;
    });
    const stop = startSessionKeeper({ expiresAt: () => expiresAt, refresh });
    await vi.advanceTimersByTimeAsync(7 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
    // 10 min - 90 s = 8.5 min: the first tick at or after it refreshes.
    await vi.advanceTimersByTimeAsync(90_000 + SESSION_REFRESH.tickMs);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('retries a failed refresh after 200, 400, 800 ms', async () => {
    const calls: number[] = [];
    const start = Date.now();
    let fails = 3;
    const refresh = vi.fn(async () => {
      calls.push(Date.now() - start);
      return fails-- <= 0;
    });
    const stop = startSessionKeeper({ expiresAt: () => new Date(Date.now() + 60_000), refresh });
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH.tickMs + 1_500);
    expect(calls).toEqual([30_000, 30_200, 30_600, 31_400]);
    stop();
  });

  it('does nothing while signed out', async () => {
    const refresh = vi.fn(async () => true);
    const stop = startSessionKeeper({ expiresAt: () => null, refresh });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });
});
