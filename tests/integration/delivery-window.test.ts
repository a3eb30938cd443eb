import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../src/shared/schemas/orders.ts';
import type { VendorPayouts } from '../../src/shared/schemas/payments.ts';
import { jobs, orderEvents, orders } from '../../src/server/db/schema/index.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs, scheduleJob } from '../../src/server/modules/jobs/jobs.ts';
import { heldForOrder } from '../../src/server/modules/ledger/index.ts';
import {
  AUTO_COMPLETE_JOB,
  SYSTEM,
  autoCompleteJobKey,
  transitionOrder,
} from '../../src/server/modules/orders/transitions.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, createVendor, payOrder, signIn } from '../support/factories.ts';

/**
 * Issue 22, item 2: a vendor could walk a paid order to Delivered months before its event and have
 * the money released 24 h later. Mark Ready and Mark Delivered open at 00:00 Vancouver time on the day
 * before the delivery date; the system releases the funds only once the delivery day has ended.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
// Saturday April 24, 2027 at noon in Vancouver (UTC-7).
const EVENT = new Date('2027-04-24T19:00:00Z');
const WINDOW_OPENS = '2027-04-23T07:00:00Z'; // 00:00 on Friday April 23 in Vancouver
const DAY_ENDS = '2027-04-25T07:00:00Z'; // 00:00 on Sunday April 25 in Vancouver
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
});
afterAll(() => t.close());

/** A customer and a vendor of their own, signed in, with a paid order for the event. */
async function paidOrder() {
  const db = t.database.db;
  const customer = await createUser(db);
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id });
  const order = await createPendingOrder(db, {
    customerId: customer.id,
    vendorId: vendor.id,
    amount: 10_000,
    deliveryDate: EVENT,
    createdAt: clock.now(),
  });
  await payOrder({
    db,
    processor: t.services.payments,
    log: t.services.log,
    orderId: order.id,
    customer,
    vendorOwner: owner,
    now: clock.now(),
  });
  const cookie = await signIn(t.app, owner.email);
  const request = (method: string, path: string, body?: unknown) =>
    t.app.request(path, {
      method,
      headers: {
        Cookie: cookie,
        Origin: 'http://localhost:3000',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  const vendorDoes = (action: string) => request('POST', `/api/orders/${order.id}/transitions`, { action });
  return { order, cookie, request, vendorDoes };
}

const statusOf = async (id: string) =>
  (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

const run = () =>
  runDueJobs({ db: t.database.db, now: clock.now(), handlers: jobHandlers, log: t.services.log });

describe('the delivery window', () => {
  it('refuses Mark Ready and Mark Delivered months before the event, saying when they open', async () => {
    clock.set('2026-12-01T17:00:00Z');
    const { order, request, vendorDoes } = await paidOrder();
    expect((await vendorDoes('confirm')).status).toBe(200);
    expect((await vendorDoes('start')).status).toBe(200);

    const ready = await vendorDoes('markReady');
    expect(ready.status).toBe(409);
    expect(((await ready.json()) as { error: { message: string } }).error.message).toBe(
      'You can mark this order ready from Friday, April 23, 2027.',
    );
    expect(await statusOf(order.id)).toBe('in_progress');
    // The tracker is told the same, instead of a button that would be refused.
    const detail = (await (await request('GET', `/api/orders/${order.id}`)).json()) as OrderDetail;
    expect(detail.actions.find((a) => a.action === 'markReady')).toMatchObject({
      label: 'Mark Ready',
      notYet: 'You can mark this order ready from Friday, April 23, 2027.',
    });

    // One second before 00:00 on the day before, still refused; at 00:00 it opens.
    clock.set('2027-04-23T06:59:59Z');
    expect((await vendorDoes('markReady')).status).toBe(409);
    clock.set(WINDOW_OPENS);
    expect((await vendorDoes('markReady')).status).toBe(200);
    const opened = (await (await request('GET', `/api/orders/${order.id}`)).json()) as OrderDetail;
    expect(opened.actions.find((a) => a.action === 'deliver')).toMatchObject({ notYet: null });
  });

  it('refuses Mark Delivered on an order that is Ready before its window, however it got there', async () => {
    clock.set('2026-12-01T17:00:00Z');
    const { order, cookie } = await paidOrder();
    // Marked ready before this rule existed, say.
    await t.database.db.update(orders).set({ status: 'ready' }).where(eq(orders.id, order.id));
    const form = new FormData();
    form.set('expectedStatus', 'ready');
    const res = await t.app.request(`/api/orders/${order.id}/delivery`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'http://localhost:3000' },
      body: form,
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'You can mark this order delivered from Friday, April 23, 2027.',
    );
    expect(await statusOf(order.id)).toBe('ready');
  });
});

describe('the release of the held funds', () => {
  it('waits for the end of the delivery day even when delivered at the window’s first minute', async () => {
    clock.set('2026-12-01T17:00:00Z');
    const { order, request, vendorDoes } = await paidOrder();
    clock.set(WINDOW_OPENS);
    for (const action of ['confirm', 'start', 'markReady', 'deliver'])
      expect((await vendorDoes(action)).status, action).toBe(200);

    // The timer is set for the end of the delivery day, not 24 h after delivery.
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, autoCompleteJobKey(order.id)));
    expect(job).toMatchObject({ status: 'pending', runAt: new Date(DAY_ENDS) });
    // 24 h after delivery (the morning of the event) and a second before its day ends: nothing moves.
    for (const at of ['2027-04-24T07:00:00Z', '2027-04-25T06:59:59Z']) {
      clock.set(at);
      await run();
      expect(await statusOf(order.id), at).toBe('delivered');
      expect(await heldForOrder(t.database.db, order.id)).toBe(10_000);
      const payout = await request('POST', '/api/me/payouts');
      expect(payout.status).toBe(409);
      const money = (await (await request('GET', '/api/me/payouts')).json()) as VendorPayouts;
      expect(money).toMatchObject({ heldCents: 10_000, availableCents: 0 });
    }

    clock.set(DAY_ENDS);
    await run();
    expect(await statusOf(order.id)).toBe('completed');
    expect(await heldForOrder(t.database.db, order.id)).toBe(0);
    // Released less the 8 % fee, and now the vendor can pay it out.
    const payout = await request('POST', '/api/me/payouts');
    expect(payout.status).toBe(201);
    expect(((await payout.json()) as { amountCents: number }).amountCents).toBe(9_200);
  });

  it('never completes an order delivered months early by any path: the timer waits, the transition refuses', async () => {
    clock.set('2026-12-01T17:00:00Z');
    const { order, request } = await paidOrder();
    const db = t.database.db;
    // Delivered months ahead as the old rules allowed: the status, its event and a timer for 24 h later.
    await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    await db.insert(orderEvents).values({
      id: crypto.randomUUID(),
      orderId: order.id,
      seq: events.length + 1,
      action: 'deliver',
      fromStatus: 'ready',
      toStatus: 'delivered',
      party: 'vendor',
      createdAt: clock.now(),
    });
    await scheduleJob(db, {
      kind: AUTO_COMPLETE_JOB,
      key: autoCompleteJobKey(order.id),
      runAt: new Date('2026-12-02T17:00:00Z'),
      payload: { orderId: order.id },
    });

    clock.set('2026-12-02T17:00:00Z');
    expect(await run()).toMatchObject({ failed: 0 });
    expect(await statusOf(order.id)).toBe('delivered');
    expect(await heldForOrder(db, order.id)).toBe(10_000);
    // The timer moved itself to the end of the delivery day.
    const [job] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.key, autoCompleteJobKey(order.id)), eq(jobs.status, 'pending')));
    expect(job!.runAt).toEqual(new Date(DAY_ENDS));
    // Nor does the transition itself complete it early, whoever asks.
    const early = await transitionOrder(db, {
      orderId: order.id,
      action: 'autoComplete',
      by: SYSTEM,
      now: clock.now(),
    }).catch((e: unknown) => e);
    expect(early).toMatchObject({ status: 409 });
    expect((await request('POST', '/api/me/payouts')).status).toBe(409);

    clock.set(DAY_ENDS);
    await run();
    expect(await statusOf(order.id)).toBe('completed');
  });
});
