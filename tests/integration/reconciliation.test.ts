import { describe, expect, it, onTestFinished } from 'vitest';
import { type Reconciliation, reconciliationSchema } from '../../src/shared/schemas/reconciliation.ts';
import { sandboxCharges } from '../../src/server/db/schema/index.ts';
import type { Actor } from '../../src/server/actor.ts';
import { recordPayment, vendorBalances } from '../../src/server/modules/ledger/index.ts';
import { openClaim } from '../../src/server/modules/payments/claims.ts';
import { applyProcessorEvent } from '../../src/server/modules/payments/events.ts';
import { createTestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createOrder, createPendingOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/**
 * The admins' reconciliation over HTTP. It sums every cent the platform ever moved, so each test
 * builds a world of its own: nothing another test paid can show up in its figures.
 */
const HOUR = 3_600_000;

async function world() {
  const clock = manualClock('2026-12-01T17:00:00Z');
  const t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  onTestFinished(() => t.close());
  const db = t.database.db;
  const customer = await createUser(db);
  const admin = await createUser(db, { role: 'admin' });
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id, cancellationRefundPercent: 50 });
  const cookies = {
    customer: await signIn(t.app, customer.email),
    vendor: await signIn(t.app, owner.email),
    admin: await signIn(t.app, admin.email),
  };
  const customerActor: Actor = {
    id: customer.id,
    email: customer.email,
    name: 'Customer',
    userType: 'customer',
    role: 'user',
  };

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

  const expectOk = async (res: Response | Promise<Response>) => {
    const r = await res;
    expect(r.status, await r.clone().text()).toBeLessThan(300);
    return r;
  };

  const transition = (as: 'customer' | 'vendor', orderId: string, action: string, note?: string) =>
    expectOk(call(as, 'POST', `/api/orders/${orderId}/transitions`, { action, ...(note && { note }) }));

  return {
    t,
    db,
    clock,
    vendorId: vendor.id,
    customerId: customer.id,
    customerActor,
    call,
    transition,

    /** A pending order as accepting a quote leaves it, delivered `deliveryInHours` from now. */
    newOrder: (amount: number, deliveryInHours = 24 * 14) =>
      createPendingOrder(db, {
        customerId: customer.id,
        vendorId: vendor.id,
        amount,
        refundPercent: 50,
        deliveryDate: new Date(clock.now().getTime() + deliveryInHours * HOUR),
        createdAt: clock.now(),
      }),

    /** Paid at the sandbox's checkout with a test card, as the customer would. */
    async pay(orderId: string) {
      const checkout = await expectOk(call('customer', 'POST', '/api/payments', { orderId }));
      const { paymentId } = (await checkout.json()) as { paymentId: string };
      const paid = await call('customer', 'POST', `/api/payments/${paymentId}/sandbox-confirmation`, {
        number: '4242 4242 4242 4242',
        expiry: '12/29',
        cvc: '123',
      });
      expect(await paid.json()).toMatchObject({ status: 'succeeded' });
    },

    async deliver(orderId: string) {
      for (const action of ['confirm', 'start', 'markReady', 'deliver'])
        await transition('vendor', orderId, action);
    },

    /** GET /api/admin/reconciliation as an admin, read through the shared schema. */
    async report(): Promise<Reconciliation> {
      const res = await expectOk(call('admin', 'GET', '/api/admin/reconciliation'));
      return reconciliationSchema.parse(await res.json());
    },
  };
}

const check = (r: Reconciliation, key: 'collected' | 'refunded' | 'paidOut') =>
  r.checks.find((c) => c.key === key);

