import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../../src/shared/schemas/payments.ts';
import { cancellationSplit } from '../../src/shared/cancellation.ts';
import {
  jobs,
  orders,
  payments,
  quotes,
  refunds,
  sandboxRefunds,
  userEvents,
} from '../../src/server/db/schema/index.ts';
import { heldForOrder, ledgerTotals } from '../../src/server/modules/ledger/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { chargeDueBalances } from '../../src/server/modules/payments/balance.ts';
import { sendPendingRefunds } from '../../src/server/modules/payments/refunds.ts';
import { BALANCE_NOT_PAID } from '../../src/server/modules/payments/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import {
  createQuoteFor,
  createDepositOrder,
  createUser,
  createVendor,
  signIn,
} from '../support/factories.ts';

/**
 * Deposit now, balance later: the plan made at acceptance, the deposit at checkout saving the card,
 * the balance charged on its due day (or paid from the link after a decline), the order cancelled
 * when it is still unpaid 48 hours before the event, and refunds exact across the two charges.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;
let vendorId = '';
let customerId = '';
let vendorUserId = '';
const cookies = { customer: '', vendor: '' };

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db);
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, {
    userId: owner.id,
    depositPercent: 50,
    balanceDueDays: 14,
    cancellationRefundPercent: 50,
    leadTimeDays: 1,
  });
  vendorId = vendor.id;
  vendorUserId = owner.id;
  customerId = customer.id;
  cookies.customer = await signIn(t.app, customer.email);
  cookies.vendor = await signIn(t.app, owner.email);
});
afterAll(() => t.close());

const call = (as: keyof typeof cookies, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: {
      Cookie: cookies[as],
      Origin: 'http://localhost:3000',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

type CheckoutBody = Checkout & { error?: { message: string } };

async function checkout(orderId: string) {
  const res = await call('customer', 'POST', '/api/payments', { orderId });
  return { status: res.status, body: (await res.json()) as CheckoutBody };
}

async function pay(orderId: string, number = '4242 4242 4242 4242') {
  const { body } = await checkout(orderId);
  const res = await call('customer', 'POST', `/api/payments/${body.paymentId}/sandbox-confirmation`, {
    number,
    expiry: '12/29',
    cvc: '123',
  });
  return (await res.json()) as CheckoutBody;
}

/** An order accepted with a 50 % deposit: event in `days` days, balance due 14 days before. */
const depositOrder = (amount: number, days = 30) =>
  createDepositOrder(t.database.db, { customerId, vendorId, amount, days, createdAt: clock.now() });

/** Whether the customer's dashboard offers to pay this order's balance. */
async function balanceToPay(orderId: string) {
  const res = await call('customer', 'GET', '/api/me/dashboard/customer');
  const { orders: list } = (await res.json()) as { orders: { id: string; balanceToPay: boolean }[] };
  return list.find((o) => o.id === orderId)?.balanceToPay;
}

const runJobs = () =>
  runDueJobs({ db: t.database.db, now: clock.now(), handlers: jobHandlers, log: t.services.log });
const chargeBalances = () =>
  chargeDueBalances({
    db: t.database.db,
    processor: t.services.payments,
    now: clock.now(),
    log: t.services.log,
  });
