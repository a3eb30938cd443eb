import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationSplit } from '../../src/shared/cancellation.ts';
import {
  ledgerTransactions,
  orders,
  payments,
  refunds,
  userEvents,
} from '../../src/server/db/schema/index.ts';
import { heldForOrder, ledgerTotals } from '../../src/server/modules/ledger/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { chargeDueBalances } from '../../src/server/modules/payments/balance.ts';
import { recoverPayments } from '../../src/server/modules/payments/recovery.ts';
import { sendPendingRefunds } from '../../src/server/modules/payments/refunds.ts';
import { SAVED_CARD_UNUSABLE } from '../../src/server/modules/payments/stripe.ts';
import type { TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { intentOf, startStripeWorld, type StripeWorld } from '../support/stripe-world.ts';
import { createDepositOrder } from '../support/factories.ts';
import {
  AUTHENTICATION_REQUIRED_MESSAGE,
  DECLINED_MESSAGE,
  TEST_CARDS,
  type FakeStripe,
  type StripeEvent,
} from '../support/fake-stripe.ts';

/**
 * Deposit now, balance later, with Stripe (the sandbox's side is tests/integration/deposits.test.ts):
 * our whole app configured for Stripe and pointed at a Stripe-shaped server on loopback. The deposit
 * makes a Customer and saves the card on it; on its due day the balance is an off-session charge of
 * that card, declined or not; a cancellation refunds over both PaymentIntents.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let w: StripeWorld;
let fake: FakeStripe;
let t: TestApp;
let vendorId = '';
let vendorUserId = '';
let customerId = '';

beforeAll(async () => {
  w = await startStripeWorld(clock, { depositPercent: 50, balanceDueDays: 14, leadTimeDays: 1 });
  ({ fake, t, vendorId, vendorUserId, customerId } = w);
});
afterAll(() => w?.close());

const call = <T = unknown>(...args: Parameters<StripeWorld['call']>) => w.call<T>(...args);
const checkout = (orderId: string) => w.checkout(orderId);
const deliver = (event: StripeEvent) => w.deliver(event);
/** Every event Stripe sent about a PaymentIntent (its charge's included), delivered to Frosted. */
async function deliverAllAbout(intentId: string) {
  const about = fake.events.filter(
    (e) => e.data.object.id === intentId || e.data.object.payment_intent === intentId,
  );
  for (const event of about) expect((await deliver(event)).status).toBe(200);
  return about.map((e) => e.type);
}
const posts = (path: string, key?: string) =>
  fake.requests.filter(
    (r) => r.method === 'POST' && r.path === path && (key === undefined || r.idempotencyKey === key),
  );
const runJobs = () =>
  runDueJobs({ db: t.database.db, now: clock.now(), handlers: jobHandlers, log: t.services.log });
const chargeBalances = () =>
  chargeDueBalances({
    db: t.database.db,
    processor: t.services.payments,
    now: clock.now(),
    log: t.services.log,
  });
const orderRow = async (orderId: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const balancePayments = (orderId: string) =>
  t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'balance')));
const notified = async (userId: string, type: 'balance.charged' | 'balance.failed', orderId: string) =>
  (
    await t.database.db
      .select({ refs: userEvents.refs })
      .from(userEvents)
      .where(and(eq(userEvents.userId, userId), eq(userEvents.type, type)))
  ).filter((e) => e.refs.orderId === orderId);

/** An order accepted with a 50 % deposit: event in 30 days, balance due 14 days before. */
const depositOrder = (amount: number) =>
  createDepositOrder(t.database.db, { customerId, vendorId, amount, createdAt: clock.now() });

/** The deposit paid in the Payment Element with `card`, every event Stripe sends delivered. */
async function paidDeposit(amount: number, card: string = TEST_CARDS.succeeds) {
  const order = await depositOrder(amount);
  const { body } = await checkout(order.id);
  const intentId = intentOf(body);
  fake.confirm(intentId, card);
  if (card === TEST_CARDS.authenticate) fake.authenticate(intentId, true);
  await deliverAllAbout(intentId);
  const paid = await orderRow(order.id);
  expect(paid.status).toBe('paid');
  return { order: paid, intentId, methodId: paid.paymentMethodRef!, customerRef: paid.processorCustomerRef! };
}

/**
 * The due day, 09:00 Vancouver: the timer makes the balance's payment, the round charges it. A round
 * charges every balance due, so tests look at their own order's payments, not at the round's counts.
 */
async function dueDay(order: { balanceDueAt: Date | null }) {
  clock.set(order.balanceDueAt!);
  await runJobs();
  await chargeBalances();
}

