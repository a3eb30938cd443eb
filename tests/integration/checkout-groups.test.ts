import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupCheckout } from '../../src/shared/schemas/payments.ts';
import {
  checkoutGroups,
  ledgerTransactions,
  payments,
  sandboxCharges,
  sandboxRefunds,
  sandboxTransfers,
} from '../../src/server/db/schema/index.ts';
import { heldForOrder, ledgerTotals } from '../../src/server/modules/ledger/index.ts';
import { claimGroupSubmission } from '../../src/server/modules/payments/group-outcomes.ts';
import { askAboutUnknownOutcomes } from '../../src/server/modules/payments/outcomes.ts';
import { sendPendingRefunds } from '../../src/server/modules/payments/refunds.ts';
import type { SandboxProcessor } from '../../src/server/modules/payments/sandbox.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import {
  createDepositOrder,
  createPendingOrder,
  createUser,
  createVendor,
  signIn,
} from '../support/factories.ts';

/**
 * One checkout for several orders with the sandbox (issue 25): one charge for the total, each order's
 * share paid, held, refunded and paid out as its own; exactly once under double submits, tabs racing,
 * a crash between the charge and our books, and a single checkout of an order in a group.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
const vendorIds: string[] = [];
const vendorOwners: string[] = [];
let customerId = '';
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db);
  const stranger = await createUser(db);
  customerId = customer.id;
  for (const i of [0, 1]) {
    const owner = await createUser(db, { userType: 'vendor' });
    const vendor = await createVendor(db, {
      userId: owner.id,
      cancellationRefundPercent: 50,
      ordersPerDay: 20,
    });
    vendorIds.push(vendor.id);
    vendorOwners.push(owner.id);
    cookies[`vendor${i}`] = await signIn(t.app, owner.email);
  }
  cookies.customer = await signIn(t.app, customer.email);
  cookies.stranger = await signIn(t.app, stranger.email);
});
afterAll(() => t.close());

type Answer<T> = {
  status: number;
  body: T & { error?: { message: string; fields?: Record<string, string> } };
};

async function call<T = unknown>(
  as: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await t.app.request(path, {
    method,
    headers: {
      Cookie: cookies[as]!,
      Origin: 'http://localhost:3000',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
}

const newOrder = (vendor: number, amount: number, deliveryInHours = 24 * 14) =>
  createPendingOrder(t.database.db, {
    customerId,
    vendorId: vendorIds[vendor]!,
    amount,
    refundPercent: 50,
    deliveryDate: new Date(clock.now().getTime() + deliveryInHours * HOUR),
    createdAt: clock.now(),
  });

const group = (orderIds: string[], as = 'customer') =>
  call<GroupCheckout>(as, 'POST', '/api/payments/groups', { orderIds });
const card = { number: '4242 4242 4242 4242', expiry: '12/29', cvc: '123' };
const payGroup = (groupId: string, number = card.number) =>
  call<GroupCheckout>('customer', 'POST', `/api/payments/groups/${groupId}/sandbox-confirmation`, {
    ...card,
    number,
  });
const orderStatus = async (orderId: string) =>
  (await call<{ status: string }>('customer', 'GET', `/api/orders/${orderId}`)).body.status;
const transition = (as: string, orderId: string, action: string, note?: string) =>
  call(as, 'POST', `/api/orders/${orderId}/transitions`, { action, ...(note && { note }) });
const paymentPostings = async (orderId: string) =>
  t.database.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerTransactions.kind, 'payment')));

describe('one checkout for several orders (sandbox)', () => {
  it('pays two vendors’ orders with one charge: each order holds its own amount, paid once', async () => {
    const a = await newOrder(0, 12_000);
    const b = await newOrder(1, 7_550);
    const opened = await group([a.id, b.id]);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ provider: 'sandbox', status: 'requires_payment', amount: 19_550 });
    expect(opened.body.orders.map((o) => [o.orderId, o.amount, o.purpose]).sort()).toEqual(
      [
        [a.id, 12_000, 'full'],
        [b.id, 7_550, 'full'],
      ].sort(),
    );
    // The same orders again (a reload, the other tab): the same checkout.
    expect((await group([b.id, a.id])).body.checkoutGroupId).toBe(opened.body.checkoutGroupId);

    const paid = await payGroup(opened.body.checkoutGroupId);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('succeeded');
    expect(await orderStatus(a.id)).toBe('paid');
    expect(await orderStatus(b.id)).toBe('paid');
    expect(await heldForOrder(t.database.db, a.id)).toBe(12_000);
    expect(await heldForOrder(t.database.db, b.id)).toBe(7_550);
    expect(await paymentPostings(a.id)).toHaveLength(1);
    expect(await paymentPostings(b.id)).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(checkoutGroups)
      .where(eq(checkoutGroups.id, opened.body.checkoutGroupId));
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, row!.providerRef!));
    expect(charge).toMatchObject({
      amount: 19_550,
      status: 'succeeded',
      transferGroup: `checkout:${row!.id}`,
    });
    expect(row!.chargeRef).toBe(charge!.id);
    // Opened again (a reload): the paid checkout. Paid orders cannot be paid again, together or alone.
    expect((await group([a.id, b.id])).body).toMatchObject({ checkoutGroupId: row!.id, status: 'succeeded' });
    const c = await newOrder(1, 1_000);
    expect((await group([a.id, c.id])).status).toBe(409);
    expect((await call('customer', 'POST', '/api/payments', { orderId: a.id })).status).toBe(409);
  });

  it('charges what is due now for each: a deposit for one, the whole of the other', async () => {
    const deposit = await createDepositOrder(t.database.db, {
      customerId,
      vendorId: vendorIds[0]!,
      amount: 40_000,
      createdAt: clock.now(),
    });
    const full = await newOrder(1, 9_000);
    const opened = await group([deposit.id, full.id]);
    expect(opened.status).toBe(200);
    const share = (id: string) => opened.body.orders.find((o) => o.orderId === id)!;
    expect(share(deposit.id)).toMatchObject({
      purpose: 'deposit',
      amount: deposit.depositCents,
      orderAmount: 40_000,
    });
    expect(share(full.id)).toMatchObject({ purpose: 'full', amount: 9_000 });
    expect(opened.body.amount).toBe(deposit.depositCents! + 9_000);
    expect((await payGroup(opened.body.checkoutGroupId)).body.status).toBe('succeeded');
    expect(await heldForOrder(t.database.db, deposit.id)).toBe(deposit.depositCents);
    expect(await heldForOrder(t.database.db, full.id)).toBe(9_000);
  });

  it('double submits and tabs in parallel: one group, one charge, each order paid once', async () => {
    const orders = [await newOrder(0, 5_000), await newOrder(1, 6_000), await newOrder(1, 7_000)];
    const ids = orders.map((o) => o.id);
    const opened = await Promise.all(Array.from({ length: 6 }, () => group(ids)));
    expect(opened.map((o) => o.status)).toEqual(Array(6).fill(200));
    expect(new Set(opened.map((o) => o.body.checkoutGroupId)).size).toBe(1);
    const groupId = opened[0]!.body.checkoutGroupId;
    const sent = await Promise.all(Array.from({ length: 6 }, () => payGroup(groupId)));
    expect(sent.filter((s) => s.status === 200)).toHaveLength(1);
    expect(sent.filter((s) => s.status === 409)).toHaveLength(5);
    for (const o of orders) {
      expect(await orderStatus(o.id)).toBe('paid');
      expect(await paymentPostings(o.id)).toHaveLength(1);
      expect(await heldForOrder(t.database.db, o.id)).toBe(o.amount);
    }
    const charges = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, `checkout_group:${groupId}`));
    expect(charges).toHaveLength(1);
  });

  it('an order is in one live checkout: a newer one (together or alone) replaces the open one', async () => {
    const a = await newOrder(0, 3_000);
    const b = await newOrder(1, 4_000);
    const c = await newOrder(1, 5_000);
    const first = await group([a.id, b.id]);
    const second = await group([b.id, c.id]);
    expect(second.status).toBe(200);
    expect(second.body.checkoutGroupId).not.toBe(first.body.checkoutGroupId);
    // The first checkout is over: its card is refused, nothing is charged.
    const stale = await payGroup(first.body.checkoutGroupId);
    expect(stale.status).toBe(409);
    // Paying one of the second's orders alone replaces the second in turn.
    const single = await call<{ paymentId: string; amount: number }>('customer', 'POST', '/api/payments', {
      orderId: c.id,
    });
    expect(single.status).toBe(200);
    expect(single.body.amount).toBe(5_000);
    expect((await payGroup(second.body.checkoutGroupId)).status).toBe(409);
    const paid = await call<{ status: string }>(
      'customer',
      'POST',
      `/api/payments/${single.body.paymentId}/sandbox-confirmation`,
      card,
    );
    expect(paid.body.status).toBe('succeeded');
    // a and b, together again: a new checkout pays them.
    const third = await group([a.id, b.id]);
    expect((await payGroup(third.body.checkoutGroupId)).body.status).toBe('succeeded');
    for (const o of [a, b, c]) {
      expect(await paymentPostings(o.id)).toHaveLength(1);
      expect(await heldForOrder(t.database.db, o.id)).toBe(o.amount);
    }
  });

  it('a single checkout and a group for the same order at once never pay it twice', async () => {
    // Five rounds: on PostgreSQL an unlocked single checkout once deadlocked with the group (a 500).
    for (let round = 0; round < 5; round++) {
      const a = await newOrder(0, 3_300);
      const b = await newOrder(1, 4_400);
      const results = await Promise.all([
        group([a.id, b.id]),
        call('customer', 'POST', '/api/payments', { orderId: a.id }),
        group([a.id, b.id]),
        call('customer', 'POST', '/api/payments', { orderId: a.id }),
      ]);
      for (const r of results) expect([200, 409]).toContain(r.status);
      const open = await t.database.db
        .select()
        .from(payments)
        .where(
          and(
            inArray(payments.orderId, [a.id]),
            inArray(payments.status, ['requires_payment', 'requires_action']),
          ),
        );
      expect(open.length).toBeLessThanOrEqual(1);
    }
  });

  it('cancelling one order refunds its share of the shared charge only, once', async () => {
    const a = await newOrder(0, 10_000);
    const b = await newOrder(1, 20_000);
    const opened = await group([a.id, b.id]);
    await payGroup(opened.body.checkoutGroupId);
    // The vendor cancels: a full refund of this order's share.
    expect((await transition('vendor1', b.id, 'vendorCancel', 'Oven broke')).status).toBe(200);
    await sendPendingRefunds({
      db: t.database.db,
      processor: t.services.payments,
      now: clock.now(),
      log: t.services.log,
    });
    await sendPendingRefunds({
      db: t.database.db,
      processor: t.services.payments,
      now: clock.now(),
      log: t.services.log,
    });
    const [row] = await t.database.db
      .select()
      .from(checkoutGroups)
      .where(eq(checkoutGroups.id, opened.body.checkoutGroupId));
    const sent = await t.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.chargeId, row!.providerRef!));
    expect(sent.map((r) => r.amount)).toEqual([20_000]);
    expect(await heldForOrder(t.database.db, a.id)).toBe(10_000);
    expect(await heldForOrder(t.database.db, b.id)).toBe(0);
    expect(await orderStatus(a.id)).toBe('paid');
  });

  it('pays each vendor out in a transfer carrying the group’s transfer_group and its charge', async () => {
    const a = await newOrder(0, 11_111, 2);
    const b = await newOrder(1, 22_222, 2);
    const opened = await group([a.id, b.id]);
    await payGroup(opened.body.checkoutGroupId);
    for (const [i, o] of [a, b].entries()) {
      for (const action of ['confirm', 'start', 'markReady', 'deliver'])
        expect((await transition(`vendor${i}`, o.id, action)).status).toBe(200);
      expect((await transition('customer', o.id, 'confirmSatisfied')).status).toBe(200);
    }
    const [row] = await t.database.db
      .select()
      .from(checkoutGroups)
      .where(eq(checkoutGroups.id, opened.body.checkoutGroupId));
    for (const i of [0, 1]) {
      const payout = await call<{ id: string; amountCents: number; status: string }>(
        `vendor${i}`,
        'POST',
        '/api/me/payouts',
      );
      expect(payout.status).toBe(201);
      expect(payout.body.status).toBe('paid');
      const transfers = await t.database.db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.destination, vendorIds[i]!));
      const fromGroup = transfers.filter((tr) => tr.transferGroup === row!.transferGroup);
      expect(fromGroup).toHaveLength(1);
      expect(fromGroup[0]!.sourceChargeId).toBe(row!.chargeRef);
      // The vendor's part of the order, less the fee (8 %).
      expect(fromGroup[0]!.amount).toBe([a, b][i]!.amount - Math.round([a, b][i]!.amount * 0.08));
      expect(transfers.reduce((s, tr) => s + tr.amount, 0)).toBeGreaterThanOrEqual(fromGroup[0]!.amount);
    }
    const totals = await ledgerTotals(t.database.db);
    const processed = await t.services.payments.totals();
    expect(processed.paidOutCents).toBe(totals.paidOutCents);
  });

  it('a crash after the charge and before our books: the next start pays each order once', async () => {
    const a = await newOrder(0, 2_500);
    const b = await newOrder(1, 3_500);
    const opened = await group([a.id, b.id]);
    const groupId = opened.body.checkoutGroupId;
    const now = clock.now();
    expect(await claimGroupSubmission(t.database.db, { groupId, status: 'requires_payment', now })).toBe(
      true,
    );
    const [row] = await t.database.db.select().from(checkoutGroups).where(eq(checkoutGroups.id, groupId));
    await (t.services.payments as SandboxProcessor).confirmCard(row!.providerRef!, '4242424242424242');
    // The next start-up asks the processor (twice here: two processes), and so does opening it again.
    await askAboutUnknownOutcomes({
      db: t.database.db,
      processor: t.services.payments,
      now,
      log: t.services.log,
    });
    await askAboutUnknownOutcomes({
      db: t.database.db,
      processor: t.services.payments,
      now,
      log: t.services.log,
    });
    expect((await group([a.id, b.id])).body.status).toBe('succeeded');
    for (const o of [a, b]) {
      expect(await orderStatus(o.id)).toBe('paid');
      expect(await paymentPostings(o.id)).toHaveLength(1);
    }
  });

  it('reopening a checkout whose card the processor took (no answer recorded) pays the orders, never asks again', async () => {
    const a = await newOrder(0, 2_600);
    const b = await newOrder(1, 3_600);
    const groupId = (await group([a.id, b.id])).body.checkoutGroupId;
    const now = clock.now();
    await claimGroupSubmission(t.database.db, { groupId, status: 'requires_payment', now });
    const [row] = await t.database.db.select().from(checkoutGroups).where(eq(checkoutGroups.id, groupId));
    await (t.services.payments as SandboxProcessor).confirmCard(row!.providerRef!, '4242424242424242');
    const reopened = await Promise.all([group([a.id, b.id]), group([a.id, b.id])]);
    for (const r of reopened) expect(r.body).toMatchObject({ checkoutGroupId: groupId, status: 'succeeded' });
    for (const o of [a, b]) expect(await paymentPostings(o.id)).toHaveLength(1);
  });

  it('a declined card: the orders stay payable and the next checkout is a new payment', async () => {
    const a = await newOrder(0, 4_100);
    const b = await newOrder(1, 4_200);
    const opened = await group([a.id, b.id]);
    const declined = await payGroup(opened.body.checkoutGroupId, '4000 0000 0000 0002');
    expect(declined.body).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    expect(await orderStatus(a.id)).toBe('pending');
    const again = await group([a.id, b.id]);
    expect(again.body.checkoutGroupId).not.toBe(opened.body.checkoutGroupId);
    expect((await payGroup(again.body.checkoutGroupId)).body.status).toBe('succeeded');
  });

  it('refuses bad input with a clear 4xx: too few, repeated, too many, not a list, another customer’s', async () => {
    const a = await newOrder(0, 1_000);
    const b = await newOrder(1, 1_000);
    expect((await group([a.id])).status).toBe(400);
    expect((await group([a.id, a.id])).status).toBe(400);
    expect((await group(Array.from({ length: 11 }, (_, i) => `o${i}`))).status).toBe(400);
    expect((await call('customer', 'POST', '/api/payments/groups', { orderIds: 'x' })).status).toBe(400);
    expect(
      (await call('customer', 'POST', '/api/payments/groups', '{"orderIds":["a\\u0000","b"]}')).status,
    ).toBe(400);
    expect((await call('customer', 'POST', '/api/payments/groups', '{"orderIds":')).status).toBe(400);
    const other = await group([a.id, b.id], 'stranger');
    expect(other.status).toBe(404);
    expect((await group([a.id, 'missing-order'])).status).toBe(404);
    const opened = await group([a.id, b.id]);
    expect(
      (
        await call(
          'stranger',
          'POST',
          `/api/payments/groups/${opened.body.checkoutGroupId}/sandbox-confirmation`,
          card,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          'customer',
          'POST',
          `/api/payments/groups/${opened.body.checkoutGroupId}/sandbox-confirmation`,
          { ...card, number: '1234' },
        )
      ).status,
    ).toBe(400);
  });
});