const statusOf = async (orderId: string) =>
  (await t.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.s;
const notified = async (userId: string, type: 'balance.charged' | 'balance.failed', orderId: string) =>
  (
    await t.database.db
      .select({ refs: userEvents.refs })
      .from(userEvents)
      .where(and(eq(userEvents.userId, userId), eq(userEvents.type, type)))
  ).filter((e) => e.refs.orderId === orderId);

describe('deposit now, balance later', () => {
  it('accepting a quote for an event far enough away takes the vendor’s deposit, and the checkout asks for it', async () => {
    const quote = await createQuoteFor(t.database.db, {
      vendorId,
      customerId,
      createdAt: clock.now(),
      firstResponseAt: clock.now(),
    });
    await t.database.db
      .update(quotes)
      .set({ priceCents: 40_001, deliveryFeeCents: 0, validUntil: new Date(clock.now().getTime() + 7 * DAY) })
      .where(eq(quotes.id, quote.id));
    const res = await call('customer', 'POST', `/api/quotes/${quote.id}/accept`, { revision: 1 });
    expect(res.status).toBe(201);
    const { orderId } = (await res.json()) as { orderId: string };
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    // The event is on June 1, 2027: the balance is due 14 days before, at 09:00 in Vancouver.
    // The terms as they were at acceptance: the deposit and the change cut-off (the vendor's 72 h).
    expect(order).toMatchObject({ amount: 40_001, depositCents: 20_001, changeCutoffHours: 72 });
    expect(order!.balanceDueAt!.toISOString()).toBe('2027-05-18T16:00:00.000Z');

    const { status, body } = await checkout(orderId);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      purpose: 'deposit',
      amount: 20_001,
      orderAmount: 40_001,
      balanceCents: 20_000,
      balanceDueAt: '2027-05-18T16:00:00.000Z',
    });
  });

  it('the deposit saves the card; on the due day the balance is charged to it, and the ledger holds both', async () => {
    const order = await depositOrder(30_001);
    const paid = await pay(order.id);
    expect(paid).toMatchObject({ status: 'succeeded', purpose: 'deposit', amount: 15_001 });
    expect(await statusOf(order.id)).toBe('paid');
    expect(await heldForOrder(t.database.db, order.id)).toBe(15_001);
    // Paid, the order's balance is not due yet: nothing to pay now.
    const early = await checkout(order.id);
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toMatch(/^The balance is charged to your saved card on /);

    // The day before: nothing is charged.
    clock.set(new Date(order.balanceDueAt!.getTime() - HOUR));
    await runJobs();
    expect((await chargeBalances()).charged).toBe(0);
    // The due day, 09:00.
    clock.set(order.balanceDueAt!);
    await runJobs();
    expect(await chargeBalances()).toEqual({ charged: 1, declined: 0, failed: 0 });
    // Another round charges nothing more.
    await runJobs();
    expect(await chargeBalances()).toEqual({ charged: 0, declined: 0, failed: 0 });
    expect(await heldForOrder(t.database.db, order.id)).toBe(30_001);
    const charged = await t.database.db
      .select({ purpose: payments.purpose, amount: payments.amount, status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(charged.filter((p) => p.status === 'succeeded').sort((a, b) => a.amount - b.amount)).toEqual([
      { purpose: 'balance', amount: 15_000, status: 'succeeded' },
      { purpose: 'deposit', amount: 15_001, status: 'succeeded' },
    ]);
    expect(await notified(customerId, 'balance.charged', order.id)).toHaveLength(1);
    expect(await notified(vendorUserId, 'balance.charged', order.id)).toHaveLength(1);
    expect((await checkout(order.id)).body.error?.message).toBe('This order is already paid.');
  });

  it('a declined balance tells the customer, who pays it from the link; the order can be delivered only then', async () => {
    const order = await depositOrder(20_000);
    // Pays at checkout, is saved, and declines later (like Stripe's 4000 0000 0000 0341).
    expect((await pay(order.id, '4000 0000 0000 0341')).status).toBe('succeeded');
    for (const action of ['confirm', 'start'])
      expect((await call('vendor', 'POST', `/api/orders/${order.id}/transitions`, { action })).status).toBe(
        200,
      );

    clock.set(order.balanceDueAt!);
    await runJobs();
    expect(await chargeBalances()).toEqual({ charged: 0, declined: 1, failed: 0 });
    expect(await notified(customerId, 'balance.failed', order.id)).toHaveLength(1);
    expect(await heldForOrder(t.database.db, order.id)).toBe(10_000);

    // The day before the event, before the deadline's timer has run (a poller running late): the
    // delivery window is open, so the cake can be marked ready, but not delivered while the balance is unpaid.
    clock.set(new Date(order.deliveryDate!.getTime() - 24 * HOUR));
    expect(
      (await call('vendor', 'POST', `/api/orders/${order.id}/transitions`, { action: 'markReady' })).status,
    ).toBe(200);
    const deliver = await call('vendor', 'POST', `/api/orders/${order.id}/transitions`, {
      action: 'deliver',
    });
    expect(deliver.status).toBe(409);
    expect(((await deliver.json()) as { error: { message: string } }).error.message).toBe(BALANCE_NOT_PAID);

    // The customer's order list offers the link; the checkout now asks for the balance.
    expect(await balanceToPay(order.id)).toBe(true);
    const link = await checkout(order.id);
    expect(link.body).toMatchObject({ purpose: 'balance', amount: 10_000 });
    expect((await pay(order.id)).status).toBe('succeeded');
    expect(await heldForOrder(t.database.db, order.id)).toBe(20_000);
    expect(await balanceToPay(order.id)).toBe(false);
    expect(
      (await call('vendor', 'POST', `/api/orders/${order.id}/transitions`, { action: 'deliver' })).status,
    ).toBe(200);
  });

  it('a balance still unpaid 48 hours before the event cancels the order, and the deposit goes back under the Terms', async () => {
    const order = await depositOrder(12_345);
    await pay(order.id, '4000 0000 0000 0341');
    clock.set(order.balanceDueAt!);
    await runJobs();
    await chargeBalances();
    expect(await statusOf(order.id)).toBe('paid');
    // In production early: still waiting for the balance, and cancelled all the same. (It can't be
    // Ready yet: Mark Ready opens the day before the event, after this deadline.)
    for (const action of ['confirm', 'start'])
      expect((await call('vendor', 'POST', `/api/orders/${order.id}/transitions`, { action })).status).toBe(
        200,
      );

    clock.set(new Date(order.deliveryDate!.getTime() - 48 * HOUR - 1));
    await runJobs();
    expect(await statusOf(order.id)).toBe('in_progress');
    clock.set(new Date(order.deliveryDate!.getTime() - 48 * HOUR));
    await runJobs();
    expect(await statusOf(order.id)).toBe('cancelled');
    expect(await heldForOrder(t.database.db, order.id)).toBe(0);
    const owed = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(owed.map((r) => r.amount)).toEqual([6_173]);
    // No balance is charged after that.
    expect(
      await t.database.db
        .select({ status: jobs.status })
        .from(jobs)
        .where(eq(jobs.key, `order:${order.id}:chargeBalance`)),
    ).toEqual([{ status: 'done' }]);
  });

  it('a balance due but not yet charged is never charged once its order is cancelled', async () => {
    const order = await depositOrder(9_000);
    await pay(order.id);
    clock.set(order.balanceDueAt!);
    await runJobs(); // the balance's payment is written; the round has not charged it yet
    const res = await call('customer', 'POST', `/api/orders/${order.id}/transitions`, {
      action: 'cancel',
      note: 'Plans changed',
    });
    expect(res.status).toBe(200);
    expect(await chargeBalances()).toEqual({ charged: 0, declined: 0, failed: 0 });
    expect(
      await t.database.db
        .select({ status: payments.status })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'balance'))),
    ).toEqual([{ status: 'failed' }]);
    expect(await heldForOrder(t.database.db, order.id)).toBe(0);
  });

  it('a cancellation refunds by the Terms over deposit and balance together, exact to the cent, newest charge first', async () => {
    const order = await depositOrder(10_001);
    await pay(order.id);
    clock.set(order.balanceDueAt!);
    await runJobs();
    await chargeBalances();
    expect(await heldForOrder(t.database.db, order.id)).toBe(10_001);

    // 30 hours before the event: the vendor's 50 % (Terms: between 48 and 24 hours).
    clock.set(new Date(order.deliveryDate!.getTime() - 30 * HOUR));
    const res = await call('customer', 'POST', `/api/orders/${order.id}/transitions`, {
      action: 'cancel',
      note: 'Plans changed',
    });
    expect(res.status).toBe(200);
    const expected = cancellationSplit({
      amountCents: 10_001,
      deliveryAt: order.deliveryDate!,
      cancelledAt: clock.now(),
      by: 'customer',
      vendorRefundPercent: 50,
      serviceFeeRate: 0.08,
    })!;
    expect(expected.refundCents).toBe(5_001);
    const owed = await t.database.db
      .select({ amount: refunds.amount, purpose: payments.purpose })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.orderId, order.id));
    // The balance (5,000) first, then one cent of the deposit.
    expect(owed.sort((a, b) => b.amount - a.amount)).toEqual([
      { amount: 5_000, purpose: 'balance' },
      { amount: 1, purpose: 'deposit' },
    ]);
    await sendPendingRefunds({
      db: t.database.db,
      processor: t.services.payments,
      now: clock.now(),
      log: t.services.log,
    });
    const sent = await t.database.db.select({ amount: sandboxRefunds.amount }).from(sandboxRefunds);
    expect(sent.map((s) => s.amount)).toEqual(expect.arrayContaining([5_000, 1]));
    const totals = await ledgerTotals(t.database.db);
    expect(await t.services.payments.totals()).toMatchObject({
      collectedCents: totals.collectedCents,
      refundedCents: totals.refundedCents,
    });
  });
});
