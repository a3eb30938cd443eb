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

  it('gives up after 6 tries, and tries again from the next tick', async () => {
    const calls: number[] = [];
    const start = Date.now();
    const refresh = vi.fn(async () => {
      calls.push(Date.now() - start);
      return false;
    });
    const stop = startSessionKeeper({ expiresAt: () => new Date(Date.now() + 60_000), refresh });
    await vi.advanceTimersByTimeAsync(59_999);
    // 30 s, then 200, 400, 800, 1,600 and 3,200 ms later: six tries, and no seventh.
    expect(calls).toEqual([30_000, 30_200, 30_600, 31_400, 33_000, 36_200]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(7);
    expect(calls.at(-1)).toBe(60_000);
    stop();
  });

  it('refreshes again at the next tick when the session is still close to its end', async () => {
    const refresh = vi.fn(async () => true);
    const stop = startSessionKeeper({ expiresAt: () => new Date(Date.now() + 60_000), refresh });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });

  it('starts no second refresh while one is still waiting for the server', async () => {
    let answer: (ok: boolean) => void = () => {};
    const refresh = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const stop = startSessionKeeper({ expiresAt: () => new Date(Date.now() + 60_000), refresh });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    answer(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stops ticking and retrying once stopped', async () => {
    const refresh = vi.fn(async () => false);
    const stop = startSessionKeeper({ expiresAt: () => new Date(Date.now() + 60_000), refresh });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    // Stopped while the retry waits: neither the retry nor any later tick asks the server.
    stop();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('stops its tick when stopped: the session is not even looked at any more', async () => {
    const refresh = vi.fn(async () => true);
    const expiresAt = vi.fn(() => new Date(Date.now() + 60_000));
    const stop = startSessionKeeper({ expiresAt, refresh });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(expiresAt).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(expiresAt).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('uses the injected timers and clock when given', async () => {
    const ticks: (() => void)[] = [];
    const clearInterval = vi.fn();
    const refresh = vi.fn(async () => true);
    const stop = startSessionKeeper({
      expiresAt: () => new Date(1_000_000 + 90_000),
      refresh,
      now: () => 1_000_000,
      setInterval: (fn, ms) => {
        expect(ms).toBe(30_000);
        ticks.push(fn);
        return 'interval-1';
      },
      clearInterval,
    });
    ticks[0]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
    expect(clearInterval).toHaveBeenCalledWith('interval-1');
  });

  it('does nothing while signed out', async () => {
    const refresh = vi.fn(async () => true);
    const stop = startSessionKeeper({ expiresAt: () => null, refresh });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });
});
