import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../src/shared/contact-masking.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createOrder, createPendingOrder, createUser, createVendor, signIn } from '../support/factories.ts';

const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
const cookie: Record<string, string> = {};
const ids = {
  alice: '',
  bob: '',
  vendor: '',
  pendingVendor: '',
  otherVendor: '',
  orderPending: '',
  orderOther: '',
};

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const alice = await createUser(db, { firstName: 'Alice', lastName: 'Baker' });
  const bob = await createUser(db, { firstName: 'Bob' });
  const owner = await createUser(db, { userType: 'vendor' });
  const otherOwner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id, businessName: 'Crumb & Co' });
  const other = await createVendor(db, { userId: otherOwner.id, cancellationRefundPercent: 50 });
  const pending = await createVendor(db, { status: 'pending', verified: false });
  ids.alice = alice.id;
  ids.bob = bob.id;
  ids.vendor = vendor.id;
  ids.otherVendor = other.id;
  ids.pendingVendor = pending.id;
  ids.orderPending = (
    await createOrder(db, { customerId: alice.id, vendorId: vendor.id, status: 'pending' })
  ).id;
  ids.orderOther = (await createOrder(db, { customerId: alice.id, vendorId: other.id })).id;
  cookie.alice = await signIn(t.app, alice.email);
  cookie.bob = await signIn(t.app, bob.email);
  cookie.owner = await signIn(t.app, owner.email);
  cookie.otherOwner = await signIn(t.app, otherOwner.email);
});
afterAll(() => t.close());

const call = (who: string, path: string, json?: unknown) =>
  t.app.request(path, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { Cookie: cookie[who]!, 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });

/** Pays a pending order at the sandbox's checkout with a test card, as the customer would. */
async function pay(who: string, orderId: string) {
  const checkout = await call(who, '/api/payments', { orderId });
  expect(checkout.status).toBe(200);
  const { paymentId } = (await checkout.json()) as { paymentId: string };
  const paid = await call(who, `/api/payments/${paymentId}/sandbox-confirmation`, {
    number: '4242 4242 4242 4242',
    expiry: '12/29',
    cvc: '123',
  });
  expect(await paid.json()).toMatchObject({ status: 'succeeded' });
}

/** What the customer sees of the vendor's last message in the conversation, and on a polled page. */
async function lastSeen(who: string, id: string) {
  const thread = await (await call(who, `/api/me/conversations/${id}`)).json();
  const page = await (await call(who, `/api/me/conversations/${id}/messages`)).json();
  return {
    masked: thread.contactDetailsMasked as boolean,
    thread: thread.messages.at(-1).body as string,
    page: page.messages.at(-1).body as string,
  };
}

