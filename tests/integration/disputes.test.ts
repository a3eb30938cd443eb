import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeDetail, DisputesQueue, OrderDispute } from '../../src/shared/schemas/disputes.ts';
import type { Actor } from '../../src/server/actor.ts';
import {
  disputeOrders,
  disputes,
  emailOutbox,
  jobs,
  sandboxDisputes,
  userEvents,
} from '../../src/server/db/schema/index.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import {
  disputedByOrder,
  disputeTotals,
  heldForOrder,
  ledgerTotals,
  vendorBalances,
} from '../../src/server/modules/ledger/index.ts';
import { startCheckout } from '../../src/server/modules/payments/checkout.ts';
import { startGroupCheckout } from '../../src/server/modules/payments/checkout-group.ts';
import { confirmSandboxGroup } from '../../src/server/modules/payments/group-sandbox.ts';
import { DISPUTE_FREEZE } from '../../src/server/modules/payments/disputes.ts';
import { disputeReminderJobKey } from '../../src/server/modules/payments/disputes-jobs.ts';
import { confirmSandboxPayment } from '../../src/server/modules/payments/sandbox-checkout.ts';
import { SANDBOX_DISPUTE_FEE_CENTS } from '../../src/server/modules/payments/sandbox-disputes.ts';
import { transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/** Card disputes in the sandbox: its dispute card, frozen money, the evidence, the bank's decision by hand. */
const clock = manualClock('2026-12-01T17:00:00Z');
const DAY = 86_400_000;
const DISPUTE_CARD = '4000000000000259';
let t: TestApp;
let vendorId = '';
let customerActor: Actor;
let vendorActor: Actor;
let vendorUserId = '';
let adminId = '';
let vendorEmail = '';
const cookies = { customer: '', vendor: '', otherVendor: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db);
  const admin = await createUser(db, { role: 'admin' });
  const owner = await createUser(db, { userType: 'vendor' });
  const otherOwner = await createUser(db, { userType: 'vendor' });
  vendorId = (await createVendor(db, { userId: owner.id, ordersPerDay: 20 })).id;
  await createVendor(db, { userId: otherOwner.id });
  adminId = admin.id;
  vendorUserId = owner.id;
  vendorEmail = owner.email;
  customerActor = { id: customer.id, email: customer.email, name: 'C', userType: 'customer', role: 'user' };
  vendorActor = { id: owner.id, email: owner.email, name: 'V', userType: 'vendor', role: 'user' };
  cookies.customer = await signIn(t.app, customer.email);
  cookies.vendor = await signIn(t.app, owner.email);
  cookies.otherVendor = await signIn(t.app, otherOwner.email);
  cookies.admin = await signIn(t.app, admin.email);
});
afterAll(() => t.close());

