import { describe, expect, it } from 'vitest';
import { isSessionRequest, sessionRetryDelay, sessionRetryingFetch } from './session-fetch.ts';

/** A server that answers from a list, and a sleep that records how long it was asked to wait. */
function world(answers: (Response | Error)[]) {
  const calls: string[] = [];
  const waits: number[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  }) as typeof globalThis.fetch;
  const sleep = async (ms: number, signal: AbortSignal | null | undefined) => {
    waits.push(ms);
    if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  };
  return { calls, waits, send: sessionRetryingFetch({ fetch, sleep }) };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('sessionRetryingFetch', () => {
  it('asks again after a 429, as long as the server says, and returns the session', async () => {
    const session = { user: { id: 'u1' }, session: { id: 's1' } };
    const w = world([
      json(429, { message: 'Too many requests' }, { 'X-Retry-After': '7' }),
      json(503, {}, { 'Retry-After': '2' }),
      json(200, session),
    ]);
    const res = await w.send('/api/auth/get-session', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(session);
    expect(w.calls).toHaveLength(3);
    expect(w.waits).toEqual([7000, 2000]);
  });

  it('asks again after a lost connection, waiting longer each time', async () => {
    const w = world([new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), json(200, null)]);
    const res = await w.send('http://localhost:3000/api/auth/get-session?disableCookieCache=true');
    expect(await res.json()).toBeNull();
    expect(w.waits).toEqual([1000, 2000]);
  });

  it('passes on the answers that are about the session: none (null) and 401', async () => {
    for (const answer of [json(200, null), json(401, { message: 'Unauthorized' })]) {
      const w = world([answer]);
      expect((await w.send('/api/auth/get-session')).status).toBe(answer.status);
      expect(w.waits).toEqual([]);
    }
  });

  it('stops when the read is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const w = world([json(429, {}), json(200, null)]);
    await expect(w.send('/api/auth/get-session', { signal: controller.signal })).rejects.toThrow(/abort/i);
    expect(w.calls).toHaveLength(1);
  });

  it('leaves every other request alone: a refused sign-in is shown as it is', async () => {
    const w = world([json(429, { message: 'Too many failed sign-in attempts' })]);
    const res = await w.send('/api/auth/sign-in/email', { method: 'POST', body: '{}' });
    expect(res.status).toBe(429);
    expect(w.waits).toEqual([]);
  });
});

describe('sessionRetryDelay and isSessionRequest', () => {
  it('doubles from 1 s to at most 30 s, and keeps what the server says within those bounds', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((a) => sessionRetryDelay(a, null))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(sessionRetryDelay(0, '12')).toBe(12_000);
    expect(sessionRetryDelay(0, '0')).toBe(1000);
    expect(sessionRetryDelay(0, '3600')).toBe(30_000);
    expect(sessionRetryDelay(1, 'soon')).toBe(2000);
  });

  it('knows a session read by its path', () => {
    expect(isSessionRequest('/api/auth/get-session')).toBe(true);
    expect(isSessionRequest(new URL('http://localhost:3000/api/auth/get-session?x=1'))).toBe(true);
    expect(isSessionRequest('/api/auth/sign-in/email')).toBe(false);
    expect(isSessionRequest('/api/auth/get-session/other')).toBe(false);
  });
});