async function start(who: string, vendorId: string) {
  const res = await call(who, '/api/me/conversations', { vendorId });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('conversations between customers and vendors', () => {
  it('a customer starts one conversation per vendor; the vendor reads and answers it', async () => {
    const id = await start('alice', ids.vendor);
    expect(await start('alice', ids.vendor)).toBe(id);

    const sent = await call('alice', `/api/me/conversations/${id}/messages`, {
      body: 'Hello! Could you do a two-tier lemon cake for 30 people?',
      orderId: ids.orderPending,
    });
    expect(sent.status).toBe(201);

    const vendorList = await (await call('owner', '/api/me/conversations')).json();
    expect(vendorList.conversations).toHaveLength(1);
    expect(vendorList.conversations[0]).toMatchObject({
      id,
      counterpart: { name: 'Alice B.', vendorId: null },
      unread: true,
      lastMessage: { mine: false },
    });

    const thread = await (await call('owner', `/api/me/conversations/${id}`)).json();
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({ mine: false, senderName: 'Alice B.' });
    expect(thread.messages[0].orderNumber).toMatch(/\S/);
    expect(thread).toMatchObject({ unread: true, olderCursor: null, newerCursor: expect.any(String) });
    // Reading is a GET and writes nothing; the reader marks what it has shown.
    const stillUnread = await (await call('owner', '/api/me/conversations')).json();
    expect(stillUnread.conversations[0].unread).toBe(true);
    const read = await call('owner', `/api/me/conversations/${id}/read`, { through: thread.newerCursor });
    expect(await read.json()).toEqual({ marked: true });
    const after = await (await call('owner', '/api/me/conversations')).json();
    expect(after.conversations[0].unread).toBe(false);

    expect(
      (await call('owner', `/api/me/conversations/${id}/messages`, { body: 'Yes, gladly!' })).status,
    ).toBe(201);
    const customerList = await (await call('alice', '/api/me/conversations')).json();
    expect(customerList.conversations[0]).toMatchObject({
      counterpart: { name: 'Crumb & Co', vendorId: ids.vendor },
      unread: true,
      lastMessage: { body: 'Yes, gladly!', mine: false },
    });
  });

  it('nobody else reads or writes in it', async () => {
    const id = await start('alice', ids.vendor);
    for (const who of ['bob', 'otherOwner']) {
      expect((await call(who, `/api/me/conversations/${id}`)).status).toBe(404);
      expect((await call(who, `/api/me/conversations/${id}/messages`, { body: 'hi' })).status).toBe(404);
      expect((await call(who, `/api/me/conversations/${id}/messages`)).status).toBe(404);
      expect((await call(who, `/api/me/conversations/${id}/read`, {})).status).toBe(404);
      const list = await (await call(who, '/api/me/conversations')).json();
      expect(list.conversations.map((c: { id: string }) => c.id)).not.toContain(id);
    }
    expect((await t.app.request(`/api/me/conversations/${id}`)).status).toBe(401);
    expect((await t.app.request(`/api/me/conversations/${id}/messages`)).status).toBe(401);
    expect((await t.app.request(`/api/me/conversations/${id}/read`, { method: 'POST' })).status).toBe(401);
  });

  it('masks contact details until the customer has paid for an order with the vendor', async () => {
    const id = await start('alice', ids.vendor);
    await call('owner', `/api/me/conversations/${id}/messages`, {
      body: 'Call 604-555-0199 or mail me@crumb.ca',
    });
    // Alice's only order with Crumb & Co is pending: not paid.
    const thread = await (await call('alice', `/api/me/conversations/${id}`)).json();
    expect(thread.contactDetailsMasked).toBe(true);
    expect(thread.messages.at(-1).body).toBe(`Call ${MASK} or mail ${MASK}`);
    // Pages read later (polling, older pages) are masked the same way.
    await call('owner', `/api/me/conversations/${id}/messages`, { body: 'Or text 604-555-0198' });
    const polled = await (
      await call('alice', `/api/me/conversations/${id}/messages?after=${thread.newerCursor}`)
    ).json();
    expect(polled.messages.map((m: { body: string }) => m.body)).toEqual([`Or text ${MASK}`]);
    // The vendor's side is masked too.
    expect((await lastSeen('owner', id)).masked).toBe(true);
  });

  it('a payment through checkout unmasks that conversation only; a full refund masks it again', async () => {
    const id = await start('alice', ids.otherVendor);
    await call('otherOwner', `/api/me/conversations/${id}/messages`, { body: 'My number: 604-555-0100' });
    // An order with a status past pending but no money in the ledger (orderOther) does not count.
    expect(await lastSeen('alice', id)).toEqual({
      masked: true,
      thread: `My number: ${MASK}`,
      page: `My number: ${MASK}`,
    });

    const order = await createPendingOrder(t.database.db, {
      customerId: ids.alice,
      vendorId: ids.otherVendor,
      amount: 10_001,
      refundPercent: 50,
      deliveryDate: new Date(clock.now().getTime() + 14 * 24 * HOUR),
      createdAt: clock.now(),
    });
    expect((await lastSeen('alice', id)).masked).toBe(true);
    await pay('alice', order.id);
    const unmasked = { masked: false, thread: 'My number: 604-555-0100', page: 'My number: 604-555-0100' };
    expect(await lastSeen('alice', id)).toEqual(unmasked);
    expect(await lastSeen('otherOwner', id)).toEqual(unmasked);
    // Alice's conversation with Crumb & Co stays masked.
    const crumb = await start('alice', ids.vendor);
    expect((await lastSeen('alice', crumb)).masked).toBe(true);

    // Cancelled two weeks ahead: all of it goes back, and the details are hidden again.
    const cancel = await call('alice', `/api/orders/${order.id}/transitions`, {
      action: 'cancel',
      note: 'Plans changed',
    });
    expect(cancel.status).toBe(200);
    expect(await lastSeen('alice', id)).toMatchObject({ masked: true, thread: `My number: ${MASK}` });
    expect((await lastSeen('otherOwner', id)).masked).toBe(true);
  });

  it('an order cancelled with part of the payment kept still counts as paid', async () => {
    const id = await start('bob', ids.otherVendor);
    await call('otherOwner', `/api/me/conversations/${id}/messages`, { body: 'Ring 604-555-0111' });
    const order = await createPendingOrder(t.database.db, {
      customerId: ids.bob,
      vendorId: ids.otherVendor,
      amount: 10_001,
      refundPercent: 50,
      // Cancelled a day before delivery: the vendor's 50% policy keeps part of it.
      deliveryDate: new Date(clock.now().getTime() + 24 * HOUR),
      createdAt: clock.now(),
    });
    await pay('bob', order.id);
    const cancel = await call('bob', `/api/orders/${order.id}/transitions`, {
      action: 'cancel',
      note: 'Plans changed',
    });
    expect(cancel.status).toBe(200);
    expect(await lastSeen('bob', id)).toMatchObject({ masked: false, thread: 'Ring 604-555-0111' });
  });

  it('refuses bad input with field messages', async () => {
    const id = await start('alice', ids.vendor);
    const empty = await call('alice', `/api/me/conversations/${id}/messages`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.fields).toEqual({ body: 'Write a message first.' });
    const long = await call('alice', `/api/me/conversations/${id}/messages`, { body: 'x'.repeat(4001) });
    expect((await long.json()).error.fields.body).toBe('Messages can be at most 4000 characters.');
    const foreignOrder = await call('alice', `/api/me/conversations/${id}/messages`, {
      body: 'About my other order',
      orderId: ids.orderOther,
    });
    expect(foreignOrder.status).toBe(400);
    expect((await foreignOrder.json()).error.fields.orderId).toBe(
      'This order is not part of this conversation.',
    );
    expect((await call('alice', '/api/me/conversations', {})).status).toBe(400);
  });

  it('only customers start conversations, only with approved vendors', async () => {
    expect((await call('owner', '/api/me/conversations', { vendorId: ids.otherVendor })).status).toBe(403);
    expect((await call('alice', '/api/me/conversations', { vendorId: ids.pendingVendor })).status).toBe(404);
    expect((await call('alice', '/api/me/conversations', { vendorId: 'nope' })).status).toBe(404);
  });
});