const json = async <T>(as: keyof typeof cookies, method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, {
    method,
    headers: {
      Cookie: cookies[as],
      Origin: 'http://localhost:3000',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T & { error?: { message: string } } };
};

/** An order paid at the sandbox's checkout with `card`, then taken to delivered by its vendor. */
async function paidOrder(amount: number, card: string) {
  const db = t.database.db;
  const order = await createPendingOrder(db, {
    customerId: customerActor.id,
    vendorId,
    amount,
    deliveryDate: clock.now(),
    createdAt: clock.now(),
  });
  const common = {
    db,
    processor: t.services.payments,
    actor: customerActor,
    now: clock.now(),
    log: t.services.log,
  };
  const checkout = await startCheckout({ ...common, orderId: order.id });
  await confirmSandboxPayment({ ...common, paymentId: checkout.paymentId, cardNumber: card });
  for (const action of ['confirm', 'start', 'markReady', 'deliver'])
    await transitionOrder(db, {
      orderId: order.id,
      action,
      by: { kind: 'user', actor: vendorActor },
      now: clock.now(),
    });
  return order;
}

const runJobs = () =>
  runDueJobs({ db: t.database.db, now: clock.now(), handlers: jobHandlers, log: t.services.log });

/** The books balance with disputes: what came in is what went out, is owed, held, earned or lost to a bank. */
async function booksBalance() {
  const db = t.database.db;
  const totals = await ledgerTotals(db);
  const d = await disputeTotals(db);
  expect(totals.collectedCents).toBe(
    totals.refundedCents +
      totals.refundsOwedCents +
      totals.paidOutCents +
      totals.availableCents +
      totals.heldCents +
      totals.feesCents +
      totals.gstCents +
      totals.pstCents +
      d.chargebacksCents -
      d.chargebackLossesCents,
  );
}

describe('card disputes in the sandbox', () => {
  it('the dispute card pays, a dispute opens, the money is frozen, the evidence goes in, and the dispute is won', async () => {
    const db = t.database.db;
    const cashBefore = (await ledgerTotals(db)).processorCashCents;
    const order = await paidOrder(20_000, DISPUTE_CARD);

    // The dispute is recorded for the order: its money is with the bank, the fee is an expense.
    const [dispute] = await db
      .select()
      .from(disputes)
      .where(eq(disputes.paymentId, (await paymentOf(order.id))!));
    expect(dispute).toMatchObject({ status: 'needs_response', amount: 20_000, reason: 'fraudulent' });
    expect(dispute!.dueBy!.getTime()).toBe(clock.now().getTime() + 7 * DAY);
    expect(await heldForOrder(db, order.id)).toBe(20_000);
    expect((await disputedByOrder(db, [order.id])).get(order.id)).toBe(20_000);
    expect((await ledgerTotals(db)).processorCashCents - cashBefore).toBe(
      20_000 - 20_000 - SANDBOX_DISPUTE_FEE_CENTS,
    );
    await booksBalance();

    // The vendor is told, by notification and e-mail; so are the admins.
    const told = await db
      .select()
      .from(userEvents)
      .where(and(eq(userEvents.type, 'dispute.opened')));
    expect(told.map((e) => e.userId).sort()).toEqual(expect.arrayContaining([vendorUserId, adminId].sort()));
    await t.services.mailer.deliver();
    expect(
      await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, vendorEmail), eq(emailOutbox.kind, 'dispute-opened'))),
    ).toHaveLength(1);

    // Frozen: the customer's confirmation is refused, the timer does not complete it.
    const confirm = await json('customer', 'POST', `/api/orders/${order.id}/transitions`, {
      action: 'confirmSatisfied',
    });
    expect(confirm.status).toBe(409);
    expect(confirm.body.error!.message).toBe(DISPUTE_FREEZE);
    clock.advanceHours(48);
    await runJobs();
    expect(await heldForOrder(db, order.id)).toBe(20_000);
    expect((await vendorBalances(db, vendorId)).availableCents).toBe(0);

    // The vendor sees it on their order and adds a note; another vendor sees nothing.
    const seen = await json<OrderDispute>('vendor', 'GET', `/api/orders/${order.id}/dispute`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: 'needs_response', amountCents: 20_000, vendorNote: null });
    expect((await json('otherVendor', 'GET', `/api/orders/${order.id}/dispute`)).status).toBe(404);
    expect((await json('customer', 'GET', `/api/orders/${order.id}/dispute`)).status).toBe(403);
    const bad = await json('vendor', 'PUT', `/api/orders/${order.id}/dispute/note`, { note: '  ' });
    expect(bad.status).toBe(400);
    const noted = await json<OrderDispute>('vendor', 'PUT', `/api/orders/${order.id}/dispute/note`, {
      note: 'The customer picked the cake up in person and thanked us.',
    });
    expect(noted.status).toBe(200);

    // 3 days before it is due, the admins and the vendor are reminded.
    expect(
      await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.key, disputeReminderJobKey(dispute!.id, 3)), eq(jobs.status, 'pending'))),
    ).toHaveLength(1);
    clock.set(new Date(dispute!.dueBy!.getTime() - 3 * DAY + 60_000));
    await runJobs();
    const reminded = await db.select().from(userEvents).where(eq(userEvents.type, 'dispute.evidenceDue'));
    expect(reminded.map((e) => e.userId)).toEqual(expect.arrayContaining([vendorUserId, adminId]));

    // The admin's queue has it, with the evidence Frosted holds.
    const queue = await json<DisputesQueue>('admin', 'GET', '/api/admin/disputes');
    expect(queue.body.canResolveByHand).toBe(true);
    expect(queue.body.open.map((d) => d.id)).toContain(dispute!.id);
    expect((await json('vendor', 'GET', '/api/admin/disputes')).status).toBe(403);
    const detail = await json<DisputeDetail>('admin', 'GET', `/api/admin/disputes/${dispute!.id}`);
    const titles = detail.body.evidence.sections.map((s) => s.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        `Order ${order.orderNumber}: timeline`,
        `Order ${order.orderNumber}: the vendor’s note`,
        `Order ${order.orderNumber}: satisfaction claim`,
      ]),
    );
    expect(detail.body.evidence.uncategorizedText).toContain('picked the cake up in person');

    // Submitted once: the sandbox has it, a second submission and a late note are refused.
    const sent = await json<DisputeDetail>('admin', 'POST', `/api/admin/disputes/${dispute!.id}/evidence`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'under_review' });
    expect(sent.body.evidenceSubmittedAt).not.toBeNull();
    const [kept] = await db
      .select()
      .from(sandboxDisputes)
      .where(eq(sandboxDisputes.id, dispute!.providerRef));
    expect(kept!.evidence!.uncategorizedText).toContain('picked the cake up in person');
    expect((await json('admin', 'POST', `/api/admin/disputes/${dispute!.id}/evidence`)).status).toBe(409);
    expect(
      (await json('vendor', 'PUT', `/api/orders/${order.id}/dispute/note`, { note: 'One more thing.' }))
        .status,
    ).toBe(409);
    // The 1-day reminder is no longer needed.
    expect(
      await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.key, disputeReminderJobKey(dispute!.id, 1)), eq(jobs.status, 'pending'))),
    ).toEqual([]);

    // Won: the money is back, the fee stays an expense, and the order completes and releases its money.
    const won = await json<DisputeDetail>(
      'admin',
      'POST',
      `/api/admin/disputes/${dispute!.id}/sandbox-resolution`,
      {
        outcome: 'won',
      },
    );
    expect(won.status).toBe(200);
    expect(won.body.status).toBe('won');
    expect((await disputedByOrder(db, [order.id])).get(order.id)).toBe(0);
    expect((await disputeTotals(db)).disputeFeesCents).toBe(SANDBOX_DISPUTE_FEE_CENTS);
    await runJobs();
    const done = await json<{ status: string }>('customer', 'GET', `/api/orders/${order.id}`);
    expect(done.body.status).toBe('completed');
    expect(await heldForOrder(db, order.id)).toBe(0);
    expect((await vendorBalances(db, vendorId)).availableCents).toBe(20_000 - 1_600);
    await booksBalance();
  });

  it('a dispute lost while the money is held: the customer keeps it, the vendor gets nothing of it', async () => {
    const db = t.database.db;
    const before = (await vendorBalances(db, vendorId)).availableCents;
    const order = await paidOrder(5_000, DISPUTE_CARD);
    const [dispute] = await db
      .select()
      .from(disputes)
      .where(eq(disputes.paymentId, (await paymentOf(order.id))!));
    const lost = await json<DisputeDetail>(
      'admin',
      'POST',
      `/api/admin/disputes/${dispute!.id}/sandbox-resolution`,
      {
        outcome: 'lost',
      },
    );
    expect(lost.body.status).toBe('lost');
    expect(await heldForOrder(db, order.id)).toBe(0);
    expect((await disputeTotals(db)).chargebacksCents).toBeGreaterThanOrEqual(5_000);
    // Deciding it again changes nothing.
    expect(
      (
        await json('admin', 'POST', `/api/admin/disputes/${dispute!.id}/sandbox-resolution`, {
          outcome: 'won',
        })
      ).body,
    ).toMatchObject({ status: 'lost' });
    const confirmed = await json('customer', 'POST', `/api/orders/${order.id}/transitions`, {
      action: 'confirmSatisfied',
    });
    expect(confirmed.status).toBe(200);
    expect((await vendorBalances(db, vendorId)).availableCents).toBe(before);
    await booksBalance();
  });
});

