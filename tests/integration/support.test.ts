import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRequests } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (body: unknown, init: RequestInit = {}) =>
  t.app.request('/api/support/requests', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });

describe('support requests', () => {
  it('names every invalid field', async () => {
    const res = await post({ name: '', email: 'not-an-email', message: 'short' });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect(error.fields.subject).toBe('Please enter a subject.');
  });

  it('stores a valid request', async () => {
    const res = await post({
      name: 'Jordan Lee',
      email: 'jordan@example.test',
      subject: 'Changing a delivery date',
      message: 'Can I move my order to Saturday?',
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [row] = await t.database.db.select().from(supportRequests).where(eq(supportRequests.id, id));
    expect(row).toMatchObject({
      name: 'Jordan Lee',
      email: 'jordan@example.test',
      status: 'open',
      userId: null,
    });
  });

  it('refuses an oversized body', async () => {
    const res = await post({
      name: 'A',
      email: 'a@example.test',
      subject: 'Big',
      message: 'x'.repeat(40_000),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('VALIDATION_FAILED');
  });
});
