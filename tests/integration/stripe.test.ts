import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorPayouts } from '../../src/shared/schemas/payments.ts';
import { ConfigError, loadConfig, stripeApi } from '../../src/server/config.ts';
import {
  jobs,
  ledgerTransactions,
  orderEvents,
  payments,
  payouts,
  processorEvents,
  refunds,
  vendors,
} from '../../src/server/db/schema/index.ts';
import { heldForOrder, ledgerTotals } from '../../src/server/modules/ledger/index.ts';
import { recoverPayments } from '../../src/server/modules/payments/recovery.ts';
import {
  PAYOUT_ACCOUNT_INCOMPLETE,
  PAYOUT_ACCOUNT_MISSING,
} from '../../src/server/modules/payments/payouts.ts';
import { sendPendingRefunds } from '../../src/server/modules/payments/refunds.ts';
import type { TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { intentOf, startStripeWorld, type StripeWorld } from '../support/stripe-world.ts';
import { createPendingOrder } from '../support/factories.ts';
import {
  DECLINED_MESSAGE,
  FAKE_KEYS,
  TEST_CARDS,
  type FakeStripe,
  type StripeEvent,
} from '../support/fake-stripe.ts';

/**
 * Payments with Stripe (issue 13, acceptance point 4): our whole app, configured for Stripe and
 * pointed at a Stripe-shaped HTTP server on loopback. The SDK, the webhook signatures, the ledger and
 * the order machine are all real; the only fake is the server at the other end.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
const MINUTE = 60_000;
let w: StripeWorld;
let fake: FakeStripe;
let t: TestApp;
let vendorId = '';
let customerId = '';

beforeAll(async () => {
  w = await startStripeWorld(clock);
  ({ fake, t, vendorId, customerId } = w);
});
afterAll(() => w?.close());

const call = <T = unknown>(...args: Parameters<StripeWorld['call']>) => w.call<T>(...args);
const checkout = (orderId: string) => w.checkout(orderId);
const deliver = (...args: Parameters<StripeWorld['deliver']>) => w.deliver(...args);
const seconds = () => Math.floor(clock.now().getTime() / 1000);

const newOrder = (amount: number, deliveryInHours = 24 * 14) =>
  createPendingOrder(t.database.db, {
    customerId,
    vendorId,
    amount,
    refundPercent: 50,
    deliveryDate: new Date(clock.now().getTime() + deliveryInHours * HOUR),
    createdAt: clock.now(),
  });

const ofType = (events: StripeEvent[], type: string) => events.find((e) => e.type === type)!;
const orderStatus = async (orderId: string) =>
  (await call<{ status: string }>('customer', 'GET', `/api/orders/${orderId}`)).body.status;
const posts = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);
const round = () =>
  recoverPayments({
    db: t.database.db,
    processor: t.services.payments,
    now: clock.now(),
    log: t.services.log,
  });

/** Checkout, the card in Stripe's Payment Element, every event Stripe then sends delivered: paid. */
async function paidOrder(amount: number, deliveryInHours?: number) {
  const order = await newOrder(amount, deliveryInHours);
  const { body } = await checkout(order.id);
  for (const event of fake.confirm(intentOf(body), TEST_CARDS.succeeds))
    expect((await deliver(event)).status).toBe(200);
  expect(await orderStatus(order.id)).toBe('paid');
  return { order, checkout: body, intentId: intentOf(body) };
}

describe('paying with Stripe', () => {
  it('the checkout is a PaymentIntent made once; a signed success webhook pays the order and holds the money', async () => {
    const order = await newOrder(18_500);
    const first = await checkout(order.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      provider: 'stripe',
      status: 'requires_payment',
      amount: 18_500,
      publishableKey: FAKE_KEYS.publishableKey,
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
    });
    const created = posts('/v1/payment_intents').filter(
      (r) => r.idempotencyKey === `payment:${first.body.paymentId}`,
    );
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      idempotencyKey: `payment:${first.body.paymentId}`,
      body: {
        amount: '18500',
        currency: 'cad',
        automatic_payment_methods: { enabled: 'true' },
        metadata: { paymentId: first.body.paymentId, orderId: order.id },
        transfer_group: `order:${order.id}`,
      },
    });

    // Reopening the checkout looks the intent up; it does not make another.
    const intentsBefore = posts('/v1/payment_intents').length;
    const again = await checkout(order.id);
    expect(again.body).toMatchObject({
      paymentId: first.body.paymentId,
      clientSecret: first.body.clientSecret,
    });
    expect(posts('/v1/payment_intents')).toHaveLength(intentsBefore);

    const events = fake.confirm(intentOf(first.body), TEST_CARDS.succeeds);
    for (const event of events) {
      const res = await deliver(event);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
    }
    expect(await orderStatus(order.id)).toBe('paid');
    expect(await heldForOrder(t.database.db, order.id)).toBe(18_500);
    // Events that move nothing (charge.succeeded) are recorded as seen, nothing more.
    const [charge] = await t.database.db
      .select()
      .from(processorEvents)
      .where(eq(processorEvents.id, ofType(events, 'charge.succeeded').id));
    expect(charge).toMatchObject({
      provider: 'stripe',
      type: 'charge.succeeded',
      appliedAt: expect.any(Date),
    });
    expect((await checkout(order.id)).status).toBe(409);
  });

  it('the same success five times, out of order with a failure for the same intent: paid once', async () => {
    const order = await newOrder(6_400);
    const { body } = await checkout(order.id);
    const failed = ofType(fake.confirm(intentOf(body), TEST_CARDS.declined), 'payment_intent.payment_failed');
    const succeeded = ofType(fake.confirm(intentOf(body), TEST_CARDS.succeeds), 'payment_intent.succeeded');
    const sequence = [succeeded, failed, succeeded, succeeded, failed, succeeded, succeeded];
    for (const event of sequence) expect((await deliver(event)).status).toBe(200);
    // And all of them again at once.
    const together = await Promise.all(sequence.map((event) => deliver(event)));
    expect(together.map((r) => r.status)).toEqual(sequence.map(() => 200));

    const db = t.database.db;
    const postings = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.orderId, order.id));
    expect(postings.map((p) => p.kind)).toEqual(['payment']);
    expect(postings[0]!.idempotencyKey).toBe(`payment:${body.paymentId}`);
    const pays = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.action, 'pay')));
    expect(pays).toHaveLength(1);
    const [payment] = await db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(payment).toMatchObject({ status: 'succeeded', failureMessage: null });
    expect(await heldForOrder(db, order.id)).toBe(6_400);
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('a webhook without a valid signature is refused with 400 and nothing is stored or applied', async () => {
    const order = await newOrder(3_100);
    const { body } = await checkout(order.id);
    const event = ofType(fake.confirm(intentOf(body), TEST_CARDS.succeeds), 'payment_intent.succeeded');
    const payload = JSON.stringify(event);
    const refusals = [
      await deliver(event, { secret: 'whsec_someoneelse' }),
      // Signed, then changed on the way: the amount is not what Stripe signed.
      await deliver(payload.replace('"amount":3100', '"amount":1'), { signature: fake.sign(payload) }),
      await deliver(event, { timestamp: seconds() - 10 * 60 }),
      await deliver(event, { signature: 'garbage' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('not signed by Stripe') },
      });
    }
    const missing = await deliver(event, { signature: null });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { fields: object } }).error.fields).toEqual({
      'stripe-signature': 'The Stripe-Signature header is missing.',
    });

    const db = t.database.db;
    expect(await db.select().from(processorEvents).where(eq(processorEvents.id, event.id))).toEqual([]);
    expect(await orderStatus(order.id)).toBe('pending');
    expect(await heldForOrder(db, order.id)).toBe(0);
    // Stripe's own delivery still works afterwards.
    expect((await deliver(event)).status).toBe(200);
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('a declined card shows Stripe’s message and the order stays payable, on the same PaymentIntent', async () => {
    const order = await newOrder(4_200);
    const first = await checkout(order.id);
    for (const event of fake.confirm(intentOf(first.body), TEST_CARDS.declined)) await deliver(event);
    const after = await checkout(order.id);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      paymentId: first.body.paymentId,
      status: 'failed',
      failureMessage: DECLINED_MESSAGE,
      clientSecret: first.body.clientSecret,
    });
    expect(await orderStatus(order.id)).toBe('pending');
    expect(await heldForOrder(t.database.db, order.id)).toBe(0);

    for (const event of fake.confirm(intentOf(first.body), TEST_CARDS.succeeds)) await deliver(event);
    expect(await orderStatus(order.id)).toBe('paid');
    expect(await heldForOrder(t.database.db, order.id)).toBe(4_200);
  });

  it('a card that asks for 3-D Secure waits for it; confirmed, it pays', async () => {
    const order = await newOrder(2_750);
    const { body } = await checkout(order.id);
    for (const event of fake.confirm(intentOf(body), TEST_CARDS.authenticate)) await deliver(event);
    expect((await checkout(order.id)).body.status).toBe('requires_action');
    for (const event of fake.authenticate(intentOf(body), true)) await deliver(event);
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('the sandbox’s card form does not exist under Stripe', async () => {
    const order = await newOrder(1_500);
    const { body } = await checkout(order.id);
    const res = await call('customer', 'POST', `/api/payments/${body.paymentId}/sandbox-confirmation`, {
      number: '4242 4242 4242 4242',
      expiry: '12/29',
      cvc: '123',
    });
    expect(res.status).toBe(404);
    expect(await orderStatus(order.id)).toBe('pending');
  });
});

