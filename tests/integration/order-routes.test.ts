import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../src/shared/schemas/orders.ts';
import { quoteBriefSchema } from '../../src/shared/schemas/quotes.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { SYSTEM, transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/** The order API as the browser uses it: detail with timeline, and status changes with their answers. */
const clock = manualClock('2026-12-01T17:00:00Z');
let t: TestApp;
let orderId: string;
let vendorId: string;
let customerId: string;
const cookies: Record<'customer' | 'vendor' | 'stranger', string> = {
  customer: '',
  vendor: '',
  stranger: '',
};
const SHOP_ADDRESS = '1180 Commercial Drive, Vancouver, BC V5L 3X3';

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db, { firstName: 'Maya', lastName: 'Chen' });
  customerId = customer.id;
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, {
    userId: owner.id,
    businessName: 'Crumb & Co',
    businessAddress: SHOP_ADDRESS,
  });
  vendorId = vendor.id;
  const order = await createPendingOrder(db, {
    customerId: customer.id,
    vendorId: vendor.id,
    amount: 18_500,
    // An evening event the same day (21:00 in Vancouver): the vendor can finish it today.
    deliveryDate: new Date('2026-12-02T04:00:00Z'),
    createdAt: clock.now(),
  });
  orderId = order.id;
  cookies.customer = await signIn(t.app, customer.email);
  cookies.vendor = await signIn(t.app, owner.email);
  cookies.stranger = await signIn(t.app, (await createUser(db)).email);
});
afterAll(() => t.close());

async function get(as: keyof typeof cookies, id = orderId) {
  const res = await t.app.request(`/api/orders/${id}`, { headers: { Cookie: cookies[as] } });
  expect(res.status).toBe(200);
  return (await res.json()) as OrderDetail;
}

