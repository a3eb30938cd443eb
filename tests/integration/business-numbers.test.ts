import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout } from '../../src/shared/schemas/payments.ts';
import type { NotificationList } from '../../src/shared/schemas/notifications.ts';
import { payments, refunds } from '../../src/server/db/schema/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/index.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { chargeDueBalances } from '../../src/server/modules/payments/balance.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createDepositOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/**
 * The business rules of src/shared as the app applies them, where a wrong rule would move money the
 * wrong way. A balance paid after its order was cancelled must go back to the customer: the order is
 * final (`isFinalOrderStatus`), so the payment is refunded in full, never announced as charged.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };
/** Like Stripe's 4000 0000 0000 0341: it pays at checkout and is saved, but the balance is declined. */
const DECLINES_LATER = { ...GOOD_CARD, number: '4000 0000 0000 0341' };
let t: TestApp;
let vendorId = '';
let customerId = '';
let cookie = '';

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const customer = await createUser(t.database.db);
  const owner = await createUser(t.database.db, { userType: 'vendor' });
  vendorId = (await createVendor(t.database.db, { userId: owner.id, depositPercent: 50, balanceDueDays: 14 }))
    .id;
  customerId = customer.id;
  cookie = await signIn(t.app, customer.email);
});
afterAll(() => t.close());

async function call<T>(method: string, path: string, body?: unknown) {
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
}

const runTimers = async () => {
  const deps = { db: t.database.db, now: clock.now(), log: t.services.log };
  await runDueJobs({ ...deps, handlers: jobHandlers });
  return chargeDueBalances({ ...deps, processor: t.services.payments });
};

describe('a balance captured after its order was cancelled', () => {
  it('is refunded in full, and the customer is not told it was charged', async () => {
    // $200.01 with a 50 % deposit: $100.01 now, $100.00 charged 14 days before the event (Dec 31).
    const order = await createDepositOrder(t.database.db, {
      customerId,
      vendorId,
      amount: 20_001,
      days: 30,
      createdAt: clock.now(),
    });
    const deposit = await call<Checkout>('POST', '/api/payments', { orderId: order.id });
    expect(deposit.body).toMatchObject({ purpose: 'deposit', amount: 10_001 });
    const paid = await call<Checkout>(
      'POST',
      `/api/payments/${deposit.body.paymentId}/sandbox-confirmation`,
      DECLINES_LATER,
    );
    expect(paid.body.status).toBe('succeeded');

    // On its due day the saved card declines the balance; the customer opens the link to pay it.
    clock.set(order.balanceDueAt);
    expect(await runTimers()).toEqual({ charged: 0, declined: 1, failed: 0 });
    const balance = await call<Checkout>('POST', '/api/payments', { orderId: order.id });
    expect(balance.status).toBe(200);
    expect(balance.body).toMatchObject({ purpose: 'balance', amount: 10_000, status: 'requires_payment' });

    // Then cancels, 14 days before the event: a full refund of what was paid (the deposit).
    const cancelled = await call('POST', `/api/orders/${order.id}/transitions`, {
      action: 'cancel',
      note: 'The party is off',
    });
    expect(cancelled.status).toBe(200);

    // The card form still open in another tab goes through after the cancellation.
    const late = await call<Checkout>(
      'POST',
      `/api/payments/${balance.body.paymentId}/sandbox-confirmation`,
      GOOD_CARD,
    );
    expect(late.status).toBe(200);
    // Everything comes back: the deposit's $100.01 by the Terms and the whole $100.00 balance.
    expect(late.body).toMatchObject({
      status: 'succeeded',
      refund: { reason: 'order_cancelled', amountCents: 20_001 },
    });
    const owed = await t.database.db
      .select({ amount: refunds.amount, purpose: payments.purpose })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.orderId, order.id));
    expect(owed.sort((a, b) => a.amount - b.amount)).toEqual([
      { amount: 10_000, purpose: 'balance' },
      { amount: 10_001, purpose: 'deposit' },
    ]);

    // Never "Balance paid … $100.00 was charged to your card".
    const { body } = await call<NotificationList>('GET', '/api/me/notifications');
    const about = body.notifications.filter((n) => n.refs.orderId === order.id).map((n) => n.type);
    expect(about).toContain('balance.failed');
    expect(about).not.toContain('balance.charged');
  });
});
