import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createEventBus } from './bus.ts';
import { pgArray } from '../../db/pg-array.ts';
import { type BusSignal, parseSignals } from './publish.ts';

/** A bus on a fake database: `say` delivers a payload as the listening connection would. */
function busOnFake() {
  let deliver: ((payload: string) => void) | undefined;
  let reconnect: (() => void) | undefined;
  const database: Pick<Database, 'listen'> = {
    listen: (_channel, onPayload, options) => {
      deliver = onPayload;
      reconnect = options?.onReconnect;
      return Promise.resolve(async () => {});
    },
  };
  const warnings: string[] = [];
  const bus = createEventBus(database, { warn: (_obj: unknown, msg?: string) => warnings.push(msg ?? '') });
  const heard = new Map<string, BusSignal[]>();
  const listen = (userId: string) =>
    bus.subscribe(userId, (signal) => heard.set(userId, [...(heard.get(userId) ?? []), signal]));
  return {
    bus,
    heard,
    warnings,
    listen,
    say: (payload: unknown) => deliver!(JSON.stringify(payload)),
    reconnect: () => reconnect!(),
  };
}

describe('signals on the channel', () => {
  it('reads a page of new notifications, and the single signals (counts, ends)', () => {
    expect(parseSignals('{"signals":[["u1","7"],["u2","8"]],"pages":3}')).toEqual({
      signals: [
        { userId: 'u1', id: '7' },
        { userId: 'u2', id: '8' },
      ],
      pages: 3,
    });
    expect(parseSignals('{"userId":"u1","id":"7"}')).toEqual({
      signals: [{ userId: 'u1', id: '7' }],
      pages: 1,
    });
    expect(parseSignals('{"userId":"u1"}')).toEqual({ signals: [{ userId: 'u1' }], pages: 1 });
    expect(parseSignals('{"userId":"u1","end":"session","sessionId":"s1"}')?.signals).toEqual([
      { userId: 'u1', end: 'session', sessionId: 's1' },
    ]);
  });

  it('refuses a page with any malformed signal, whole', () => {
    for (const payload of [
      '{"signals":[["u1","7"],["u2","x"]],"pages":1}',
      '{"signals":[["u1","7"],["u2"]],"pages":1}',
      '{"signals":[["u1","7"],[2,"8"]],"pages":1}',
      '{"signals":[["u1","7"],["u2","12345678901234567890"]],"pages":1}',
      '{"signals":{"u1":"7"},"pages":1}',
      '{"signals":[["u1","7"]]}',
      '{"signals":[["u1","7"]],"pages":0}',
      '{"signals":[["u1","7"]],"pages":"2"}',
      '{"userId":"u1","id":7}',
      '{"userId":"u1","end":"session"}',
      'null',
      'not json',
    ])
      expect(parseSignals(payload), payload).toBeUndefined();
  });
});

describe('the event bus', () => {
  it("hands a batch's pages over together, in order, each signal to its own user's listeners only", async () => {
    const { heard, listen, say } = busOnFake();
    await listen('u1');
    await listen('u2');
    say({
      signals: [
        ['u1', '1'],
        ['u3', '2'],
      ],
      pages: 3,
    });
    say({ signals: [['u2', '3']], pages: 3 });
    // Nothing yet: the batch has a third page.
    expect(heard.size).toBe(0);
    say({ signals: [['u1', '4']], pages: 3 });
    expect(heard.get('u1')).toEqual([
      { userId: 'u1', id: '1' },
      { userId: 'u1', id: '4' },
    ]);
    expect(heard.get('u2')).toEqual([{ userId: 'u2', id: '3' }]);
    expect(heard.has('u3')).toBe(false);
  });

  it('a single signal after held pages comes after them; a malformed payload is ignored with a warning', async () => {
    const { heard, listen, say, warnings } = busOnFake();
    await listen('u1');
    say({ signals: [['u1', '1']], pages: 2 });
    say({ nonsense: true });
    expect(warnings).toEqual(['ignored a malformed event bus payload']);
    say({ userId: 'u1', end: 'user' });
    expect(heard.get('u1')).toEqual([
      { userId: 'u1', id: '1' },
      { userId: 'u1', end: 'user' },
    ]);
  });

  it('forgets pages held when the connection came back (what was sent meanwhile is caught up)', async () => {
    const { bus, heard, listen, say, reconnect } = busOnFake();
    const resets: string[] = [];
    bus.onReset((reason) => resets.push(reason));
    await listen('u1');
    say({ signals: [['u1', '1']], pages: 2 });
    reconnect();
    expect(resets).toEqual(['reconnected']);
    say({ signals: [['u1', '2']], pages: 1 });
    expect(heard.get('u1')).toEqual([{ userId: 'u1', id: '2' }]);
  });
});

describe('array parameters', () => {
  it('quotes every element, so any text stays one element', () => {
    expect(pgArray(['a', 'b c', 'd,e', 'f"g', 'h\\i', '{j}', 'NULL'])).toBe(
      '{"a","b c","d,e","f\\"g","h\\\\i","{j}","NULL"}',
    );
    expect(pgArray([1n, 20n])).toBe('{"1","20"}');
    expect(pgArray([])).toBe('{}');
  });
});