function post(as: keyof typeof cookies, body: unknown, id = orderId) {
  return t.app.request(`/api/orders/${id}/transitions`, {
    method: 'POST',
    headers: { Cookie: cookies[as], 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
    body: JSON.stringify(body),
  });
}

describe('order API', () => {
  it('shows each side the order, its timeline and only the changes that side can make', async () => {
    clock.advanceHours(1);
    await transitionOrder(t.database.db, { orderId, action: 'pay', by: SYSTEM, now: clock.now() });
    const asCustomer = await get('customer');
    expect(asCustomer).toMatchObject({
      status: 'paid',
      viewer: 'customer',
      customerName: 'Maya Chen',
      amount: 18_500,
    });
    expect(asCustomer.actions).toEqual([
      { action: 'cancel', label: 'Cancel Order', needsReason: true, notYet: null },
    ]);
    expect(asCustomer.events.map((e) => [e.label, e.at])).toEqual([
      ['Order placed', '2026-12-01T17:00:00.000Z'],
      ['Payment received', '2026-12-01T18:00:00.000Z'],
    ]);
    const asVendor = await get('vendor');
    expect(asVendor.viewer).toBe('vendor');
    expect(asVendor.actions.map((a) => a.label)).toEqual(['Confirm Order', 'Cancel Order']);
  });

  it('lets the vendor move the order on step by step, each at the clock’s time', async () => {
    for (const [action, expectedStatus, status] of [
      ['confirm', 'paid', 'confirmed'],
      ['start', 'confirmed', 'in_progress'],
      ['markReady', 'in_progress', 'ready'],
    ] as const) {
      clock.advanceHours(2);
      const res = await post('vendor', { action, expectedStatus });
      expect(res.status, action).toBe(200);
      const body = (await res.json()) as OrderDetail;
      expect(body.status).toBe(status);
      expect(body.events.at(-1)!.at).toBe(clock.now().toISOString());
    }
  });

  it('answers a stale or out-of-order change with 409 in the error shape, and bad input with field messages', async () => {
    const stale = await post('vendor', { action: 'start', expectedStatus: 'confirmed' });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'This order has changed since you opened it: it is now Ready. Refresh to see the latest.',
      },
    });
    const bad = await post('vendor', { action: 'bake-faster' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(
      'action',
    );
    const customerTries = await post('customer', { action: 'deliver' });
    expect(customerTries.status).toBe(403);
    const tooLate = await post('customer', { action: 'cancel', note: 'Changed my mind' });
    expect(tooLate.status).toBe(409);
    const noReason = await post('vendor', { action: 'vendorCancel', note: '' });
    expect(noReason.status).toBe(409); // production has started: not even with a reason
  });

  it('completes 24 h after delivery when the clock passes it, and the customer then sees Completed', async () => {
    clock.advanceHours(3);
    const delivered = await post('vendor', { action: 'deliver', expectedStatus: 'ready' });
    expect(delivered.status).toBe(200);
    expect((await get('customer')).actions.map((a) => a.label)).toEqual(['I’m Satisfied']);
    clock.advanceHours(23);
    await runDueJobs({ db: t.database.db, now: clock.now(), handlers: jobHandlers, log: t.services.log });
    expect((await get('customer')).status).toBe('delivered');
    clock.advanceHours(1);
    await runDueJobs({ db: t.database.db, now: clock.now(), handlers: jobHandlers, log: t.services.log });
    const done = await get('customer');
    expect(done.status).toBe('completed');
    expect(done.actions).toEqual([]);
    expect(done.events.at(-1)).toMatchObject({
      label: 'Completed automatically: no claim within 24 hours of delivery',
      party: 'system',
      at: clock.now().toISOString(),
    });
  });

  it('shows the customer the vendor’s pickup address only once the ledger holds their payment', async () => {
    const db = t.database.db;
    const pickupOrder = async (fulfillment: 'pickup' | 'delivery') =>
      createPendingOrder(db, {
        customerId,
        vendorId,
        amount: 9_000,
        createdAt: clock.now(),
        deliveryDate: new Date('2026-12-20T20:00:00Z'),
        ...(fulfillment === 'delivery' && { deliveryAddress: '88 Granville St, Vancouver, BC V6C 1T2' }),
        brief: quoteBriefSchema.parse({
          occasion: 'Birthday',
          flavor: 'Lemon',
          size: '8 inch (8-10)',
          servings: 10,
          fulfillment,
          eventDate: '2026-12-20',
          ...(fulfillment === 'delivery' && { deliveryAddress: '88 Granville St, Vancouver, BC V6C 1T2' }),
        }),
      });
    // Paid as the customer pays: checkout, then the sandbox's test card.
    const pay = async (order: { id: string }) => {
      const checkout = await t.app.request('/api/payments', {
        method: 'POST',
        headers: {
          Cookie: cookies.customer,
          Origin: 'http://localhost:3000',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ orderId: order.id }),
      });
      const { paymentId } = (await checkout.json()) as { paymentId: string };
      const paid = await t.app.request(`/api/payments/${paymentId}/sandbox-confirmation`, {
        method: 'POST',
        headers: {
          Cookie: cookies.customer,
          Origin: 'http://localhost:3000',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ number: '4242 4242 4242 4242', expiry: '12/29', cvc: '123' }),
      });
      expect(paid.status).toBe(200);
    };
    // A status that says paid is not enough: the money must be in the ledger.
    const markedPaid = await pickupOrder('pickup');
    expect(await get('customer', markedPaid.id)).toMatchObject({
      fulfillment: 'pickup',
      pickupAddress: null,
    });
    await transitionOrder(db, { orderId: markedPaid.id, action: 'pay', by: SYSTEM, now: clock.now() });
    expect(await get('customer', markedPaid.id)).toMatchObject({ status: 'paid', pickupAddress: null });

    const pickup = await pickupOrder('pickup');
    await pay(pickup);
    expect(await get('customer', pickup.id)).toMatchObject({ status: 'paid', pickupAddress: SHOP_ADDRESS });
    // Cancelled with a full refund, the order is no longer paid: the address goes again.
    const cancelled = await post('customer', { action: 'cancel', note: 'Plans changed' }, pickup.id);
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as OrderDetail).pickupAddress).toBeNull();

    // A delivery order never shows it, paid or not.
    const delivery = await pickupOrder('delivery');
    await pay(delivery);
    expect(await get('customer', delivery.id)).toMatchObject({
      status: 'paid',
      fulfillment: 'delivery',
      pickupAddress: null,
      brief: { deliveryAddress: '88 Granville St, Vancouver, BC V6C 1T2' },
    });
  });

  it('opens the one conversation of the order’s customer and vendor for either of them, nobody else', async () => {
    const open = (as: keyof typeof cookies) =>
      t.app.request(`/api/orders/${orderId}/conversation`, {
        method: 'POST',
        headers: { Cookie: cookies[as], Origin: 'http://localhost:3000' },
      });
    const byVendor = await open('vendor');
    expect(byVendor.status).toBe(201);
    const { id } = (await byVendor.json()) as { id: string };
    const byCustomer = await open('customer');
    expect(((await byCustomer.json()) as { id: string }).id).toBe(id);
    expect((await open('stranger')).status).toBe(404);
    // The vendor can write in it at once.
    const sent = await t.app.request(`/api/me/conversations/${id}/messages`, {
      method: 'POST',
      headers: {
        Cookie: cookies.vendor,
        Origin: 'http://localhost:3000',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ body: 'Your cake is nearly ready!', orderId }),
    });
    expect(sent.status).toBe(201);
  });
});
