import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../../src/shared/schemas/payments.ts';
import type { OrderDetail } from '../../src/shared/schemas/orders.ts';
import {
  orders,
  payments,
  processorEvents,
  refunds,
  sandboxCharges,
} from '../../src/server/db/schema/index.ts';
import { heldForOrder, ledgerTotals } from '../../src/server/modules/ledger/index.ts';
import { applyProcessorEvent } from '../../src/server/modules/payments/events.ts';
import { askAboutUnknownOutcomes, claimSubmission } from '../../src/server/modules/payments/outcomes.ts';
import { reconciliation } from '../../src/server/modules/payments/reconciliation.ts';
import { recoverPayments } from '../../src/server/modules/payments/recovery.ts';
import type { SandboxProcessor } from '../../src/server/modules/payments/sandbox.ts';
import { sendPendingRefunds } from '../../src/server/modules/payments/refunds.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/**
 * Money exactly once (issue 22): two tabs, ten tabs, a crash between the processor's charge and our
 * books, a payment racing a cancellation and a poisoned event, on the sandbox processor. The Stripe
 * side (late successes, forged amounts, dated events) is in stripe-trust.test.ts.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Customer' };
let t: TestApp;
let vendorId = '';

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const owner = await createUser(t.database.db, { userType: 'vendor' });
  // Room for every order of this file on one day (capacity is checked again at payment).
  vendorId = (await createVendor(t.database.db, { userId: owner.id, ordersPerDay: 20 })).id;
});
afterAll(() => t.close());

