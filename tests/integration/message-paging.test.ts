import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages } from '../../src/server/db/schema/index.ts';
import type { Conversation, MessagePage } from '../../src/shared/schemas/messages.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

let t: TestApp;
const cookie: Record<string, string> = {};
let vendorId = '';
let ownerId = '';

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  const db = t.database.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const otherOwner = await createUser(db, { userType: 'vendor' });
  const bob = await createUser(db, { firstName: 'Bob' });
  ownerId = owner.id;
  vendorId = (await createVendor(db, { userId: owner.id, businessName: 'Long Table Bakery' })).id;
  await createVendor(db, { userId: otherOwner.id });
  cookie.owner = await signIn(t.app, owner.email);
  cookie.otherOwner = await signIn(t.app, otherOwner.email);
  cookie.bob = await signIn(t.app, bob.email);
});
afterAll(() => t.close());

const request = (who: string | null, path: string, json?: unknown) =>
  t.app.request(path, {
    method: json === undefined ? 'GET' : 'POST',
    headers: {
      ...(who && { Cookie: cookie[who]! }),
      'Content-Type': 'application/json',
    },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });

async function ok<T>(who: string, path: string, json?: unknown): Promise<T> {
  const res = await request(who, path, json);
  expect(res.status, `${who} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const thread = (who: string, id: string) => ok<Conversation>(who, `/api/me/conversations/${id}`);
const page = (who: string, id: string, query: Record<string, string>) =>
  ok<MessagePage>(who, `/api/me/conversations/${id}/messages?${new URLSearchParams(query)}`);
const markRead = (who: string, id: string, through?: string | null) =>
  ok<{ marked: boolean }>(who, `/api/me/conversations/${id}/read`, through ? { through } : {});
const unreadFor = async (who: string, id: string) => {
  const list = await ok<{ conversations: { id: string; unread: boolean }[] }>(who, '/api/me/conversations');
  return list.conversations.find((c) => c.id === id)!.unread;
};

/** The conversation row as stored; xmin changes with every write to the row, even one that sets the same values. */
const stored = async (id: string) => {
  const [row] = await t.database.db
    .select({
      version: sql<string>`xmin::text`,
      customerReadAt: sql<string | null>`customer_read_at::text`,
      vendorReadAt: sql<string | null>`vendor_read_at::text`,
    })
    .from(conversations)
    .where(eq(conversations.id, id));
  return row!;
};

/**
 * A new customer's conversation with the vendor holding `count` messages inserted directly, oldest
 * first, alternating customer and vendor so the newest (even) one is the vendor's. Times step by
 * microseconds inside shared milliseconds, and a few are exact ties, so a cursor that kept only
 * milliseconds or ignored the id would skip or repeat messages.
 */
async function longThread(count = 120) {
  const db = t.database.db;
  const customer = await createUser(db, { firstName: 'Rosa', lastName: 'Diaz' });
  const who = `customer-${customer.id}`;
  cookie[who] = await signIn(t.app, customer.email);
  const id = crypto.randomUUID();
  await db.insert(conversations).values({ id, customerId: customer.id, vendorId });
  await db.execute(sql`
    insert into messages (id, conversation_id, sender_id, body, created_at)
    select ${id} || '-' || lpad(i::text, 4, '0'), ${id},
      case when i % 2 = 0 then ${ownerId} else ${customer.id} end,
      'Message ' || i,
      ${'2025-03-01T10:00:00Z'}::timestamptz
        + case when i between 18 and 23 then 18 else i end * interval '1 millisecond' / 3
        + (i % 3) * interval '1 microsecond'
    from generate_series(1, ${count}::int) i`);
  await db.execute(sql`
    update conversations set last_message_at = (select max(created_at) from messages where conversation_id = ${id})
    where id = ${id}`);
  const ordered = await db
    .select({ body: messages.body })
    .from(messages)
    .where(eq(messages.conversationId, id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return { id, who, bodies: ordered.map((m) => m.body) };
}

const bodies = (p: { messages: { body: string }[] }) => p.messages.map((m) => m.body);

describe('a long conversation is read from its newest page back', () => {
  it('opens on the newest 50 messages, oldest first, with a cursor for older ones', async () => {
    const { id, who, bodies: all } = await longThread();
    const first = await thread(who, id);
    expect(first.messages).toHaveLength(50);
    expect(bodies(first)).toEqual(all.slice(-50));
    expect(first.messages.at(-1)).toMatchObject({ body: 'Message 120', mine: false });
    expect(first.olderCursor).toEqual(expect.any(String));
    expect(first.newerCursor).toEqual(expect.any(String));
    // The fields the web and the list already rely on are still there.
    expect(first).toMatchObject({
      id,
      counterpart: { name: 'Long Table Bakery', vendorId },
      unread: true,
      contactDetailsMasked: true,
      orders: [],
    });
  });

  it('older pages join up with no gap and no repeat, whatever the page size', async () => {
    const { id, who, bodies: all } = await longThread();
    for (const limit of [50, 7]) {
      const first = await thread(who, id);
      let read = bodies(first);
      let cursor = first.olderCursor;
      let pages = 1;
      while (cursor) {
        const older = await page(who, id, { before: cursor, limit: String(limit) });
        expect(older.messages.length).toBeLessThanOrEqual(limit);
        read = [...bodies(older), ...read];
        cursor = older.olderCursor;
        pages += 1;
      }
      expect(read).toEqual(all);
      expect(new Set(read).size).toBe(120);
      expect(pages).toBe(limit === 50 ? 3 : 1 + Math.ceil(70 / 7));
    }
    // The default older page is 50 messages.
    const first = await thread(who, id);
    expect(bodies(await page(who, id, { before: first.olderCursor! }))).toEqual(all.slice(20, 70));
  });

  it('a poll returns only what is new since the cursor', async () => {
    const { id, who, bodies: all } = await longThread();
    const first = await thread(who, id);
    const nothing = await page(who, id, { after: first.newerCursor! });
    expect(nothing).toEqual({ messages: [], olderCursor: null, newerCursor: first.newerCursor });

    for (const body of ['Fresh one', 'Fresh two', 'Fresh three']) {
      expect((await request('owner', `/api/me/conversations/${id}/messages`, { body })).status).toBe(201);
    }
    const fresh = await page(who, id, { after: first.newerCursor! });
    expect(bodies(fresh)).toEqual(['Fresh one', 'Fresh two', 'Fresh three']);
    expect(fresh.messages.every((m) => !m.mine && m.senderName === 'Long Table Bakery')).toBe(true);
    const oneAtATime = await page(who, id, { after: first.newerCursor!, limit: '1' });
    expect(bodies(oneAtATime)).toEqual(['Fresh one']);
    expect(bodies(await page(who, id, { after: oneAtATime.newerCursor! }))).toEqual([
      'Fresh two',
      'Fresh three',
    ]);
    expect(bodies(await page(who, id, { after: fresh.newerCursor! }))).toEqual([]);

    // Forward from the oldest message of the first page: the rest of the thread, in order.
    expect(bodies(await page(who, id, { after: first.olderCursor!, limit: '100' }))).toEqual([
      ...all.slice(71),
      'Fresh one',
      'Fresh two',
      'Fresh three',
    ]);
  });

  it("a new message lands after the newest one even when this server's clock lags behind it", async () => {
    const { id, who } = await longThread(4);
    // Another server, its clock a minute ahead, stored the latest message.
    const ahead = new Date(Date.now() + 60_000);
    await t.database.db.insert(messages).values({
      id: crypto.randomUUID(),
      conversationId: id,
      senderId: ownerId,
      body: 'From the fast clock',
      createdAt: ahead,
    });
    await t.database.db.update(conversations).set({ lastMessageAt: ahead }).where(eq(conversations.id, id));
    const held = await thread(who, id);
    expect(held.messages.at(-1)!.body).toBe('From the fast clock');

    await request('owner', `/api/me/conversations/${id}/messages`, { body: 'From the slow clock' });
    expect(bodies(await page(who, id, { after: held.newerCursor! }))).toEqual(['From the slow clock']);
  });

  it('refuses a cursor or limit it did not issue with a 400 that names the field', async () => {
    const { id, who } = await longThread(3);
    const { newerCursor } = await thread(who, id);
    const token = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const cases: [Record<string, string>, string][] = [
      [{ before: 'not a cursor!' }, 'before'],
      [{ after: 'bm9wZQ' }, 'after'],
      [{ before: token(['2025-02-30T10:00:00.000000Z', 'x']) }, 'before'],
      [{ before: token(['2025-03-01T24:00:00.000000Z', 'x']) }, 'before'],
      [{ before: token(['0000-03-01T10:00:00.000000Z', 'x']) }, 'before'],
      [{ after: token(['2025-03-01T10:00:00.000Z', 'x']) }, 'after'],
      [{ after: token(['2025-03-01T10:00:00.000000Z', 'x'.repeat(101)]) }, 'after'],
      [{ after: token(['2025-03-01T10:00:00.000000Z', 42]) }, 'after'],
      [{ after: token(['2025-03-01T10:00:00.000000Z', 'x', 'y']) }, 'after'],
      [{ after: token({ at: '2025-03-01T10:00:00.000000Z', id: 'x' }) }, 'after'],
      [{ before: 'a'.repeat(400) }, 'before'],
      [{ before: newerCursor!, after: newerCursor! }, 'after'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ limit: '2.5' }, 'limit'],
    ];
    for (const [query, field] of cases) {
      const res = await request(who, `/api/me/conversations/${id}/messages?${new URLSearchParams(query)}`);
      expect(res.status, JSON.stringify(query)).toBe(400);
      const body = await res.json();
      expect(Object.keys(body.error.fields), JSON.stringify(query)).toEqual([field]);
    }
    const badMark = await request(who, `/api/me/conversations/${id}/read`, { through: 'nope!' });
    expect(badMark.status).toBe(400);
    expect(Object.keys((await badMark.json()).error.fields)).toEqual(['through']);

    // A well-formed cursor far in the future is just a place: everything is older than it.
    const future = token(['9999-12-31T23:59:59.999999Z', 'zzz']);
    expect(bodies(await page(who, id, { before: future }))).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(bodies(await page(who, id, { after: future }))).toEqual([]);
    // The id is only ever a bound parameter: quotes in it are just characters.
    const quoted = token(['2025-03-01T10:00:00.000000Z', "x'); drop table messages; --"]);
    expect(bodies(await page(who, id, { after: quoted }))).toEqual(['Message 1', 'Message 2', 'Message 3']);
  });
});

describe('read marks', () => {
  it('reading and polling write nothing; marking read moves the mark only when something new was shown', async () => {
    const { id, who } = await longThread();
    expect(await unreadFor(who, id)).toBe(true);
    const before = await stored(id);
    expect(before.customerReadAt).toBeNull();

    // Opening and polling are reads: the row is not written at all.
    const first = await thread(who, id);
    await page(who, id, { after: first.newerCursor! });
    await page(who, id, { before: first.olderCursor! });
    expect(await stored(id)).toEqual(before);
    expect(await unreadFor(who, id)).toBe(true);

    expect(await markRead(who, id, first.newerCursor)).toEqual({ marked: true });
    const marked = await stored(id);
    expect(marked.customerReadAt).not.toBeNull();
    expect(marked.vendorReadAt).toBe(before.vendorReadAt);
    expect(await unreadFor(who, id)).toBe(false);

    // Nothing new since: marking again, with or without a cursor, and polling leave the row untouched.
    expect(await markRead(who, id, first.newerCursor)).toEqual({ marked: false });
    expect(await markRead(who, id)).toEqual({ marked: false });
    await thread(who, id);
    await page(who, id, { after: first.newerCursor! });
    expect(await stored(id)).toEqual(marked);

    // Two new messages; the reader was shown only the first, so the second stays unread.
    await request('owner', `/api/me/conversations/${id}/messages`, { body: 'Are you still there?' });
    await request('owner', `/api/me/conversations/${id}/messages`, { body: 'Hello?' });
    expect(await unreadFor(who, id)).toBe(true);
    const shown = await page(who, id, { after: first.newerCursor!, limit: '1' });
    expect(bodies(shown)).toEqual(['Are you still there?']);
    expect(await markRead(who, id, shown.newerCursor)).toEqual({ marked: true });
    expect((await stored(id)).customerReadAt).not.toBe(marked.customerReadAt);
    expect(await unreadFor(who, id)).toBe(true);
    const all = await page(who, id, { after: shown.newerCursor! });
    expect(await markRead(who, id, all.newerCursor)).toEqual({ marked: true });
    expect(await unreadFor(who, id)).toBe(false);
    // A cursor older than the mark does not move it back.
    expect(await markRead(who, id, first.newerCursor)).toEqual({ marked: false });
    expect(await unreadFor(who, id)).toBe(false);
  });

  it("each side has its own mark: the customer's reply is unread for the vendor until the vendor marks it", async () => {
    const { id, who } = await longThread();
    await markRead(who, id);
    await markRead('owner', id);
    expect(await unreadFor('owner', id)).toBe(false);

    expect(
      (await request(who, `/api/me/conversations/${id}/messages`, { body: 'One more question' })).status,
    ).toBe(201);
    const customerMark = (await stored(id)).customerReadAt;
    // Sending is reading up to one's own message: the customer has nothing unread.
    expect(await unreadFor(who, id)).toBe(false);
    expect(await markRead(who, id)).toEqual({ marked: false });
    expect(await unreadFor('owner', id)).toBe(true);

    const vendorView = await thread('owner', id);
    expect(vendorView.unread).toBe(true);
    expect(vendorView.messages.at(-1)).toMatchObject({ body: 'One more question', mine: false });
    expect(await unreadFor('owner', id)).toBe(true);
    expect(await markRead('owner', id, vendorView.newerCursor)).toEqual({ marked: true });
    expect(await unreadFor('owner', id)).toBe(false);
    expect(await markRead('owner', id, vendorView.newerCursor)).toEqual({ marked: false });
    // The vendor's mark leaves the customer's alone.
    expect((await stored(id)).customerReadAt).toBe(customerMark);
  });

  it('nobody else reads its pages or moves its marks', async () => {
    const { id, who } = await longThread(5);
    const { newerCursor } = await thread(who, id);
    const before = await stored(id);
    for (const outsider of ['bob', 'otherOwner', null]) {
      const expected = outsider ? 404 : 401;
      expect((await request(outsider, `/api/me/conversations/${id}`)).status).toBe(expected);
      expect((await request(outsider, `/api/me/conversations/${id}/messages`)).status).toBe(expected);
      expect(
        (await request(outsider, `/api/me/conversations/${id}/messages?after=${newerCursor}`)).status,
      ).toBe(expected);
      expect((await request(outsider, `/api/me/conversations/${id}/read`, {})).status).toBe(expected);
    }
    expect((await request('bob', '/api/me/conversations/nope/read', {})).status).toBe(404);
    expect(await stored(id)).toEqual(before);
  });
});
