import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/errors.ts';
import type { ReviewHelpful, ReviewList } from '../../src/shared/schemas/reviews.ts';
import { reviewHelpfulVotes, reviews } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/** Signed-in readers mark a review helpful once and can take it back; the count follows. */
let t: TestApp;
let vendorId: string;
const cookies = { author: '', owner: '', reader: '', otherReader: '' };
type Who = keyof typeof cookies | 'visitor';
let authorId = '';

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  const db = t.database.db;
  const owner = await createUser(db, { userType: 'vendor' });
  vendorId = (await createVendor(db, { userId: owner.id })).id;
  const author = await createUser(db);
  authorId = author.id;
  const reader = await createUser(db);
  const otherReader = await createUser(db, { userType: 'vendor' });
  await createVendor(db, { userId: otherReader.id });
  cookies.owner = await signIn(t.app, owner.email);
  cookies.author = await signIn(t.app, author.email);
  cookies.reader = await signIn(t.app, reader.email);
  // Another shop's owner: a reader like any other of this shop's reviews.
  cookies.otherReader = await signIn(t.app, otherReader.email);
});
afterAll(() => t.close());

/** A review of the shop by the author, with `helpfulCount` as its base (as the demo seed sets it). */
async function newReview({ helpfulCount = 0, ofVendor = vendorId, createdAt = new Date() } = {}) {
  const db = t.database.db;
  const order = await createOrder(db, { customerId: authorId, vendorId: ofVendor });
  const id = crypto.randomUUID();
  await db.insert(reviews).values({
    id,
    orderId: order.id,
    customerId: authorId,
    vendorId: ofVendor,
    rating: 5,
    comment: 'Moist sponge, lovely piping.',
    helpfulCount,
    createdAt,
  });
  return id;
}

