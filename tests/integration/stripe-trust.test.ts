import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../src/shared/schemas/orders.ts';
import { orders, payments, processorEvents, refunds } from '../../src/server/db/schema/index.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { heldForOrder, ledgerTotals } from '../../src/server/modules/ledger/index.ts';
import { chargeDueBalances } from '../../src/server/modules/payments/balance.ts';
import { reconciliation } from '../../src/server/modules/payments/reconciliation.ts';
import { sendPendingRefunds } from '../../src/server/modules/payments/refunds.ts';
import type { TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createDepositOrder, createPendingOrder } from '../support/factories.ts';
import { TEST_CARDS, type FakeStripe, type StripeEvent } from '../support/fake-stripe.ts';
import { intentOf, startStripeWorld, type StripeWorld } from '../support/stripe-world.ts';

/**
 * Money exactly once with Stripe (issue 22), against a Stripe-shaped server on loopback: a success
 * that arrives for what another payment already paid is refunded in full by the system; an event
 * whose amount or currency is not the payment's is flagged, never applied; an event dated in the
 * future is refused like a stale one; a lost webhook is asked about when the customer looks.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
let w: StripeWorld;
let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  w = await startStripeWorld(clock, { depositPercent: 50, balanceDueDays: 14, leadTimeDays: 1 });
  ({ fake, t } = w);
});
afterAll(() => w?.close());

const db = () => t.database.db;
const log = () => t.services.log;
const orderRow = async (orderId: string) =>
  (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
const ofType = (events: StripeEvent[], type: string) => events.find((e) => e.type === type)!;
const deliverAll = async (events: StripeEvent[]) => {
  for (const event of events) expect((await w.deliver(event)).status).toBe(200);
};
const sendRefunds = () =>
  sendPendingRefunds({ db: db(), processor: t.services.payments, now: clock.now(), log: log() });
const report = () =>
  reconciliation({ db: db(), processor: t.services.payments, now: clock.now(), log: log() });

async function pendingOrder(amount: number) {
  return createPendingOrder(db(), {
    customerId: w.customerId,
    vendorId: w.vendorId,
    amount,
    createdAt: clock.now(),
    deliveryDate: new Date(clock.now().getTime() + 30 * 86_400_000),
  });
}

describe('a second success for what is already paid', () => {
  it('is posted and refunded in full, the order keeps one payment, and the books agree with Stripe', async () => {
    // A deposit paid with a card whose bank asks for 3-D Secure: the balance, charged off-session on
    // its due day, is declined (nobody is there to answer) and the customer pays it from the link.
    const order = await createDepositOrder(db(), {
      customerId: w.customerId,
      vendorId: w.vendorId,
      amount: 8_000,
      createdAt: clock.now(),
    });
    const deposit = await w.checkout(order.id);
    fake.confirm(intentOf(deposit.body), TEST_CARDS.authenticate);
    await deliverAll(fake.authenticate(intentOf(deposit.body), true));
    clock.set(order.balanceDueAt!);
    await runDueJobs({ db: db(), now: clock.now(), handlers: jobHandlers, log: log() });
    await chargeDueBalances({ db: db(), processor: t.services.payments, now: clock.now(), log: log() });
    const [offSession] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.offSession, true)));
    expect(offSession!.status).toBe('failed');
    const link = await w.checkout(order.id);
    expect(link.body).toMatchObject({ purpose: 'balance', amount: 4_000 });
    await deliverAll(fake.confirm(intentOf(link.body), TEST_CARDS.succeeds));
    expect(await heldForOrder(db(), order.id)).toBe(8_000);

    // Later, the customer also answers the bank's e-mail about the declined charge: Stripe takes it.
    await deliverAll(fake.authenticate(offSession!.providerRef!, true));
    const [late] = await db().select().from(payments).where(eq(payments.id, offSession!.id));
    expect(late!.status).toBe('duplicate');
    // Held for the order: still exactly the order, not 12,000.
    expect(await heldForOrder(db(), order.id)).toBe(8_000);
    const owed = await db().select().from(refunds).where(eq(refunds.paymentId, offSession!.id));
    expect(owed.map((r) => r.amount)).toEqual([4_000]);
    expect(await sendRefunds()).toMatchObject({ sent: 1, failed: 0 });
    expect(fake.refunds.get([...fake.refunds.keys()].at(-1)!)).toMatchObject({
      payment_intent: offSession!.providerRef,
      amount: 4_000,
    });
    const r = await report();
    expect(r.checks.every((c) => c.matches)).toBe(true);
    expect(r.unappliedEvents.total).toBe(0);
  });
});

describe('an event that is not the payment it names', () => {
  it('a correctly signed success for 1¢ in USD is recorded and flagged for an admin, never applied', async () => {
    const order = await pendingOrder(10_000);
    const { body } = await w.checkout(order.id);
    const intentId = intentOf(body);
    const real = ofType(fake.confirm(intentId, TEST_CARDS.succeeds), 'payment_intent.succeeded');
    const forged: StripeEvent = {
      ...real,
      id: 'evt_forged_amount',
      data: { object: { ...real.data.object, amount_received: 1, amount: 1, currency: 'usd' } },
    };
    expect((await w.deliver(forged)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending' });
    expect(await heldForOrder(db(), order.id)).toBe(0);
    const [stored] = await db().select().from(processorEvents).where(eq(processorEvents.id, forged.id));
    expect(stored!.appliedAt).toBeNull();
    expect(stored!.flaggedAt).not.toBeNull();
    expect(stored!.error).toBe(
      'The processor reports 1 usd for a payment of 10000 cad: not applied; an admin must check it.',
    );
    // Delivered again, still not applied; the admin's reconciliation lists it.
    expect((await w.deliver(forged)).status).toBe(200);
    expect((await report()).unappliedEvents.events.map((e) => e.id)).toContain(forged.id);
    // The real event still pays the order.
    expect((await w.deliver(real)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid' });
    expect(await heldForOrder(db(), order.id)).toBe(10_000);
  });

  it('an event signed an hour in the future is refused like a stale one', async () => {
    const order = await pendingOrder(4_200);
    const { body } = await w.checkout(order.id);
    const event = ofType(fake.confirm(intentOf(body), TEST_CARDS.succeeds), 'payment_intent.succeeded');
    const future = await w.deliver(event, { timestamp: Math.floor(clock.now().getTime() / 1000) + 3600 });
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('not signed by Stripe') },
    });
    expect(await db().select().from(processorEvents).where(eq(processorEvents.id, event.id))).toEqual([]);
    // Four minutes ahead (clocks drift) is within Stripe's tolerance.
    const drift = await w.deliver(event, { timestamp: Math.floor(clock.now().getTime() / 1000) + 240 });
    expect(drift.status).toBe(200);
  });
});

describe('a webhook that never arrives', () => {
  it('the customer back from Stripe sees the order paid at once, not unpaid for ten minutes', async () => {
    const order = await pendingOrder(6_600);
    const { body } = await w.checkout(order.id);
    // The Payment Element tells Frosted first, then confirms with Stripe; every webhook is lost.
    expect((await w.call('customer', 'POST', `/api/payments/${body.paymentId}/submitted`)).status).toBe(200);
    fake.confirm(intentOf(body), TEST_CARDS.succeeds);
    const seen = await w.call<OrderDetail>('customer', 'GET', `/api/orders/${order.id}`);
    expect(seen.body).toMatchObject({ status: 'paid', paymentConfirming: false, heldCents: 6_600 });
    // Someone else's payment is not theirs to mark.
    expect((await w.call('vendor', 'POST', `/api/payments/${body.paymentId}/submitted`)).status).toBe(403);
    const totals = await ledgerTotals(db());
    expect(totals.heldCents).toBeGreaterThanOrEqual(6_600);
  });

  it('a card Stripe declined in the browser is not shown as being confirmed', async () => {
    const order = await pendingOrder(5_500);
    const { body } = await w.checkout(order.id);
    await w.call('customer', 'POST', `/api/payments/${body.paymentId}/submitted`);
    fake.confirm(intentOf(body), TEST_CARDS.declined);
    const seen = await w.call<OrderDetail>('customer', 'GET', `/api/orders/${order.id}`);
    expect(seen.body).toMatchObject({ status: 'pending', paymentConfirming: false });
    const again = await w.checkout(order.id);
    expect(again.body).toMatchObject({ status: 'failed', confirming: false, paymentId: body.paymentId });
  });
});

describe("reconciliation against Stripe's balance", () => {
  it('lists only what was made since its last look, and its totals still match the ledger', async () => {
    const listings = () =>
      fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/balance_transactions');
    const pay = async (amount: number) => {
      const order = await pendingOrder(amount);
      const checkout = await w.checkout(order.id);
      await deliverAll(fake.confirm(intentOf(checkout.body), TEST_CARDS.succeeds));
    };
    const matches = async () => (await report()).checks.map((c) => c.matches);

    await pay(5_000);
    const dayOne = Math.floor(clock.now().getTime() / 1000);
    expect(await matches()).toEqual([true, true, true]);
    // Two days on: more money, looked at twice.
    clock.advanceHours(49);
    await pay(7_000);
    expect(await matches()).toEqual([true, true, true]);
    const seen = listings().length;
    await pay(3_000);
    expect(await matches()).toEqual([true, true, true]);
    // That look asked for what was made since a day before the previous one, not for day one's.
    const asked = listings().slice(seen);
    expect(asked.length).toBeGreaterThan(0);
    for (const listing of asked) {
      const created = listing.query.created as { gte?: string } | undefined;
      expect(Number(created?.gte)).toBeGreaterThan(dayOne);
    }
    // Two admins looking at once, a day later: both right, and the next look too.
    clock.advanceHours(24);
    await pay(2_000);
    const both = await Promise.all([report(), report()]);
    expect(both.flatMap((r) => r.checks.map((c) => c.matches))).toEqual(Array(6).fill(true));
    expect(await matches()).toEqual([true, true, true]);
  });
});
