import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewList } from '../../src/shared/schemas/reviews.ts';
import { reviews } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/** A vendor answers a review of their shop once, in public; nobody else can. */
const clock = manualClock('2026-12-03T20:15:00Z');
let t: TestApp;
let vendorId: string;
const cookies: Record<'owner' | 'otherOwner', string> = { owner: '', otherOwner: '' };

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const otherOwner = await createUser(db, { userType: 'vendor' });
  vendorId = (await createVendor(db, { userId: owner.id })).id;
  await createVendor(db, { userId: otherOwner.id });
  cookies.owner = await signIn(t.app, owner.email);
  cookies.otherOwner = await signIn(t.app, otherOwner.email);
});
afterAll(() => t.close());

async function newReview() {
  const db = t.database.db;
  const customer = await createUser(db, { password: null });
  const order = await createOrder(db, { customerId: customer.id, vendorId });
  const id = crypto.randomUUID();
  await db.insert(reviews).values({
    id,
    orderId: order.id,
    customerId: customer.id,
    vendorId,
    rating: 4,
    comment: 'Beautiful, a little sweet.',
  });
  return id;
}

const reply = (reviewId: string, who: keyof typeof cookies, body: unknown) =>
  t.app.request(`/api/reviews/${reviewId}/reply`, {
    method: 'POST',
    headers: { Cookie: cookies[who], 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
    body: JSON.stringify(body),
  });

describe('replying to a review', () => {
  it('publishes the vendor’s one reply under the review, with its time', async () => {
    const id = await newReview();
    const res = await reply(id, 'owner', {
      reply: '  Thank you! Next time we will go lighter on the sugar.  ',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      vendorReply: {
        text: 'Thank you! Next time we will go lighter on the sugar.',
        at: '2026-12-03T20:15:00.000Z',
      },
    });
    const list = (await (await t.app.request(`/api/reviews?vendorId=${vendorId}`)).json()) as ReviewList;
    expect(list.reviews.find((r) => r.id === id)?.vendorReply).toEqual({
      text: 'Thank you! Next time we will go lighter on the sugar.',
      at: '2026-12-03T20:15:00.000Z',
    });
    const again = await reply(id, 'owner', { reply: 'One more thing…' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'You have already replied to this review.',
    );
  });

  it('refuses an empty reply at its field, and another shop’s review reads as missing', async () => {
    const id = await newReview();
    const blank = await reply(id, 'owner', { reply: ' ' });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      reply: 'Please write your reply.',
    });
    const other = await reply(id, 'otherOwner', { reply: 'Not my review.' });
    expect(other.status).toBe(404);
  });

  it('keeps exactly one reply when two are sent at once', async () => {
    const id = await newReview();
    const answers = await Promise.all(
      ['First reply.', 'Second reply.', 'Third reply.'].map((text) => reply(id, 'owner', { reply: text })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});