describe('the deposit saves the card', () => {
  it('the checkout makes one Customer for the order and an intent set up for off-session use', async () => {
    const order = await depositOrder(30_001);
    const first = await checkout(order.id);
    expect(first).toMatchObject({ status: 200, body: { purpose: 'deposit', amount: 15_001 } });
    const [customerPost] = posts('/v1/customers', `customer:${order.id}`);
    expect(customerPost!.body).toEqual({ metadata: { orderId: order.id } });
    const made = [...fake.customers.values()].filter(
      (c) => (c.metadata as Record<string, string>).orderId === order.id,
    );
    expect(made).toHaveLength(1);
    const customer = made[0]!.id;
    expect(posts('/v1/payment_intents', `payment:${first.body.paymentId}`)[0]!.body).toEqual({
      amount: '15001',
      currency: 'cad',
      allowed_payment_method_types: { 0: 'card' },
      metadata: { paymentId: first.body.paymentId, orderId: order.id },
      transfer_group: `order:${order.id}`,
      customer,
      setup_future_usage: 'off_session',
    });
    expect((await orderRow(order.id)).processorCustomerRef).toBe(customer);

    // Reopened, the checkout looks its intent up: no second Customer, no second intent.
    const customersBefore = posts('/v1/customers').length;
    const intentsBefore = posts('/v1/payment_intents').length;
    expect((await checkout(order.id)).body.clientSecret).toBe(first.body.clientSecret);
    expect(posts('/v1/customers')).toHaveLength(customersBefore);
    expect(posts('/v1/payment_intents')).toHaveLength(intentsBefore);

    // Paid in the Payment Element: Stripe attaches the card to the Customer, Frosted keeps it.
    const intentId = intentOf(first.body);
    const events = fake.confirm(intentId, TEST_CARDS.succeeds);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['payment_method.attached', 'payment_intent.succeeded']),
    );
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    const methodId = fake.intents.get(intentId)!.payment_method as string;
    expect(methodId).toMatch(/^pm_/);
    expect(fake.paymentMethods.get(methodId)!.customer).toBe(customer);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'paid',
      paymentMethodRef: methodId,
      processorCustomerRef: customer,
    });
    expect(await heldForOrder(t.database.db, order.id)).toBe(15_001);
    const early = await checkout(order.id);
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toMatch(/^The balance is charged to your saved card on /);
  });
});

describe('a deposit finished by recovery', () => {
  it('keeps the card saved with it when its success webhook was lost, and the balance is charged to it', async () => {
    const order = await depositOrder(20_000);
    const { body } = await checkout(order.id);
    const intentId = intentOf(body);
    fake.confirm(intentId, TEST_CARDS.succeeds); // …and every webhook about it is lost.
    clock.advance(11 * 60_000);
    const recovered = await recoverPayments({
      db: t.database.db,
      processor: t.services.payments,
      now: clock.now(),
      log: t.services.log,
    });
    expect(recovered.paymentsRecovered).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'paid',
      paymentMethodRef: fake.intents.get(intentId)!.payment_method,
      processorCustomerRef: fake.intents.get(intentId)!.customer,
    });
    await dueDay(order);
    expect((await balancePayments(order.id)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await heldForOrder(t.database.db, order.id)).toBe(20_000);
  });
});

