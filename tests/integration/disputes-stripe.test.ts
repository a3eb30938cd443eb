import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeDetail } from '../../src/shared/schemas/disputes.ts';
import type { Actor } from '../../src/server/actor.ts';
import {
  disputeOrders,
  disputes,
  ledgerTransactions,
  payments,
  refunds,
  vendors,
} from '../../src/server/db/schema/index.ts';
import {
  disputedByOrder,
  disputeTotals,
  heldForOrder,
  ledgerTotals,
  vendorBalances,
  vendorCreditByOrder,
} from '../../src/server/modules/ledger/index.ts';
import { DISPUTE_FREEZE } from '../../src/server/modules/payments/disputes.ts';
import { PAYMENT_CANCELED } from '../../src/server/modules/payments/disputes-events.ts';
import { sendPendingRefunds } from '../../src/server/modules/payments/refunds.ts';
import { keyPrefix, type StoredImage } from '../../src/server/modules/storage/index.ts';
import { transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, signIn } from '../support/factories.ts';
import { FAKE_KEYS, TEST_CARDS, type StripeEvent } from '../support/fake-stripe.ts';
import { intentOf, startStripeWorld, type StripeWorld } from '../support/stripe-world.ts';

/**
 * Card disputes, refunds made in Stripe's Dashboard and cancelled intents, through the loopback Stripe
 * and its signed webhooks: applied once, in any order, with the money frozen, moved and recovered.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let w: StripeWorld;
let admin = '';
let vendorActor: Actor;

beforeAll(async () => {
  w = await startStripeWorld(clock);
  const db = w.t.database.db;
  const user = await createUser(db, { role: 'admin' });
  admin = await signIn(w.t.app, user.email);
  vendorActor = { id: w.vendorUserId, email: 'v@example.com', name: 'V', userType: 'vendor', role: 'user' };
});
afterAll(() => w?.close());

const db = () => w.t.database.db;
const asAdmin = async <T>(method: string, path: string, body?: unknown) => {
  const res = await w.t.app.request(path, {
    method,
    headers: {
      Cookie: admin,
      Origin: 'http://localhost:3000',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
};
const deliverAll = async (events: StripeEvent[]) => {
  for (const event of events) expect((await w.deliver(event)).status).toBe(200);
};
const byType = (events: StripeEvent[], type: string) => events.find((e) => e.type === type)!;

async function paidOrder(amount: number) {
  const order = await createPendingOrder(db(), {
    customerId: w.customerId,
    vendorId: w.vendorId,
    amount,
    deliveryDate: new Date(clock.now().getTime() + HOUR),
    createdAt: clock.now(),
  });
  const { body } = await w.checkout(order.id);
  await deliverAll(w.fake.confirm(intentOf(body), TEST_CARDS.succeeds));
  return { order, intentId: intentOf(body) };
}

async function deliverOrder(orderId: string, photo?: StoredImage) {
  for (const action of ['confirm', 'start', 'markReady', 'deliver'])
    await transitionOrder(db(), {
      orderId,
      action,
      by: { kind: 'user', actor: vendorActor },
      now: clock.now(),
      ...(action === 'deliver' && photo && { photo }),
    });
}
const confirmSatisfied = (orderId: string) =>
  w.call('customer', 'POST', `/api/orders/${orderId}/transitions`, { action: 'confirmSatisfied' });

const disputeOf = async (ref: string) =>
  (await db().select().from(disputes).where(eq(disputes.providerRef, ref)))[0]!;
const postingsLike = async (key: string) =>
  db().select().from(ledgerTransactions).where(like(ledgerTransactions.idempotencyKey, key));

describe('card disputes with Stripe', () => {
  it('a dispute freezes the order, the admin submits the evidence through Stripe, and the won dispute releases it', async () => {
    const { order, intentId } = await paidOrder(20_000);
    // Delivered with a photo: it goes with the evidence as a file.
    const photoBytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 5, 6]);
    const photoId = `${keyPrefix('order', order.id)}/${crypto.randomUUID()}`;
    const photo = {
      imageKey: `${photoId}.webp`,
      thumbKey: `${photoId}-thumb.webp`,
      width: 4,
      height: 3,
    };
    await w.t.services.storage.put('deliveries', photo.imageKey, photoBytes, 'image/webp');
    await deliverOrder(order.id, photo);
    const events = w.fake.openDispute(intentId);
    await deliverAll(events);
    const created = byType(events, 'charge.dispute.created');
    const dp = created.data.object.id;
    const dispute = await disputeOf(dp);
    expect(dispute).toMatchObject({ status: 'needs_response', amount: 20_000, reason: 'fraudulent' });
    expect(await heldForOrder(db(), order.id)).toBe(20_000);
    expect((await disputedByOrder(db(), [order.id])).get(order.id)).toBe(20_000);
    expect((await postingsLike(`dispute_fee:${dispute.id}:%`)).length).toBe(1);

    // Delivered again (Stripe retries): nothing moves twice.
    await deliverAll([created, created]);
    expect(await postingsLike(`dispute_opened:${dispute.id}:%`)).toHaveLength(1);
    expect((await postingsLike(`dispute_fee:${dispute.id}:%`)).length).toBe(1);

    // Frozen: no completion while the bank decides.
    const refused = await confirmSatisfied(order.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error!.message).toBe(DISPUTE_FREEZE);

    // The evidence goes to Stripe once, with our key, and submitted.
    const sent = await asAdmin<DisputeDetail>('POST', `/api/admin/disputes/${dispute.id}/evidence`);
    expect(sent.status).toBe(200);
    const updates = w.fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/disputes/${dp}`);
    expect(updates).toHaveLength(1);
    // The delivery photo went up first, under a key of its own, and the evidence names it.
    const uploads = w.fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/files');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({
      idempotencyKey: `dispute_evidence:${dispute.id}:shipping_documentation`,
      body: { purpose: 'dispute_evidence' },
    });
    const [fileId, file] = [...w.fake.files][0]!;
    expect(file).toMatchObject({
      purpose: 'dispute_evidence',
      name: 'delivery-photo.webp',
      type: 'image/webp',
    });
    expect([...file!.bytes]).toEqual([...photoBytes]);
    expect(updates[0]).toMatchObject({
      idempotencyKey: `dispute_evidence:${dispute.id}`,
      body: {
        submit: 'true',
        evidence: {
          uncategorized_text: expect.stringContaining(order.orderNumber),
          shipping_documentation: fileId,
        },
      },
    });
    expect(sent.body.status).toBe('under_review');
    expect((await asAdmin('POST', `/api/admin/disputes/${dispute.id}/evidence`)).status).toBe(409);
    await deliverAll([w.fake.events.at(-1)!]);

    // Won: the closing event, then the old "created" arriving late, leave it won.
    await deliverAll(w.fake.closeDispute(dp, 'won'));
    await deliverAll([created]);
    expect((await disputeOf(dp)).status).toBe('won');
    expect((await disputedByOrder(db(), [order.id])).get(order.id)).toBe(0);
    expect((await confirmSatisfied(order.id)).status).toBe(200);
    expect(await heldForOrder(db(), order.id)).toBe(0);
    // The books still agree with Stripe's records of collected and paid-out money.
    const processed = await w.t.services.payments.totals();
    const books = await ledgerTotals(db());
    expect(processed.collectedCents).toBe(books.collectedCents);
    expect(processed.refundedCents).toBe(books.refundedCents);
  });

  it('several deliveries of one dispute at once record it and move its money once', async () => {
    const { order, intentId } = await paidOrder(7_000);
    const created = byType(w.fake.openDispute(intentId), 'charge.dispute.created');
    const answers = await Promise.all([1, 2, 3, 4].map(() => w.deliver(created)));
    expect(answers.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    // Whatever failed for lack of the lock is applied by the next delivery.
    await deliverAll([created]);
    const dispute = await disputeOf(created.data.object.id);
    expect(
      await db().select().from(disputeOrders).where(eq(disputeOrders.disputeId, dispute.id)),
    ).toHaveLength(1);
    expect(await postingsLike(`dispute_opened:${dispute.id}:%`)).toHaveLength(1);
    expect((await disputedByOrder(db(), [order.id])).get(order.id)).toBe(7_000);
  });

  it('a dispute lost after the vendor was paid out takes what the order paid them below zero, recovered from the next payout; Frosted bears its fee', async () => {
    // The vendor can receive transfers.
    expect((await w.call('vendor', 'POST', '/api/me/payouts/stripe-onboarding')).status).toBe(200);
    const [vendor] = await db().select().from(vendors).where(eq(vendors.id, w.vendorId));
    w.fake.completeOnboarding(vendor!.stripeAccountId!);

    const { order, intentId } = await paidOrder(10_000);
    await deliverOrder(order.id);
    expect((await confirmSatisfied(order.id)).status).toBe(200);
    const credited = (await vendorCreditByOrder(db(), w.vendorId, [order.id])).get(order.id)!;
    // What the vendor was paid for it: the 100.00 less the 8% fee (the order was made without tax).
    expect(credited).toBe(10_000 - 800);
    expect((await w.call('vendor', 'POST', '/api/me/payouts')).status).toBe(201);
    expect((await vendorBalances(db(), w.vendorId)).availableCents).toBe(0);

    const opened = w.fake.openDispute(intentId);
    await deliverAll(opened);
    const dp = byType(opened, 'charge.dispute.created').data.object.id;
    await deliverAll(w.fake.closeDispute(dp, 'lost'));
    expect((await disputeOf(dp)).status).toBe('lost');
    // The vendor gives back what the order paid them; the fee and its tax Frosted kept are Frosted's loss.
    expect((await vendorBalances(db(), w.vendorId)).availableCents).toBe(-credited);
    const totals = await disputeTotals(db());
    expect(totals.chargebacksCents).toBeGreaterThanOrEqual(10_000);
    expect(totals.chargebackLossesCents).toBeGreaterThanOrEqual(800);
    // Nothing to pay out while the balance is below zero.
    expect((await w.call('vendor', 'POST', '/api/me/payouts')).status).toBe(409);

    // The next order's money first makes up the loss; the payout is what is left above zero.
    const next = await paidOrder(30_000);
    await deliverOrder(next.order.id);
    expect((await confirmSatisfied(next.order.id)).status).toBe(200);
    const nextCredit = (await vendorCreditByOrder(db(), w.vendorId, [next.order.id])).get(next.order.id)!;
    expect((await vendorBalances(db(), w.vendorId)).availableCents).toBe(nextCredit - credited);
    const payout = await w.call<{ amountCents: number }>('vendor', 'POST', '/api/me/payouts');
    expect(payout.status).toBe(201);
    expect(payout.body.amountCents).toBe(nextCredit - credited);
    expect([...w.fake.transfers.values()].at(-1)!.amount).toBe(nextCredit - credited);
    expect((await vendorBalances(db(), w.vendorId)).availableCents).toBe(0);
  });

  it('a refund made in Stripe’s Dashboard is posted once; Frosted’s own refunds are not counted again', async () => {
    const { order, intentId } = await paidOrder(12_000);
    const before = await ledgerTotals(db());
    const events = w.fake.refundFromDashboard(intentId, 2_000);
    await deliverAll(events);
    await deliverAll([byType(events, 'charge.refunded')]);
    expect(await heldForOrder(db(), order.id)).toBe(10_000);
    expect((await ledgerTotals(db())).refundedCents - before.refundedCents).toBe(2_000);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    // The customer has a receipt for it, as for any refund.
    const list = await w.call<{ receipts: { id: string; kind: string; amountCents: number }[] }>(
      'customer',
      'GET',
      `/api/me/receipts?orderId=${order.id}`,
    );
    const refundReceipt = list.body.receipts.find((r) => r.kind === 'refund');
    expect(refundReceipt).toMatchObject({ amountCents: 2_000 });
    const receipt = await w.call<{ amountCents: number; kind: string }>(
      'customer',
      'GET',
      `/api/me/receipts/${refundReceipt!.id}`,
    );
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ kind: 'refund', amountCents: 2_000 });

    // The vendor cancels: Frosted refunds what is left; Stripe's charge.refunded then lists both refunds.
    const cancelled = await w.call('vendor', 'POST', `/api/orders/${order.id}/transitions`, {
      action: 'vendorCancel',
      note: 'Oven broke.',
    });
    expect(cancelled.body.error?.message ?? '').toBe('');
    await sendPendingRefunds({
      db: db(),
      processor: w.t.services.payments,
      now: clock.now(),
      log: w.t.services.log,
    });
    const charge = byType(events, 'charge.refunded');
    await deliverAll([
      {
        ...charge,
        id: `${charge.id}_again`,
        data: { object: { ...charge.data.object, amount_refunded: 12_000 } },
      },
    ]);
    const after = await ledgerTotals(db());
    expect(after.refundedCents - before.refundedCents).toBe(12_000);
    expect((await w.t.services.payments.totals()).refundedCents).toBe(after.refundedCents);
    expect(await heldForOrder(db(), order.id)).toBe(0);
  });

  it('a PaymentIntent cancelled at Stripe moves our payment to failed', async () => {
    const order = await createPendingOrder(db(), {
      customerId: w.customerId,
      vendorId: w.vendorId,
      amount: 4_000,
      createdAt: clock.now(),
    });
    const { body } = await w.checkout(order.id);
    const res = await fetch(`${w.fake.url}/v1/payment_intents/${intentOf(body)}/cancel`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${FAKE_KEYS.secretKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'cancellation_reason=abandoned',
    });
    expect(res.status).toBe(200);
    await deliverAll([w.fake.events.at(-1)!]);
    const [payment] = await db().select().from(payments).where(eq(payments.id, body.paymentId));
    expect(payment).toMatchObject({ status: 'failed', failureMessage: PAYMENT_CANCELED });
    // And a replay of it changes nothing more.
    await deliverAll([w.fake.events.at(-1)!]);
    expect(
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'failed'))),
    ).toHaveLength(1);
  });
});