describe('refunds and payouts through Stripe', () => {
  it('a paid order cancelled 48 hours or more before delivery is refunded in full, with the refund’s key', async () => {
    const { order, intentId } = await paidOrder(9_900, 24 * 5);
    // Stripe refuses the first try; the cancellation still stands and the refund is owed.
    fake.failNext('POST /v1/refunds', { status: 400, type: 'invalid_request_error', message: 'Try later.' });
    const cancelled = await call('customer', 'POST', `/api/orders/${order.id}/transitions`, {
      action: 'cancel',
      note: 'Plans changed',
    });
    expect(cancelled.status).toBe(200);
    const db = t.database.db;
    const [owed] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(owed).toMatchObject({ amount: 9_900, status: 'pending', lastError: expect.any(String) });

    // Its job tries again a minute later (the queue's backoff), and sends it.
    clock.advance(MINUTE);
    expect(
      await sendPendingRefunds({ db, processor: t.services.payments, now: clock.now(), log: t.services.log }),
    ).toEqual({
      sent: 1,
      failed: 0,
    });
    const sent = posts('/v1/refunds').filter((r) => r.idempotencyKey === `refund:${owed!.id}`);
    expect(sent.at(-1)!.body).toMatchObject({ payment_intent: intentId, amount: '9900' });
    const [row] = await db.select().from(refunds).where(eq(refunds.id, owed!.id));
    expect(row).toMatchObject({ status: 'succeeded', providerRef: expect.stringMatching(/^re_/) });
    const [refundSent] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `refund_sent:${owed!.id}`));
    expect(refundSent).toMatchObject({ kind: 'refund_sent', orderId: order.id });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    // Nothing left to send.
    await sendPendingRefunds({ db, processor: t.services.payments, now: clock.now(), log: t.services.log });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });

  it('a vendor onboards with Stripe Connect Express, then a payout is a transfer to their account', async () => {
    const payoutsView = async () => (await call<VendorPayouts>('vendor', 'GET', '/api/me/payouts')).body;
    expect((await payoutsView()).payoutMethod).toEqual({ provider: 'stripe', connected: false });

    // A completed order (its event today, so it can be delivered now): the vendor's share is available.
    const { order } = await paidOrder(12_345, 2);
    for (const action of ['confirm', 'start', 'markReady', 'deliver'])
      expect((await call('vendor', 'POST', `/api/orders/${order.id}/transitions`, { action })).status).toBe(
        200,
      );
    expect(
      (await call('customer', 'POST', `/api/orders/${order.id}/transitions`, { action: 'confirmSatisfied' }))
        .status,
    ).toBe(200);
    const available = (await payoutsView()).availableCents;
    expect(available).toBeGreaterThanOrEqual(12_345 - 988);

    // No account yet: refused before any money moves.
    const early = await call('vendor', 'POST', '/api/me/payouts');
    expect(early).toMatchObject({ status: 409, body: { error: { message: PAYOUT_ACCOUNT_MISSING } } });
    expect((await payoutsView()).availableCents).toBe(available);

    const onboarding = await call<{ url: string }>('vendor', 'POST', '/api/me/payouts/stripe-onboarding');
    expect(onboarding.status).toBe(200);
    expect(onboarding.body.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    const [account] = posts('/v1/accounts');
    expect(account).toMatchObject({
      idempotencyKey: `account:${vendorId}`,
      body: { type: 'express', country: 'CA', capabilities: { transfers: { requested: 'true' } } },
    });
    expect(posts('/v1/account_links').at(-1)!.body).toMatchObject({
      type: 'account_onboarding',
      refresh_url: 'http://localhost:3000/vendor-dashboard?tab=payouts&stripe=refresh',
      return_url: 'http://localhost:3000/vendor-dashboard?tab=payouts&stripe=return',
    });
    const [vendor] = await t.database.db.select().from(vendors).where(eq(vendors.id, vendorId));
    const accountId = vendor!.stripeAccountId!;
    expect(fake.accounts.has(accountId)).toBe(true);
    // Asking again is a new link to the same account.
    expect((await call('vendor', 'POST', '/api/me/payouts/stripe-onboarding')).status).toBe(200);
    expect(posts('/v1/accounts')).toHaveLength(1);

    // Onboarding not finished: still refused, still nothing moved.
    const unfinished = await call('vendor', 'POST', '/api/me/payouts');
    expect(unfinished).toMatchObject({
      status: 409,
      body: { error: { message: PAYOUT_ACCOUNT_INCOMPLETE } },
    });
    fake.completeOnboarding(accountId);
    expect((await payoutsView()).payoutMethod).toEqual({ provider: 'stripe', connected: true });

    const payout = await call<{ id: string; amountCents: number; status: string }>(
      'vendor',
      'POST',
      '/api/me/payouts',
    );
    expect(payout).toMatchObject({ status: 201, body: { amountCents: available, status: 'paid' } });
    const [transfer] = posts('/v1/transfers');
    expect(transfer).toMatchObject({
      idempotencyKey: `payout:${payout.body.id}`,
      body: {
        amount: String(available),
        currency: 'cad',
        destination: accountId,
        transfer_group: `payout:${payout.body.id}`,
      },
    });
    expect((await payoutsView()).availableCents).toBe(0);
  });
});