describe('the balance, off-session', () => {
  it('on its due day the balance is charged to the saved card, once; the ledger holds deposit and balance', async () => {
    const { order, methodId, customerRef } = await paidDeposit(30_001);
    clock.set(new Date(order.balanceDueAt!.getTime() - HOUR));
    await runJobs();
    await chargeBalances();
    expect(await balancePayments(order.id)).toEqual([]);

    await dueDay(order);
    const [balance] = await balancePayments(order.id);
    expect(balance).toMatchObject({
      status: 'succeeded',
      provider: 'stripe',
      offSession: true,
      amount: 15_000,
    });
    const sent = posts('/v1/payment_intents', `payment:${balance!.id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      amount: '15000',
      currency: 'cad',
      // Confirmed at once, with no return_url: a saved card off-session never redirects.
      allowed_payment_method_types: { 0: 'card' },
      customer: customerRef,
      payment_method: methodId,
      off_session: 'true',
      confirm: 'true',
      metadata: { paymentId: balance!.id, orderId: order.id },
      transfer_group: `order:${order.id}`,
    });
    expect(fake.intents.get(balance!.providerRef!)).toMatchObject({
      status: 'succeeded',
      amount_received: 15_000,
      customer: customerRef,
      payment_method: methodId,
    });
    const db = t.database.db;
    expect(await heldForOrder(db, order.id)).toBe(30_001);

    // Stripe's own webhooks for the charge come too: nothing moves twice.
    await deliverAllAbout(balance!.providerRef!);
    await runJobs();
    await chargeBalances();
    expect(posts('/v1/payment_intents', `payment:${balance!.id}`)).toHaveLength(1);
    const postings = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.orderId, order.id));
    expect(postings.map((p) => p.idempotencyKey).sort()).toEqual(
      [`payment:${balance!.id}`, `payment:${(await depositOf(order.id)).id}`].sort(),
    );
    expect(await heldForOrder(db, order.id)).toBe(30_001);
    expect(await notified(customerId, 'balance.charged', order.id)).toHaveLength(1);
    expect(await notified(vendorUserId, 'balance.charged', order.id)).toHaveLength(1);
    expect((await checkout(order.id)).body.error?.message).toBe('This order is already paid.');
  });

  it('a card that declines later: Stripe’s card error is a decline, the customer is told once and pays on-session', async () => {
    const { order, methodId } = await paidDeposit(20_000, TEST_CARDS.declinesLater);
    await dueDay(order);
    const [declined] = await balancePayments(order.id);
    // The intent named in Stripe's 402 is recorded, with its message.
    expect(declined).toMatchObject({ status: 'failed', failureMessage: DECLINED_MESSAGE, offSession: true });
    expect(fake.intents.get(declined!.providerRef!)).toMatchObject({
      status: 'requires_payment_method',
      amount_received: 0,
      payment_method: null,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        payment_method: { id: methodId },
      },
    });
    expect(await deliverAllAbout(declined!.providerRef!)).toContain('payment_intent.payment_failed');
    expect(await notified(customerId, 'balance.failed', order.id)).toHaveLength(1);
    expect(await heldForOrder(t.database.db, order.id)).toBe(10_000);
    // Later rounds do not charge the card again; the customer pays from the link.
    const offSessionPosts = posts('/v1/payment_intents').filter((r) => r.body.off_session).length;
    await runJobs();
    await chargeBalances();
    expect(posts('/v1/payment_intents').filter((r) => r.body.off_session)).toHaveLength(offSessionPosts);

    const link = await checkout(order.id);
    expect(link).toMatchObject({
      status: 200,
      body: { purpose: 'balance', amount: 10_000, status: 'requires_payment' },
    });
    const created = posts('/v1/payment_intents', `payment:${link.body.paymentId}`)[0]!.body;
    expect(created).toMatchObject({ amount: '10000', metadata: { paymentId: link.body.paymentId } });
    for (const field of ['customer', 'setup_future_usage', 'off_session', 'confirm', 'payment_method'])
      expect(created).not.toHaveProperty(field);
    fake.confirm(intentOf(link.body), TEST_CARDS.succeeds);
    await deliverAllAbout(intentOf(link.body));
    expect(await heldForOrder(t.database.db, order.id)).toBe(20_000);
    expect(await notified(customerId, 'balance.charged', order.id)).toHaveLength(1);
    expect(await notified(customerId, 'balance.failed', order.id)).toHaveLength(1);
    expect((await checkout(order.id)).body.error?.message).toBe('This order is already paid.');
  });

  it('a card whose bank asks for 3-D Secure is declined off-session, where nobody can answer', async () => {
    const { order } = await paidDeposit(8_000, TEST_CARDS.authenticate);
    await dueDay(order);
    const [declined] = await balancePayments(order.id);
    expect(declined).toMatchObject({ status: 'failed', failureMessage: AUTHENTICATION_REQUIRED_MESSAGE });
    expect(fake.intents.get(declined!.providerRef!)!.last_payment_error).toMatchObject({
      code: 'authentication_required',
    });
    expect(await notified(customerId, 'balance.failed', order.id)).toHaveLength(1);
    expect((await checkout(order.id)).body).toMatchObject({ purpose: 'balance', amount: 4_000 });
  });

  it('a round whose answer from Stripe was lost charges nothing more when retried: one key, one charge', async () => {
    const { order } = await paidDeposit(12_000);
    clock.set(order.balanceDueAt!);
    await runJobs();
    const [balance] = await balancePayments(order.id);
    const key = `payment:${balance!.id}`;
    const charges = () =>
      [...fake.intents.values()].filter(
        (pi) => (pi.metadata as Record<string, string>).paymentId === balance!.id,
      );
    // Stripe charges the card, but its answer is lost three times: the SDK's own two retries
    // included. The round gives up; the balance stays to charge.
    fake.dropNext('POST /v1/payment_intents', 3);
    await chargeBalances();
    expect(posts('/v1/payment_intents', key)).toHaveLength(3);
    expect(charges()).toHaveLength(1);
    expect(charges()[0]!.status).toBe('succeeded');
    expect((await balancePayments(order.id))[0]).toMatchObject({
      status: 'requires_payment',
      providerRef: null,
    });
    expect(await heldForOrder(t.database.db, order.id)).toBe(6_000);

    // A round straight after leaves it be; five minutes on, it asks again with the same key, and
    // Stripe answers with the first charge.
    await chargeBalances();
    expect(posts('/v1/payment_intents', key)).toHaveLength(3);
    clock.advance(5 * 60_000);
    await chargeBalances();
    expect(posts('/v1/payment_intents', key)).toHaveLength(4);
    expect(charges()).toHaveLength(1);
    expect((await balancePayments(order.id))[0]).toMatchObject({
      status: 'succeeded',
      providerRef: charges()[0]!.id,
    });
    expect(await heldForOrder(t.database.db, order.id)).toBe(12_000);
    await chargeBalances();
    expect(posts('/v1/payment_intents', key)).toHaveLength(4);
  });
});

describe('a saved card Stripe will not charge', () => {
  it('is not asked again: the balance fails at once and the customer pays from the link', async () => {
    const { order } = await paidDeposit(8_000);
    // The card was detached from its Customer since (by the customer's bank, say): Stripe knows it no more.
    await t.database.db.update(orders).set({ paymentMethodRef: 'pm_gone' }).where(eq(orders.id, order.id));
    await dueDay(order);
    expect(await balancePayments(order.id)).toMatchObject([
      { status: 'failed', failureMessage: SAVED_CARD_UNUSABLE, providerRef: null },
    ]);
    expect(await notified(customerId, 'balance.failed', order.id)).toHaveLength(1);
    const asked = posts('/v1/payment_intents').length;
    clock.advance(10 * 60_000);
    await chargeBalances();
    expect(posts('/v1/payment_intents')).toHaveLength(asked);
    expect((await checkout(order.id)).body).toMatchObject({ purpose: 'balance', amount: 4_000 });
  });
});

describe('refunds over both charges', () => {
  it('a cancellation refunds by the Terms on each PaymentIntent, the balance first, exact to the cent', async () => {
    const { order, intentId: depositIntent } = await paidDeposit(10_001);
    await dueDay(order);
    const [balance] = await balancePayments(order.id);
    expect(await heldForOrder(t.database.db, order.id)).toBe(10_001);

    // 30 hours before the event: the vendor's 50 % (Terms: between 48 and 24 hours).
    clock.set(new Date(order.deliveryDate!.getTime() - 30 * HOUR));
    const cancelled = await call('customer', 'POST', `/api/orders/${order.id}/transitions`, {
      action: 'cancel',
      note: 'Plans changed',
    });
    expect(cancelled.status).toBe(200);
    const split = cancellationSplit({
      amountCents: 10_001,
      deliveryAt: order.deliveryDate!,
      cancelledAt: clock.now(),
      by: 'customer',
      vendorRefundPercent: 50,
      serviceFeeRate: 0.08,
    })!;
    expect(split.refundCents).toBe(5_001);
    // Sent as the order is cancelled; the job round finds nothing left to send.
    const db = t.database.db;
    expect(
      await sendPendingRefunds({ db, processor: t.services.payments, now: clock.now(), log: t.services.log }),
    ).toEqual({ sent: 0, failed: 0 });

    const refundedOn = (intentId: string) =>
      [...fake.refunds.values()].filter((r) => r.payment_intent === intentId).map((r) => r.amount);
    expect(refundedOn(balance!.providerRef!)).toEqual([5_000]);
    expect(refundedOn(depositIntent)).toEqual([1]);
    const owed = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    for (const refund of owed) {
      const [sent] = posts('/v1/refunds', `refund:${refund.id}`);
      expect(sent!.body).toMatchObject({
        amount: String(refund.amount),
        metadata: { key: `refund:${refund.id}` },
      });
      expect(refund).toMatchObject({ status: 'succeeded', providerRef: expect.stringMatching(/^re_/) });
    }
    expect(owed.map((r) => r.amount).sort((a, b) => a - b)).toEqual([1, 5_000]);
  });
});

describe('Stripe, all told', () => {
  it('every POST carried an idempotency key, and Stripe’s balance agrees with the ledger', async () => {
    expect(fake.postsWithoutKey()).toEqual([]);
    const ledger = await ledgerTotals(t.database.db);
    expect(await t.services.payments.totals()).toEqual({
      collectedCents: ledger.collectedCents,
      refundedCents: ledger.refundedCents,
      paidOutCents: ledger.paidOutCents,
    });
  });
});

async function depositOf(orderId: string) {
  const [deposit] = await t.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'deposit')));
  return deposit!;
}