let orderCount = 0;
/** A customer of their own (the card-attempt limit is per customer), signed in, with a pending order. */
async function customerWithOrder(amount = 12_345) {
  orderCount++;
  const user = await createUser(t.database.db);
  const cookie = await signIn(t.app, user.email);
  const order = await createPendingOrder(t.database.db, {
    customerId: user.id,
    vendorId,
    amount,
    createdAt: clock.now(),
    // Each on a day of its own, weeks away.
    deliveryDate: new Date(Date.parse('2027-01-15T18:00:00Z') + orderCount * 86_400_000),
  });
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const res = await t.app.request(path, {
      method,
      headers: {
        Cookie: cookie,
        Origin: 'http://localhost:3000',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as T & { error?: { message: string } } };
  };
  const actor = {
    id: user.id,
    email: user.email,
    name: 'C',
    userType: 'customer' as const,
    role: 'user',
  };
  return { user, actor, order, call };
}

const paymentsOf = (orderId: string) =>
  t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
const orderRow = async (orderId: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
/** What the sandbox (the processor) says it collected for this order's charges. */
const collectedByProcessor = async (orderId: string) => {
  const rows = await t.database.db
    .select({ amount: sandboxCharges.amount })
    .from(sandboxCharges)
    .where(
      and(eq(sandboxCharges.status, 'succeeded'), sql`${sandboxCharges.metadata} ->> 'orderId' = ${orderId}`),
    );
  return rows.reduce((sum, r) => sum + r.amount, 0);
};
const round = (now = clock.now()) =>
  recoverPayments({ db: t.database.db, processor: t.services.payments, now, log: t.services.log });

describe('ten tabs pay one order', () => {
  it('ten checkouts and ten confirmations at once, five times over: one payment, one charge, books = processor', async () => {
    for (let run = 0; run < 5; run++) {
      const { order, call } = await customerWithOrder(10_000 + run);
      const checkouts = await Promise.all(
        Array.from({ length: 10 }, () => call<Checkout>('POST', '/api/payments', { orderId: order.id })),
      );
      expect(checkouts.map((c) => c.status)).toEqual(Array(10).fill(200));
      // Every tab was given the same payment: the order has one.
      expect(new Set(checkouts.map((c) => c.body.paymentId)).size).toBe(1);
      expect(await paymentsOf(order.id)).toHaveLength(1);

      const paymentId = checkouts[0]!.body.paymentId;
      const confirmations = await Promise.all(
        Array.from({ length: 10 }, () =>
          call<Checkout>('POST', `/api/payments/${paymentId}/sandbox-confirmation`, GOOD_CARD),
        ),
      );
      // One card went to the processor; the other tabs were told it was being (or had been) paid.
      expect(confirmations.filter((c) => c.status === 200)).toHaveLength(1);
      for (const refused of confirmations.filter((c) => c.status !== 200)) expect(refused.status).toBe(409);
      expect(await collectedByProcessor(order.id)).toBe(10_000 + run);
      expect(await heldForOrder(t.database.db, order.id)).toBe(10_000 + run);
      expect((await orderRow(order.id)).status).toBe('paid');
    }
    const report = await reconciliation({
      db: t.database.db,
      processor: t.services.payments,
      now: clock.now(),
      log: t.services.log,
    });
    expect(report.checks.every((c) => c.matches)).toBe(true);
  });

  it('the database itself refuses a second open checkout payment for one order and purpose', async () => {
    const { order, call } = await customerWithOrder(8_100);
    await call('POST', '/api/payments', { orderId: order.id });
    const second = t.database.db.insert(payments).values({
      id: crypto.randomUUID(),
      orderId: order.id,
      provider: 'sandbox',
      amount: 8_100,
      purpose: 'full',
    });
    await expect(second).rejects.toThrow();
    // A closed attempt (declined) leaves room for the next one.
    await t.database.db.update(payments).set({ status: 'failed' }).where(eq(payments.orderId, order.id));
    const next = await call<Checkout>('POST', '/api/payments', { orderId: order.id });
    expect(next.status).toBe(200);
    expect(await paymentsOf(order.id)).toHaveLength(2);
  });
});

describe('a crash between the processor’s charge and our books', () => {
  /** What a process did before it was killed: the card went to the sandbox, which charged it; nothing recorded. */
  async function chargedThenCrashed() {
    const world = await customerWithOrder(9_900);
    const checkout = await world.call<Checkout>('POST', '/api/payments', { orderId: world.order.id });
    const [payment] = await paymentsOf(world.order.id);
    expect(
      await claimSubmission(t.database.db, {
        paymentId: payment!.id,
        status: 'requires_payment',
        now: clock.now(),
      }),
    ).toBe(true);
    await (t.services.payments as SandboxProcessor).confirmCard(payment!.providerRef!, '4242424242424242');
    return { ...world, paymentId: checkout.body.paymentId };
  }

  it('the customer opening the order sees it paid at once, never unpaid, and the card is not asked for again', async () => {
    const { order, call, paymentId } = await chargedThenCrashed();
    const detail = await call<OrderDetail>('GET', `/api/orders/${order.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: 'paid', paymentConfirming: false, heldCents: 9_900 });
    // The second tab still on the card form is told, and charges nothing.
    const again = await call<Checkout>('POST', `/api/payments/${paymentId}/sandbox-confirmation`, GOOD_CARD);
    expect(again.status).toBe(409);
    expect(await collectedByProcessor(order.id)).toBe(9_900);
    expect(await heldForOrder(t.database.db, order.id)).toBe(9_900);
  });

  it('the checkout, opened again, is asked about first: paid, not a second payment', async () => {
    const { order, call } = await chargedThenCrashed();
    const reopened = await call<Checkout>('POST', '/api/payments', { orderId: order.id });
    expect(reopened.status).toBe(409);
    expect(reopened.body.error?.message).toBe('This order is already paid.');
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('on start-up every payment left with the processor is asked about before anyone looks', async () => {
    const { order } = await chargedThenCrashed();
    const declined = await customerWithOrder(4_400);
    await declined.call('POST', '/api/payments', { orderId: declined.order.id });
    const [open] = await paymentsOf(declined.order.id);
    await claimSubmission(t.database.db, {
      paymentId: open!.id,
      status: 'requires_payment',
      now: clock.now(),
    });
    await (t.services.payments as SandboxProcessor).confirmCard(open!.providerRef!, '4000000000000002');

    const { asked } = await askAboutUnknownOutcomes({
      db: t.database.db,
      processor: t.services.payments,
      now: clock.now(),
      log: t.services.log,
    });
    expect(asked).toBeGreaterThanOrEqual(2);
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await heldForOrder(t.database.db, order.id)).toBe(9_900);
    // The declined one is over, with the sandbox's reason, and the order can be paid with another card.
    expect((await paymentsOf(declined.order.id))[0]).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
      submittedAt: null,
    });
    expect((await orderRow(declined.order.id)).status).toBe('pending');
  });

  it('a late failure for an earlier attempt does not hide the charge: start-up still asks and finds it', async () => {
    const { order, paymentId } = await chargedThenCrashed();
    const [payment] = await paymentsOf(order.id);
    // The processor's retry of an old decline arrives after the crash, before anyone looked.
    await applyProcessorEvent({
      db: t.database.db,
      provider: 'sandbox',
      event: {
        id: `evt_${paymentId}_late`,
        type: 'payment.failed',
        paymentRef: payment!.providerRef!,
        message: 'Old',
      },
      now: clock.now(),
      log: t.services.log,
    });
    await askAboutUnknownOutcomes({
      db: t.database.db,
      processor: t.services.payments,
      now: clock.now(),
      log: t.services.log,
    });
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await heldForOrder(t.database.db, order.id)).toBe(await collectedByProcessor(order.id));
  });

  it('while the processor has not answered, the customer is told the payment is being confirmed', async () => {
    const { order, call } = await customerWithOrder(5_000);
    const checkout = await call<Checkout>('POST', '/api/payments', { orderId: order.id });
    const [payment] = await paymentsOf(order.id);
    // The card went out; the process died before the sandbox answered (nothing charged yet).
    await claimSubmission(t.database.db, {
      paymentId: payment!.id,
      status: 'requires_payment',
      now: clock.now(),
    });
    const [row] = await t.database.db
      .select({ submittedAt: payments.submittedAt })
      .from(payments)
      .where(eq(payments.id, checkout.body.paymentId));
    expect(row!.submittedAt).not.toBeNull();
    // Asked: nothing reached the processor, so the claim goes and the card form is back.
    const reopened = await call<Checkout>('POST', '/api/payments', { orderId: order.id });
    expect(reopened.body).toMatchObject({ status: 'requires_payment', confirming: false, refund: null });
    const paid = await call<Checkout>(
      'POST',
      `/api/payments/${reopened.body.paymentId}/sandbox-confirmation`,
      GOOD_CARD,
    );
    expect(paid.body).toMatchObject({ status: 'succeeded', confirming: false, refund: null });
  });
});

describe('paying while the order is cancelled', () => {
  it('the confirmation says what is true: cancelled, and the whole payment on its way back', async () => {
    const { order, call } = await customerWithOrder(7_777);
    const checkout = await call<Checkout>('POST', '/api/payments', { orderId: order.id });
    const [pay, cancel] = await Promise.all([
      call<Checkout>('POST', `/api/payments/${checkout.body.paymentId}/sandbox-confirmation`, GOOD_CARD),
      call<OrderDetail>('POST', `/api/orders/${order.id}/transitions`, {
        action: 'cancel',
        note: 'Plans changed',
      }),
    ]);
    expect(pay.status).toBe(200);
    expect(cancel.status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    // Whichever came first, the answer was made after the payment was recorded: if the order was
    // cancelled by then, it says so, with what is coming back (all of it: the event is weeks away).
    expect(pay.body.status).toBe('succeeded');
    const owed = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(owed.reduce((s, r) => s + r.amount, 0)).toBe(7_777);
    if (pay.body.refund) expect(pay.body.refund).toEqual({ reason: 'order_cancelled', amountCents: 7_777 });
    expect(await heldForOrder(t.database.db, order.id)).toBe(0);
  });

  it('a card that goes through after the cancellation: refunded in full, and the page says so', async () => {
    const { order, call } = await customerWithOrder(6_500);
    const checkout = await call<Checkout>('POST', '/api/payments', { orderId: order.id });
    const cancelled = await call('POST', `/api/orders/${order.id}/transitions`, {
      action: 'cancel',
      note: 'No',
    });
    expect(cancelled.status).toBe(200);
    const pay = await call<Checkout>(
      'POST',
      `/api/payments/${checkout.body.paymentId}/sandbox-confirmation`,
      GOOD_CARD,
    );
    expect(pay.status).toBe(200);
    expect(pay.body).toMatchObject({
      status: 'succeeded',
      refund: { reason: 'order_cancelled', amountCents: 6_500 },
    });
  });
});

describe('a poisoned event', () => {
  it('is recorded with its failure and retried later, and recovery goes on with everything else', async () => {
    // An event whose payment arrives later (kept unapplied) …
    const waiting = await customerWithOrder(3_300);
    await waiting.call('POST', '/api/payments', { orderId: waiting.order.id });
    const [late] = await paymentsOf(waiting.order.id);
    const sandbox = t.services.payments as SandboxProcessor;
    const event = await sandbox.confirmCard(late!.providerRef!, '4242424242424242');
    // … and a stored event no code can apply (a payload an older version wrote), received first.
    const poisoned = await customerWithOrder(2_200);
    await poisoned.call('POST', '/api/payments', { orderId: poisoned.order.id });
    const [victim] = await paymentsOf(poisoned.order.id);
    await t.database.db.insert(processorEvents).values([
      {
        id: 'evt_poisoned',
        provider: 'sandbox',
        type: 'payment.succeeded',
        payload: {
          id: 'evt_poisoned',
          type: 'payment.succeeded',
          paymentRef: victim!.providerRef,
          amountCents: 'NaN',
        },
        receivedAt: new Date(clock.now().getTime() - 60_000),
      },
      { id: event.id, provider: 'sandbox', type: event.type, payload: { ...event }, receivedAt: clock.now() },
    ]);

    await round();
    const [stored] = await t.database.db
      .select()
      .from(processorEvents)
      .where(eq(processorEvents.id, 'evt_poisoned'));
    expect(stored).toMatchObject({ appliedAt: null, attempts: 1, error: 'not a processor event' });
    expect(stored!.nextTryAt!.getTime()).toBe(clock.now().getTime() + 60_000);
    // The good event behind it was applied in the same round.
    expect((await orderRow(waiting.order.id)).status).toBe('paid');
    // Not tried again before its time; then again, with a longer wait.
    await round();
    expect(
      (await t.database.db.select().from(processorEvents).where(eq(processorEvents.id, 'evt_poisoned')))[0],
    ).toMatchObject({ attempts: 1 });
    await round(new Date(clock.now().getTime() + 61_000));
    const [again] = await t.database.db
      .select()
      .from(processorEvents)
      .where(eq(processorEvents.id, 'evt_poisoned'));
    expect(again!.attempts).toBe(2);
    expect(again!.nextTryAt!.getTime()).toBe(clock.now().getTime() + 61_000 + 120_000);
    // Reconciliation lists it until it is applied.
    const report = await reconciliation({
      db: t.database.db,
      processor: t.services.payments,
      now: clock.now(),
      log: t.services.log,
    });
    expect(report.unappliedEvents.events.map((e) => e.id)).toContain('evt_poisoned');
    // Refunds are still sent by the rounds.
    expect(
      await sendPendingRefunds({
        db: t.database.db,
        processor: t.services.payments,
        now: clock.now(),
        log: t.services.log,
      }),
    ).toMatchObject({ failed: 0 });
    const totals = await ledgerTotals(t.database.db);
    expect(totals.collectedCents).toBeGreaterThan(0);
  });
});
