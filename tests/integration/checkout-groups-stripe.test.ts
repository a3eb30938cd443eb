import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupCheckout } from '../../src/shared/schemas/payments.ts';
import { checkoutGroups, ledgerTransactions, vendors } from '../../src/server/db/schema/index.ts';
import { heldForOrder } from '../../src/server/modules/ledger/index.ts';
import { sendPendingRefunds } from '../../src/server/modules/payments/refunds.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder } from '../support/factories.ts';
import { TEST_CARDS } from '../support/fake-stripe.ts';
import { intentOf, startStripeWorld, type StripeWorld } from '../support/stripe-world.ts';

/**
 * One checkout for several orders with Stripe (issue 25): one PaymentIntent for the total with a
 * transfer_group, webhooks delivered again and in parallel applied once per order, a cancelled order's
 * share refunded from the shared charge, and the payout a transfer with the group's transfer_group and
 * the charge as source_transaction ("separate charges and transfers").
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let w: StripeWorld;

beforeAll(async () => {
  w = await startStripeWorld(clock);
});
afterAll(() => w?.close());

const newOrder = (amount: number, deliveryInHours = 2) =>
  createPendingOrder(w.t.database.db, {
    customerId: w.customerId,
    vendorId: w.vendorId,
    amount,
    refundPercent: 50,
    deliveryDate: new Date(clock.now().getTime() + deliveryInHours * HOUR),
    createdAt: clock.now(),
  });
const transition = (as: 'customer' | 'vendor', orderId: string, action: string, note?: string) =>
  w.call(as, 'POST', `/api/orders/${orderId}/transitions`, { action, ...(note && { note }) });

describe('one checkout for several orders (Stripe)', () => {
  it('one PaymentIntent with a transfer_group; retried webhooks pay each order once; one order’s share refunded; the payout carries the group and the charge', async () => {
    const { fake, t } = w;
    const db = t.database.db;
    const kept = await newOrder(15_000);
    const cancelled = await newOrder(8_000, 24 * 10);
    const opened = await w.call<GroupCheckout>('customer', 'POST', '/api/payments/groups', {
      orderIds: [kept.id, cancelled.id],
    });
    expect(opened.status).toBe(200);
    const groupId = opened.body.checkoutGroupId;
    expect(opened.body).toMatchObject({ provider: 'stripe', amount: 23_000, status: 'requires_payment' });
    const created = fake.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === `checkout_group:${groupId}`,
    );
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({
      amount: '23000',
      transfer_group: `checkout:${groupId}`,
      metadata: { paymentId: groupId, checkoutGroupId: groupId },
    });
    // Two tabs: the same intent.
    const again = await w.call<GroupCheckout>('customer', 'POST', '/api/payments/groups', {
      orderIds: [cancelled.id, kept.id],
    });
    expect(again.body.clientSecret).toBe(opened.body.clientSecret);

    expect((await w.call('customer', 'POST', `/api/payments/groups/${groupId}/submitted`)).status).toBe(200);
    const events = fake.confirm(intentOf(opened.body as never), TEST_CARDS.succeeds);
    // Stripe retries: every event delivered three times, all at once.
    const answers = await Promise.all([...events, ...events, ...events].map((e) => w.deliver(e)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const o of [kept, cancelled]) {
      expect(await heldForOrder(db, o.id)).toBe(o.amount);
      const postings = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.orderId, o.id));
      expect(postings.filter((p) => p.kind === 'payment')).toHaveLength(1);
    }
    const [group] = await db.select().from(checkoutGroups).where(eq(checkoutGroups.id, groupId));
    expect(group).toMatchObject({ status: 'succeeded', submittedAt: null });
    expect(group!.chargeRef).toMatch(/^ch_/);

    // The vendor cancels one order more than 48 hours ahead: only its share comes back, once.
    expect((await transition('vendor', cancelled.id, 'vendorCancel', 'Double booked')).status).toBe(200);
    const round = { db, processor: t.services.payments, now: clock.now(), log: t.services.log };
    await Promise.all([sendPendingRefunds(round), sendPendingRefunds(round)]);
    const refunded = [...fake.refunds.values()].filter((r) => r.payment_intent === group!.providerRef);
    expect(refunded.map((r) => r.amount)).toEqual([8_000]);
    expect(await heldForOrder(db, kept.id)).toBe(15_000);

    // The other is delivered and confirmed; the vendor is paid out from the group's charge.
    for (const action of ['confirm', 'start', 'markReady', 'deliver'])
      expect((await transition('vendor', kept.id, action)).status).toBe(200);
    expect((await transition('customer', kept.id, 'confirmSatisfied')).status).toBe(200);
    expect((await w.call('vendor', 'POST', '/api/me/payouts/stripe-onboarding')).status).toBe(200);
    const [vendor] = await db.select().from(vendors).where(eq(vendors.id, w.vendorId));
    fake.completeOnboarding(vendor!.stripeAccountId!);
    const payout = await w.call<{ id: string; status: string; amountCents: number }>(
      'vendor',
      'POST',
      '/api/me/payouts',
    );
    expect(payout.body.status).toBe('paid');
    const transfers = [...fake.transfers.values()];
    const fromGroup = transfers.filter((tr) => tr.transfer_group === `checkout:${groupId}`);
    expect(fromGroup).toHaveLength(1);
    expect(fromGroup[0]).toMatchObject({
      source_transaction: group!.chargeRef,
      amount: 15_000 - 1_200,
      destination: vendor!.stripeAccountId,
    });
    expect(transfers.reduce((s, tr) => s + Number(tr.amount), 0)).toBe(payout.body.amountCents);
  });
});
