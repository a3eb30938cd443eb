import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../src/shared/contact-masking.ts';
import type { ConversationList, ConversationSummary } from '../../src/shared/schemas/messages.ts';
import type { CustomerDashboard } from '../../src/shared/schemas/dashboard.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import {
  createOrder,
  createPendingOrder,
  createUser,
  createVendor,
  quoteBriefFor,
  signIn,
} from '../support/factories.ts';

/*
 * Issue 24, items 5 and 7a: the conversation list's preview shows a message as its open thread does
 * (contact details masked until the customer has paid the vendor), and the customer's orders say
 * whether their date is a delivery or a pickup.
 */

const clock = manualClock('2026-12-01T17:00:00Z');
const DAY = 24 * 3_600_000;
let t: TestApp;
const cookie: Record<string, string> = {};
const ids = { nadia: '', birch: '', cedar: '' };

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const nadia = await createUser(db, { firstName: 'Nadia', lastName: 'Park' });
  const birchOwner = await createUser(db, { userType: 'vendor' });
  const cedarOwner = await createUser(db, { userType: 'vendor' });
  ids.nadia = nadia.id;
  ids.birch = (await createVendor(db, { userId: birchOwner.id, businessName: 'Birch Lane Bakery' })).id;
  ids.cedar = (await createVendor(db, { userId: cedarOwner.id, businessName: 'Cedar Crumb' })).id;
  cookie.nadia = await signIn(t.app, nadia.email);
  cookie.birch = await signIn(t.app, birchOwner.email);
  cookie.cedar = await signIn(t.app, cedarOwner.email);
});
afterAll(() => t.close());

const call = (who: string, path: string, json?: unknown) =>
  t.app.request(path, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { Cookie: cookie[who]!, 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });

/** Pays a pending order at the sandbox's checkout with a test card, as the customer would. */
async function pay(orderId: string) {
  const checkout = await call('nadia', '/api/payments', { orderId });
  expect(checkout.status).toBe(200);
  const { paymentId } = (await checkout.json()) as { paymentId: string };
  const paid = await call('nadia', `/api/payments/${paymentId}/sandbox-confirmation`, {
    number: '4242 4242 4242 4242',
    expiry: '12/29',
    cvc: '123',
  });
  expect(await paid.json()).toMatchObject({ status: 'succeeded' });
}

const pendingOrder = (vendorId: string) =>
  createPendingOrder(t.database.db, {
    customerId: ids.nadia,
    vendorId,
    amount: 12_000,
    deliveryDate: new Date(clock.now().getTime() + 14 * DAY),
    createdAt: clock.now(),
  });

async function conversationWith(vendorId: string) {
  const res = await call('nadia', '/api/me/conversations', { vendorId });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The last message of a conversation as `who` sees it in the list and in the open thread. */
async function lastSeen(who: string, id: string) {
  const list = (await (await call(who, '/api/me/conversations')).json()) as ConversationList;
  const summary = list.conversations.find((c: ConversationSummary) => c.id === id);
  const thread = (await (await call(who, `/api/me/conversations/${id}`)).json()) as {
    messages: { body: string }[];
  };
  return { preview: summary?.lastMessage?.body, thread: thread.messages.at(-1)?.body };
}

describe('the conversation list’s preview', () => {
  it('is masked before payment and shows the details once paid, on both sides, as the thread does', async () => {
    const order = await pendingOrder(ids.birch);
    const birch = await conversationWith(ids.birch);
    const cedar = await conversationWith(ids.cedar);
    await pendingOrder(ids.cedar);
    const vendorNote = 'Call me at 604-555-0142 or cakes@birchlane.ca';
    const customerNote = 'Text me at 604-555-0199';
    await call('birch', `/api/me/conversations/${birch}/messages`, { body: vendorNote });
    await call('cedar', `/api/me/conversations/${cedar}/messages`, { body: vendorNote });
    const masked = `Call me at ${MASK} or ${MASK}`;

    // Before payment: masked in the list and the thread alike.
    expect(await lastSeen('nadia', birch)).toEqual({ preview: masked, thread: masked });
    expect(await lastSeen('birch', birch)).toEqual({ preview: masked, thread: masked });

    await pay(order.id);

    // Paid: the customer reads the vendor's number in the list, as in the thread.
    expect(await lastSeen('nadia', birch)).toEqual({ preview: vendorNote, thread: vendorNote });
    // The vendor reads the customer's.
    await call('nadia', `/api/me/conversations/${birch}/messages`, { body: customerNote });
    expect(await lastSeen('birch', birch)).toEqual({ preview: customerNote, thread: customerNote });
    expect(await lastSeen('nadia', birch)).toEqual({ preview: customerNote, thread: customerNote });

    // Nadia's conversation with Cedar Crumb, whose order she has not paid, stays masked in both.
    expect(await lastSeen('nadia', cedar)).toEqual({ preview: masked, thread: masked });
    expect(await lastSeen('cedar', cedar)).toEqual({ preview: masked, thread: masked });

    // A new unpaid order with Birch Lane changes nothing: the pair has paid, so the thread shows the
    // details and the preview follows it.
    await pendingOrder(ids.birch);
    expect(await lastSeen('nadia', birch)).toEqual({ preview: customerNote, thread: customerNote });
  });
});

describe('the customer’s orders', () => {
  it('say whether the order is delivered or picked up', async () => {
    const db = t.database.db;
    const brief = quoteBriefFor(clock.now());
    const pickup = await createOrder(db, {
      customerId: ids.nadia,
      vendorId: ids.birch,
      brief: { ...brief, fulfillment: 'pickup' },
    });
    const delivery = await createOrder(db, {
      customerId: ids.nadia,
      vendorId: ids.birch,
      brief: { ...brief, fulfillment: 'delivery', deliveryAddress: '88 Granville St, Vancouver' },
    });
    const res = await call('nadia', '/api/me/dashboard/customer');
    expect(res.status).toBe(200);
    const { orders } = (await res.json()) as CustomerDashboard;
    expect(orders.find((o) => o.id === pickup.id)?.fulfillment).toBe('pickup');
    expect(orders.find((o) => o.id === delivery.id)?.fulfillment).toBe('delivery');
  });
});