describe('reconciliation', () => {
  it('after payments, a completion, a payout and refunds, the ledger and the processor agree to the cent', async () => {
    const w = await world();
    const empty = await w.report();
    expect(empty.checks.map((c) => [c.key, c.ledgerCents, c.matches])).toEqual([
      ['collected', 0, true],
      ['refunded', 0, true],
      ['paidOut', 0, true],
    ]);

    // Completed (an event in two hours, delivered now): $123.45 to the vendor less 8%, then paid out.
    const completed = await w.newOrder(12_345, 2);
    await w.pay(completed.id);
    await w.deliver(completed.id);
    await w.transition('customer', completed.id, 'confirmSatisfied');
    await expectPayout(w);
    // Cancelled two weeks ahead: refunded in full.
    const refunded = await w.newOrder(10_001);
    await w.pay(refunded.id);
    await w.transition('customer', refunded.id, 'cancel', 'Plans changed');
    // Cancelled a day ahead: half back by the vendor's policy, the rest to the vendor less the fee.
    const partly = await w.newOrder(10_001, 24);
    await w.pay(partly.id);
    await w.transition('customer', partly.id, 'cancel', 'Plans changed');
    // Paid and still being made: held.
    const held = await w.newOrder(7_500);
    await w.pay(held.id);

    const r = await w.report();
    expect(r.processor).toEqual({ name: 'sandbox', error: null });
    expect(r.checks).toEqual([
      {
        key: 'collected',
        label: 'Payments collected',
        ledgerCents: 39_847,
        processorCents: 39_847,
        differenceCents: 0,
        matches: true,
      },
      {
        key: 'refunded',
        label: 'Refunds sent',
        ledgerCents: 15_002,
        processorCents: 15_002,
        differenceCents: 0,
        matches: true,
      },
      {
        key: 'paidOut',
        label: 'Payouts sent',
        ledgerCents: 11_357,
        processorCents: 11_357,
        differenceCents: 0,
        matches: true,
      },
    ]);
    const { totals } = r;
    expect(totals).toMatchObject({
      collectedCents: 39_847,
      refundedCents: 15_002,
      refundsOwedCents: 0,
      paidOutCents: 11_357,
      heldCents: 7_500,
      availableCents: (await vendorBalances(w.db, w.vendorId)).availableCents,
      processorCashCents: 39_847 - 15_002 - 11_357,
    });
    expect(totals.feesCents).toBe(988 + 400);
    expect(totals.collectedCents).toBe(
      totals.refundedCents +
        totals.refundsOwedCents +
        totals.paidOutCents +
        totals.availableCents +
        totals.heldCents +
        totals.feesCents,
    );
    expect(r.stuckOrders).toEqual({ orders: [], total: 0 });
    expect(r.unappliedEvents).toEqual({ events: [], total: 0 });
    expect(r.openClaims).toBe(0);
    expect(r.generatedAt).toBe(w.clock.now().toISOString());
  });

  it('shows a mismatch, by how much, when the processor knows of money the ledger does not', async () => {
    const w = await world();
    const order = await w.newOrder(5_000);
    await w.pay(order.id);
    // A charge the processor took that never reached the ledger (its event lost, say).
    await w.db.insert(sandboxCharges).values({
      id: 'ch_sandbox_unrecorded',
      idempotencyKey: 'payment:unrecorded',
      amount: 2_500,
      status: 'succeeded',
    });
    const r = await w.report();
    expect(check(r, 'collected')).toMatchObject({
      ledgerCents: 5_000,
      processorCents: 7_500,
      differenceCents: 2_500,
      matches: false,
    });
    expect(check(r, 'refunded')!.matches).toBe(true);
    expect(check(r, 'paidOut')!.matches).toBe(true);
  });

  it('says so when the processor’s records cannot be read, and still shows the ledger', async () => {
    const w = await world();
    const order = await w.newOrder(5_000);
    await w.pay(order.id);
    w.t.services.payments.totals = () => Promise.reject(new Error('processor unreachable'));
    const r = await w.report();
    expect(r.processor.error).toMatch(/could not read the payment processor’s records/);
    expect(r.checks).toEqual([]);
    expect(r.totals.collectedCents).toBe(5_000);
  });

  it('lists an ended order that still holds money, and only that one', async () => {
    const w = await world();
    const settled = await w.newOrder(3_000);
    await w.pay(settled.id);
    await w.transition('customer', settled.id, 'cancel', 'Plans changed');
    // A payment recorded for an order that had already ended, with nothing settling it.
    const stuck = await createOrder(w.db, {
      customerId: w.customerId,
      vendorId: w.vendorId,
      amount: 4_200,
      status: 'cancelled',
    });
    await w.db.transaction((tx) =>
      recordPayment(tx, {
        orderId: stuck.id,
        vendorId: w.vendorId,
        amountCents: 4_200,
        key: `payment:late-${stuck.id}`,
      }),
    );
    // Paid and under way: holding money is what it should do.
    const underWay = await w.newOrder(1_000);
    await w.pay(underWay.id);

    const r = await w.report();
    expect(r.stuckOrders).toEqual({
      orders: [{ orderId: stuck.id, orderNumber: stuck.orderNumber, status: 'cancelled', heldCents: 4_200 }],
      total: 1,
    });
  });

  it('lists a processor event that was stored but never applied, with its error', async () => {
    const w = await world();
    const paid = await w.newOrder(2_000);
    await w.pay(paid.id);
    w.clock.advanceHours(1);
    await applyProcessorEvent({
      db: w.db,
      provider: 'sandbox',
      event: {
        id: 'evt_orphan',
        type: 'payment.succeeded',
        paymentRef: 'ch_nobody',
        amountCents: 900,
        currency: 'cad',
      },
      now: w.clock.now(),
      log: w.t.services.log,
    });
    const r = await w.report();
    expect(r.unappliedEvents).toEqual({
      events: [
        {
          id: 'evt_orphan',
          type: 'payment.succeeded',
          error: 'no payment with this reference yet',
          receivedAt: w.clock.now().toISOString(),
        },
      ],
      total: 1,
    });
  });

  it('counts the open claims, not the resolved ones', async () => {
    const w = await world();
    const orders = [];
    for (const amount of [4_000, 6_000]) {
      const order = await w.newOrder(amount, 2);
      await w.pay(order.id);
      await w.deliver(order.id);
      await openClaim({
        db: w.db,
        actor: w.customerActor,
        orderId: order.id,
        description: 'The cake arrived squashed on one side.',
        photos: [],
        now: w.clock.now(),
      });
      orders.push(order);
    }
    expect((await w.report()).openClaims).toBe(2);

    const queue = (await (await w.call('admin', 'GET', '/api/admin/claims')).json()) as {
      open: { id: string }[];
    };
    const resolved = await w.call('admin', 'POST', `/api/admin/claims/${queue.open[0]!.id}/resolution`, {
      outcome: 'refund',
      note: 'Refunded in full.',
    });
    expect(resolved.status).toBe(200);
    const r = await w.report();
    expect(r.openClaims).toBe(1);
    // The refund went out: the books still agree.
    expect(r.checks.every((c) => c.matches)).toBe(true);
  });
});

async function expectPayout(w: Awaited<ReturnType<typeof world>>) {
  const res = await w.call('vendor', 'POST', '/api/me/payouts');
  expect(res.status).toBe(201);
  expect(await res.json()).toMatchObject({ amountCents: 11_357, status: 'paid' });
}
