import { afterEach, describe, expect, it } from 'vitest';
import type { Notification } from '../../shared/schemas/notifications.ts';
import { connectRealtime, getRealtimeStatus, type RealtimeEnvironment } from './realtime.ts';

/** An EventSource the test drives: it opens, fails and delivers events when told. */
class FakeEventSource {
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string, lastEventId = '') {
    for (const fn of this.listeners.get(type) ?? []) fn({ data, lastEventId } as MessageEvent);
  }
}

/** A clock the test moves by hand, the tab's visibility, and every EventSource opened. */
function fakeEnvironment() {
  let now = 0;
  let handles = 0;
  let timers: { at: number; fn: () => void; handle: number }[] = [];
  let visible = true;
  let onShown: (() => void) | null = null;
  const sources: FakeEventSource[] = [];
  const env: RealtimeEnvironment = {
    createEventSource: (url) => {
      const es = new FakeEventSource(url);
      sources.push(es);
      return es as unknown as EventSource;
    },
    setTimeout: (fn, ms) => {
      const handle = ++handles;
      timers.push({ at: now + ms, fn, handle });
      return handle;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((t) => t.handle !== handle);
    },
    isVisible: () => visible,
    onVisible: (fn) => {
      onShown = fn;
      return () => (onShown = null);
    },
  };
  return {
    env,
    sources,
    latest: () => sources.at(-1)!,
    /** Moves the clock on by `ms`, running the timers that fall due. */
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.fn();
    },
    setVisible(v: boolean) {
      visible = v;
      if (v) onShown?.();
    },
  };
}

const notification = (id: string): Notification => ({
  id,
  type: 'order.statusChanged',
  title: 'Order FR-1 is now Confirmed.',
  body: null,
  link: '/customer-dashboard-original',
  refs: { orderId: 'o1' },
  createdAt: '2026-11-25T16:00:00.000Z',
  read: false,
});

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

describe('connectRealtime', () => {
  it('opens the stream and hands on notifications and unread counts, ignoring what does not parse', () => {
    const t = fakeEnvironment();
    const got: unknown[] = [];
    stop = connectRealtime({ onNotification: (n) => got.push(n), onUnread: (c) => got.push(c) }, t.env);
    expect(t.latest().url).toBe('/api/me/events');
    expect(getRealtimeStatus()).toBe('connecting');
    t.latest().onopen?.();
    expect(getRealtimeStatus()).toBe('open');
    t.latest().emit('notification', JSON.stringify(notification('41')), '41');
    t.latest().emit('notification', '{not json');
    t.latest().emit('notification', JSON.stringify({ id: '42' }));
    t.latest().emit('unread', JSON.stringify({ notifications: 3, messages: 1 }));
    expect(got).toEqual([notification('41'), { notifications: 3, messages: 1 }]);
  });

  it('reopens after 1, 2, 5, then every 10 s, resuming after the last event, and is down after four failures', () => {
    const t = fakeEnvironment();
    stop = connectRealtime({ onNotification: () => {}, onUnread: () => {} }, t.env);
    t.latest().onopen?.();
    t.latest().emit('notification', JSON.stringify(notification('57')), '57');
    const opensAt: number[] = [];
    let elapsed = 0;
    for (let failure = 1; failure <= 5; failure++) {
      const before = t.sources.length;
      const failed = t.latest();
      failed.onerror?.();
      expect(failed.closed).toBe(true);
      expect(getRealtimeStatus()).toBe(failure >= 4 ? 'down' : 'connecting');
      // Step a second at a time until it reopens.
      while (t.sources.length === before) {
        t.advance(1000);
        elapsed += 1000;
      }
      opensAt.push(elapsed);
      elapsed = 0;
    }
    expect(opensAt).toEqual([1000, 2000, 5000, 10_000, 10_000]);
    expect(t.latest().url).toBe('/api/me/events?lastEventId=57');
    // Back: the count of failures starts again.
    t.latest().onopen?.();
    expect(getRealtimeStatus()).toBe('open');
    t.latest().onerror?.();
    t.advance(1000);
    expect(t.sources).toHaveLength(7);
  });

  it('asks for a resync when it reopens with nothing to resume from, not on the first open', () => {
    const t = fakeEnvironment();
    let resyncs = 0;
    stop = connectRealtime(
      { onNotification: () => {}, onUnread: () => {}, onResync: () => void resyncs++ },
      t.env,
    );
    t.latest().onopen?.();
    expect(resyncs).toBe(0);
    t.latest().onerror?.();
    t.advance(1000);
    t.latest().onopen?.();
    expect(resyncs).toBe(1);
    // With an event to resume from, the server replays instead.
    t.latest().emit('notification', JSON.stringify(notification('9')), '9');
    t.latest().onerror?.();
    t.advance(1000);
    t.latest().onopen?.();
    expect(resyncs).toBe(1);
  });

  it('resumes from the id the first `unread` carries when no notification has come yet', () => {
    const t = fakeEnvironment();
    stop = connectRealtime({ onNotification: () => {}, onUnread: () => {} }, t.env);
    t.latest().onopen?.();
    t.latest().emit('unread', JSON.stringify({ notifications: 0, messages: 0 }), '77');
    t.latest().onerror?.();
    t.advance(1000);
    expect(t.latest().url).toBe('/api/me/events?lastEventId=77');
  });

  it('waits for a hidden tab to be shown before reconnecting, and stops for good when stopped', () => {
    const t = fakeEnvironment();
    stop = connectRealtime({ onNotification: () => {}, onUnread: () => {} }, t.env);
    t.setVisible(false);
    t.latest().onerror?.();
    t.advance(60_000);
    expect(t.sources).toHaveLength(1);
    t.setVisible(true);
    expect(t.sources).toHaveLength(2);

    t.latest().onerror?.();
    stop();
    stop = null;
    t.advance(60_000);
    expect(t.sources).toHaveLength(2);
    expect(getRealtimeStatus()).toBe('off');
  });
});