describe('a checkout group’s dispute', () => {
  it('falls on each order it paid for, in proportion, and freezes each', async () => {
    const db = t.database.db;
    const orders = await Promise.all(
      [6_000, 12_000].map((amount) =>
        createPendingOrder(db, {
          customerId: customerActor.id,
          vendorId,
          amount,
          deliveryDate: clock.now(),
          createdAt: clock.now(),
        }),
      ),
    );
    const common = {
      db,
      processor: t.services.payments,
      actor: customerActor,
      now: clock.now(),
      log: t.services.log,
    };
    const group = await startGroupCheckout({ ...common, orderIds: orders.map((o) => o.id) });
    await confirmSandboxGroup({ ...common, groupId: group.checkoutGroupId, cardNumber: DISPUTE_CARD });
    const [dispute] = await db
      .select()
      .from(disputes)
      .where(eq(disputes.checkoutGroupId, group.checkoutGroupId));
    expect(dispute).toMatchObject({ amount: 18_000, status: 'needs_response' });
    const shares = await db.select().from(disputeOrders).where(eq(disputeOrders.disputeId, dispute!.id));
    expect(Object.fromEntries(shares.map((s) => [s.orderId, s.amount]))).toEqual({
      [orders[0]!.id]: 6_000,
      [orders[1]!.id]: 12_000,
    });
    for (const order of orders) {
      const cancel = await json('customer', 'POST', `/api/orders/${order.id}/transitions`, {
        action: 'cancel',
        note: 'Changed my mind.',
      });
      expect(cancel.status).toBe(409);
      expect(cancel.body.error!.message).toBe(DISPUTE_FREEZE);
      expect(await heldForOrder(db, order.id)).toBe(order.amount);
    }
    await booksBalance();
  });
});

async function paymentOf(orderId: string) {
  const { payments } = await import('../../src/server/db/schema/index.ts');
  const [row] = await t.database.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
  return row?.id;
}
