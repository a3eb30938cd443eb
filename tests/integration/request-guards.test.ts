import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/errors.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

let t: TestApp;
let cookie = '';
let vendorId = '';
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  const customer = await createUser(t.database.db);
  vendorId = (await createVendor(t.database.db)).id;
  cookie = await signIn(t.app, customer.email);
});
afterAll(() => t.close());

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: ORIGIN, ...headers },
    body,
  });

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  return body.error;
}

describe('body size', () => {
  it('refuses a JSON body over 1 MB with 413 in the error shape, before the route reads it', async () => {
    const body = JSON.stringify({ vendorId, pad: 'x'.repeat(1024 * 1024) });
    const error = await expectError(await post('/api/me/conversations', body), 413, 'PAYLOAD_TOO_LARGE');
    expect(error.message).toBe(MESSAGES.payloadTooLarge);
  });

  it('refuses a 10 MB message also when the client sends no length (chunked)', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"body":"'));
        if (sent >= 160) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await t.app.request('/api/me/conversations/x/messages', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('lets an ordinary body through', async () => {
    const res = await post('/api/me/conversations', JSON.stringify({ vendorId }));
    expect(res.status).toBe(201);
  });
});

describe('text that cannot be stored', () => {
  it('refuses NUL in any JSON string with 400 naming the field, on our routes and on sign-up', async () => {
    const res = await post(
      '/api/support/requests',
      JSON.stringify({
        name: 'Ann',
        email: 'ann@example.test',
        subject: 'general',
        message: 'Hello\u0000there',
      }),
    );
    const error = await expectError(res, 400, 'VALIDATION_FAILED');
    expect(error).toMatchObject({ fields: { message: MESSAGES.badCharacters } });

    const signUp = await post(
      '/api/auth/sign-up/email',
      JSON.stringify({ email: 'nul@example.test', password: 'long-enough-1', name: 'A\u0000B' }),
    );
    await expectError(signUp, 400, 'VALIDATION_FAILED');
  });

  it('refuses a lone surrogate in a nested JSON string', async () => {
    const res = await post(
      '/api/me/conversations',
      `{"vendorId":"${vendorId}","meta":{"x":["ok","\\ud800"]}}`,
    );
    const error = await expectError(res, 400, 'VALIDATION_FAILED');
    expect(error).toMatchObject({ fields: { 'meta.x.1': MESSAGES.badCharacters } });
  });

  it('refuses NUL in a query string with 400', async () => {
    const res = await t.app.request('/api/vendors?q=cake%00');
    const error = await expectError(res, 400, 'VALIDATION_FAILED');
    expect(error).toMatchObject({ fields: { q: MESSAGES.badCharacters } });
  });

  it('answers 404 for a path with NUL, a lone surrogate or a malformed percent-encoding', async () => {
    for (const path of [
      '/api/designs/%E0%A4%A',
      '/api/designs/abc%00',
      '/api/vendors/%ED%A0%80',
      '/api/me/conversations/%C0',
    ]) {
      const res = await t.app.request(path, { headers: { Cookie: cookie } });
      await expectError(res, 404, 'NOT_FOUND');
    }
    for (const path of ['/designs/%E0%A4%A', '/vendor/x%00']) {
      expect((await t.app.request(path)).status, path).toBe(404);
    }
  });

  it('refuses NUL in a path parameter that the route validates', async () => {
    const res = await t.app.request(`/api/vendors/${vendorId}%00`);
    await expectError(res, 404, 'NOT_FOUND');
  });
});

describe('cross-site requests', () => {
  it('refuses text/plain and form bodies on state-changing routes with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await post('/api/me/conversations', JSON.stringify({ vendorId }), { 'Content-Type': type });
      const error = await expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(error.message).toBe(MESSAGES.jsonRequired);
    }
  });

  it('refuses a request from another origin with 403, also without a body', async () => {
    const json = await post('/api/me/conversations', JSON.stringify({ vendorId }), {
      Origin: 'https://evil.example',
    });
    expect((await expectError(json, 403, 'FORBIDDEN')).message).toBe(MESSAGES.crossOrigin);
    const bodiless = await t.app.request(`/api/me/favorites/vendors/${vendorId}`, {
      method: 'PUT',
      headers: { Cookie: cookie, Origin: 'null' },
    });
    await expectError(bodiless, 403, 'FORBIDDEN');
    const fetchSite = await t.app.request(`/api/me/favorites/vendors/${vendorId}`, {
      method: 'PUT',
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' },
    });
    await expectError(fetchSite, 403, 'FORBIDDEN');
  });

  it('lets a bodiless DELETE through (browsers send no type and no length)', async () => {
    const res = await t.app.request(`/api/me/favorites/vendors/${vendorId}`, {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: ORIGIN },
    });
    expect(res.status).toBeLessThan(300);
  });

  it('accepts its own origin, and the other loopback name outside production', async () => {
    for (const origin of [ORIGIN, 'http://127.0.0.1:3000']) {
      const res = await post('/api/me/conversations', JSON.stringify({ vendorId }), { Origin: origin });
      expect(res.status, origin).toBe(201);
    }
    const other = await post('/api/me/conversations', JSON.stringify({ vendorId }), {
      Origin: 'http://127.0.0.1:4000',
    });
    expect(other.status).toBe(403);
  });
});