const vote = (reviewId: string, who: Who, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.app.request(`/api/reviews/${encodeURIComponent(reviewId)}/helpful`, {
    method,
    headers: { Origin: 'http://localhost:3000', ...(who !== 'visitor' && { Cookie: cookies[who] }) },
  });

async function voted(reviewId: string, who: Who, method: 'PUT' | 'DELETE' = 'PUT') {
  const res = await vote(reviewId, who, method);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ReviewHelpful;
}

async function list(query: string, who: Who = 'visitor') {
  const res = await t.app.request(`/api/reviews?${query}`, {
    headers: who === 'visitor' ? {} : { Cookie: cookies[who] },
  });
  expect(res.status).toBe(200);
  return { body: (await res.json()) as ReviewList, cacheControl: res.headers.get('Cache-Control') };
}

async function stored(reviewId: string) {
  const db = t.database.db;
  const [review] = await db.select().from(reviews).where(eq(reviews.id, reviewId));
  const votes = await db.select().from(reviewHelpfulVotes).where(eq(reviewHelpfulVotes.reviewId, reviewId));
  return { helpfulCount: review!.helpfulCount, votes: votes.length };
}

const errorMessage = async (res: Response) =>
  ((await res.json()) as { error: { message: string } }).error.message;

describe('helpful votes', () => {
  it('counts a vote once on top of the base, and taking it back takes one off; both are idempotent', async () => {
    const id = await newReview({ helpfulCount: 3 });
    expect(await voted(id, 'reader')).toEqual({ helpfulCount: 4, viewerVotedHelpful: true });
    expect(await voted(id, 'reader')).toEqual({ helpfulCount: 4, viewerVotedHelpful: true });
    expect(await stored(id)).toEqual({ helpfulCount: 4, votes: 1 });
    expect(await voted(id, 'reader', 'DELETE')).toEqual({ helpfulCount: 3, viewerVotedHelpful: false });
    expect(await voted(id, 'reader', 'DELETE')).toEqual({ helpfulCount: 3, viewerVotedHelpful: false });
    expect(await stored(id)).toEqual({ helpfulCount: 3, votes: 0 });
  });

  it('counts two readers as two', async () => {
    const id = await newReview();
    expect((await voted(id, 'reader')).helpfulCount).toBe(1);
    expect(await voted(id, 'otherReader')).toEqual({ helpfulCount: 2, viewerVotedHelpful: true });
    expect((await voted(id, 'reader', 'DELETE')).helpfulCount).toBe(1);
    expect(await stored(id)).toEqual({ helpfulCount: 1, votes: 1 });
  });

  it('counts ten votes of one reader sent at once (tabs, double clicks) once, and ten take-backs once', async () => {
    const id = await newReview({ helpfulCount: 2 });
    const votes = await Promise.all(Array.from({ length: 10 }, () => vote(id, 'reader')));
    expect(votes.map((r) => r.status)).toEqual(Array(10).fill(200));
    const answers = (await Promise.all(votes.map((r) => r.json()))) as ReviewHelpful[];
    expect(answers).toEqual(Array(10).fill({ helpfulCount: 3, viewerVotedHelpful: true }));
    expect(await stored(id)).toEqual({ helpfulCount: 3, votes: 1 });

    const takeBacks = await Promise.all(Array.from({ length: 10 }, () => vote(id, 'reader', 'DELETE')));
    expect(takeBacks.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await stored(id)).toEqual({ helpfulCount: 2, votes: 0 });
  });

  it('refuses the author and the shop’s owner with their reason, and leaves the count alone', async () => {
    const id = await newReview({ helpfulCount: 5 });
    for (const method of ['PUT', 'DELETE'] as const) {
      const author = await vote(id, 'author', method);
      expect(author.status).toBe(403);
      expect(await errorMessage(author)).toBe(MESSAGES.helpfulOwnReview);
      const owner = await vote(id, 'owner', method);
      expect(owner.status).toBe(403);
      expect(await errorMessage(owner)).toBe(MESSAGES.helpfulOwnShop);
    }
    expect(await stored(id)).toEqual({ helpfulCount: 5, votes: 0 });
  });

  it('asks a visitor to sign in', async () => {
    const id = await newReview();
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await vote(id, 'visitor', method);
      expect(res.status).toBe(401);
      expect(await errorMessage(res)).toBe(MESSAGES.unauthenticated);
    }
    expect(await stored(id)).toEqual({ helpfulCount: 0, votes: 0 });
  });

  it('answers 404 for a review that does not exist or is not published', async () => {
    const missing = await vote('no-such-review', 'reader');
    expect(missing.status).toBe(404);
    expect(await errorMessage(missing)).toBe(MESSAGES.reviewNotFound);
    // A review of a vendor who is no longer approved is public nowhere: it cannot be voted on either.
    const db = t.database.db;
    const hiddenVendor = await createVendor(db, { status: 'rejected', verified: false });
    const hidden = await newReview({ ofVendor: hiddenVendor.id });
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await vote(hidden, 'reader', method)).status).toBe(404);
    }
    expect(await stored(hidden)).toEqual({ helpfulCount: 0, votes: 0 });
    expect((await vote('x'.repeat(101), 'reader')).status).toBe(400);
  });

  it('tells each viewer their own votes and relation, in an answer no shared cache keeps', async () => {
    const db = t.database.db;
    const shop = await createVendor(db);
    const id = await newReview({ ofVendor: shop.id });
    const other = await newReview({ ofVendor: shop.id });
    await voted(id, 'reader');
    const seen = async (who: Who) => {
      const { body, cacheControl } = await list(`vendorId=${shop.id}`, who);
      expect(cacheControl).toBe('private, no-store');
      return Object.fromEntries(
        body.reviews.map((r) => [r.id, [r.viewerVotedHelpful, r.viewerRelation, r.helpfulCount]]),
      );
    };
    expect(await seen('reader')).toEqual({ [id]: [true, null, 1], [other]: [false, null, 0] });
    expect(await seen('otherReader')).toEqual({ [id]: [false, null, 1], [other]: [false, null, 0] });
    expect(await seen('visitor')).toEqual({ [id]: [false, null, 1], [other]: [false, null, 0] });
    expect(await seen('author')).toEqual({ [id]: [false, 'author', 1], [other]: [false, 'author', 0] });
    const owned = await list(`vendorId=${vendorId}&limit=1`, 'owner');
    expect(owned.body.reviews[0]?.viewerRelation).toBe('owner');
  });

  it('reorders the Most helpful sort as the votes come and go', async () => {
    const db = t.database.db;
    const shop = await createVendor(db);
    const day = (d: number) => new Date(Date.UTC(2026, 5, d));
    const first = await newReview({ ofVendor: shop.id, helpfulCount: 1, createdAt: day(1) });
    const second = await newReview({ ofVendor: shop.id, helpfulCount: 1, createdAt: day(2) });
    const third = await newReview({ ofVendor: shop.id, helpfulCount: 0, createdAt: day(3) });
    const order = async () =>
      (await list(`vendorId=${shop.id}&sort=helpful`)).body.reviews.map((r) => [r.id, r.helpfulCount]);
    // Equal counts: the newest first.
    expect(await order()).toEqual([
      [second, 1],
      [first, 1],
      [third, 0],
    ]);
    await voted(third, 'reader');
    await voted(third, 'otherReader');
    await voted(first, 'reader');
    expect(await order()).toEqual([
      [third, 2],
      [first, 2],
      [second, 1],
    ]);
    await voted(third, 'reader', 'DELETE');
    await voted(third, 'otherReader', 'DELETE');
    expect(await order()).toEqual([
      [first, 2],
      [second, 1],
      [third, 0],
    ]);
  });

  it('never takes the count below 0, should the base have been lowered under the votes', async () => {
    const id = await newReview();
    await voted(id, 'reader');
    await t.database.db.update(reviews).set({ helpfulCount: 0 }).where(eq(reviews.id, id));
    expect(await voted(id, 'reader', 'DELETE')).toEqual({ helpfulCount: 0, viewerVotedHelpful: false });
  });

  it('forgets the votes of a deleted review with it', async () => {
    const id = await newReview();
    await voted(id, 'reader');
    const db = t.database.db;
    await db.delete(reviews).where(eq(reviews.id, id));
    expect(await db.select().from(reviewHelpfulVotes).where(eq(reviewHelpfulVotes.reviewId, id))).toEqual([]);
  });
});