describe('recovery rounds', () => {
  it('a payment whose success webhook never arrived is finished by the recovery round, once', async () => {
    const order = await newOrder(5_550);
    const { body } = await checkout(order.id);
    const events = fake.confirm(intentOf(body), TEST_CARDS.succeeds); // …and the webhook is lost.
    expect((await round()).paymentsRecovered).toBe(0); // too soon to ask
    clock.advance(11 * MINUTE);
    expect((await round()).paymentsRecovered).toBe(1);
    expect(await orderStatus(order.id)).toBe('paid');
    expect(await heldForOrder(t.database.db, order.id)).toBe(5_550);
    const [stored] = await t.database.db
      .select()
      .from(processorEvents)
      .where(eq(processorEvents.id, `recovered:${body.paymentId}`));
    expect(stored!.appliedAt).not.toBeNull();

    // The late webhook, and later rounds, change nothing.
    expect((await deliver(ofType(events, 'payment_intent.succeeded'))).status).toBe(200);
    clock.advance(30 * MINUTE);
    expect((await round()).paymentsRecovered).toBe(0);
    const postings = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.orderId, order.id));
    expect(postings).toHaveLength(1);
  });

  it('a payment that succeeded after its order was cancelled is refunded in full when recovery finds it', async () => {
    const order = await newOrder(2_020);
    const { body } = await checkout(order.id);
    expect(
      (
        await call('customer', 'POST', `/api/orders/${order.id}/transitions`, {
          action: 'cancel',
          note: 'No',
        })
      ).status,
    ).toBe(200);
    fake.confirm(intentOf(body), TEST_CARDS.succeeds); // paid in a tab left open; the webhook is lost
    clock.advance(11 * MINUTE);
    expect((await round()).paymentsRecovered).toBe(1);
    const db = t.database.db;
    await sendPendingRefunds({ db, processor: t.services.payments, now: clock.now(), log: t.services.log });
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amount: 2_020, status: 'succeeded' });
    expect(await orderStatus(order.id)).toBe('cancelled');
    expect(await heldForOrder(db, order.id)).toBe(0);
  });

  it('a webhook that arrived before the payment’s intent id was recorded is applied by the next round', async () => {
    const order = await newOrder(7_070);
    const { body } = await checkout(order.id);
    const db = t.database.db;
    // As after a crash between Stripe's answer and recording it: the payment has no intent id yet.
    await db.update(payments).set({ providerRef: null }).where(eq(payments.id, body.paymentId));
    const succeeded = ofType(fake.confirm(intentOf(body), TEST_CARDS.succeeds), 'payment_intent.succeeded');
    expect((await deliver(succeeded)).status).toBe(200);
    const [kept] = await db.select().from(processorEvents).where(eq(processorEvents.id, succeeded.id));
    expect(kept).toMatchObject({ appliedAt: null, error: expect.any(String) });
    expect(await orderStatus(order.id)).toBe('pending');

    // The checkout is asked again (same idempotency key: the same intent), then the round applies it.
    expect((await checkout(order.id)).status).toBe(200);
    expect((await round()).eventsApplied).toBe(1);
    expect(await orderStatus(order.id)).toBe('paid');
    expect((await round()).eventsApplied).toBe(0);
  });

  it('a payout whose transfer failed is retried once by recovery, with the same key', async () => {
    // An event in two hours: the vendor can deliver it now.
    const { order } = await paidOrder(8_000, 2);
    for (const action of ['confirm', 'start', 'markReady', 'deliver'])
      await call('vendor', 'POST', `/api/orders/${order.id}/transitions`, { action });
    await call('customer', 'POST', `/api/orders/${order.id}/transitions`, { action: 'confirmSatisfied' });

    fake.failNext('POST /v1/transfers', { status: 400, type: 'invalid_request_error', message: 'Not now.' });
    const payout = await call<{ id: string; amountCents: number; status: string }>(
      'vendor',
      'POST',
      '/api/me/payouts',
    );
    expect(payout).toMatchObject({ status: 201, body: { status: 'pending', amountCents: 8_000 - 640 } });
    const key = `payout:${payout.body.id}`;
    const transfersWithKey = () => [...fake.transfers.values()].filter((tr) => tr.transfer_group === key);
    expect(transfersWithKey()).toHaveLength(0);

    expect((await round()).payoutsSent).toBe(0); // retried after a pause, not at once
    clock.advance(6 * MINUTE);
    expect(await round()).toMatchObject({ payoutsSent: 1, payoutsFailed: 0 });
    expect(posts('/v1/transfers').filter((r) => r.idempotencyKey === key)).toHaveLength(2);
    expect(transfersWithKey()).toHaveLength(1);
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, payout.body.id));
    expect(row).toMatchObject({ status: 'paid', providerRef: transfersWithKey()[0]!.id, lastError: null });
    // The retry was the payout's own job on the queue, done now.
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${key}:send`));
    expect(job).toMatchObject({ kind: 'payments.sendPayout', status: 'done' });

    clock.advance(6 * MINUTE);
    expect((await round()).payoutsSent).toBe(0);
    expect(transfersWithKey()).toHaveLength(1);
  });
});

describe('Stripe, all told', () => {
  it('every POST to Stripe carried an idempotency key and every request the secret key', () => {
    expect(fake.requests.length).toBeGreaterThan(20);
    expect(fake.postsWithoutKey()).toEqual([]);
    expect(fake.requests.filter((r) => r.authorization !== `Bearer ${FAKE_KEYS.secretKey}`)).toEqual([]);
  });

  it('Stripe’s balance transactions agree with the ledger: collected, refunded, paid out', async () => {
    const processor = await t.services.payments.totals();
    const ledger = await ledgerTotals(t.database.db);
    expect(processor).toEqual({
      collectedCents: ledger.collectedCents,
      refundedCents: ledger.refundedCents,
      paidOutCents: ledger.paidOutCents,
    });
    expect(processor.collectedCents).toBeGreaterThan(0);
  });

  it('the pages allow Stripe.js (and only under Stripe)', async () => {
    const csp = (await t.app.request('/api/health')).headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com;');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
  });
});

describe('configuration', () => {
  const base = { DATA_DIR: 'data/test', AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789' };
  const failure = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('expected a configuration error');
  };

  it('PAYMENTS_PROVIDER=stripe without its keys fails at start-up, naming each missing variable', () => {
    const message = failure({ PAYMENTS_PROVIDER: 'stripe' });
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'])
      expect(message).toContain(`${name}: ${name} must be set when PAYMENTS_PROVIDER=stripe`);
    expect(
      failure({ PAYMENTS_PROVIDER: 'stripe', ...keys(), STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' }),
    ).toContain('both be test keys or both be live keys');
    expect(failure({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toContain(
      'STRIPE_SECRET_KEY: must be a Stripe secret key',
    );
    expect(failure({ STRIPE_API_URL: 'ftp://mock' })).toContain('STRIPE_API_URL');
  });

  it('reads the keys and the API override into the SDK’s host, port and protocol', () => {
    expect(loadConfig(base).payments).toEqual({ provider: 'sandbox' });
    const config = loadConfig({
      ...base,
      PAYMENTS_PROVIDER: 'stripe',
      ...keys(),
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      stripe: {
        secretKey: 'sk_test_abc',
        publishableKey: 'pk_test_abc',
        webhookSecret: 'whsec_abc',
        api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      },
    });
    expect(stripeApi('https://stripe.internal.example')).toEqual({
      host: 'stripe.internal.example',
      port: 443,
      protocol: 'https',
    });
  });

  function keys() {
    return {
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
  }
});
