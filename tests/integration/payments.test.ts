import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Checkout, VendorPayouts } from '../../src/shared/schemas/payments.ts';
import { emailOutbox, refunds, sandboxRefunds, sandboxTransfers } from '../../src/server/db/schema/index.ts';
import { heldForOrder, ledgerTotals, vendorBalances } from '../../src/server/modules/ledger/index.ts';
import { TOO_LATE_TO_CANCEL } from '../../src/server/modules/payments/money.ts';
import { applyProcessorEvent } from '../../src/server/modules/payments/events.ts';
import { startCheckout } from '../../src/server/modules/payments/checkout.ts';
import { confirmSandboxPayment } from '../../src/server/modules/payments/sandbox-checkout.ts';
import { SANDBOX_MESSAGES, type SandboxProcessor } from '../../src/server/modules/payments/sandbox.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/** Checkout with the sandbox processor, payment protection and the money of each ending, over HTTP. */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
let vendorId = '';
let customerId = '';
const cookies = { customer: '', vendor: '', stranger: '' };

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customer = await createUser(db);
  const stranger = await createUser(db);
  const owner = await createUser(db, { userType: 'vendor' });
  // Many orders of these tests share a day: room for them all (capacity is checked at payment too).
  const vendor = await createVendor(db, {
    userId: owner.id,
    cancellationRefundPercent: 50,
    ordersPerDay: 20,
  });
  vendorId = vendor.id;
  customerId = customer.id;
  cookies.customer = await signIn(t.app, customer.email);
  cookies.vendor = await signIn(t.app, owner.email);
  cookies.stranger = await signIn(t.app, stranger.email);
});
afterAll(() => t.close());

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

async function newOrder(amount: number, deliveryInHours = 24 * 14, refundPercent = 50, gstBps = 0) {
  return createPendingOrder(t.database.db, {
    customerId,
    vendorId,
    amount,
    refundPercent,
    gstBps,
    deliveryDate: new Date(clock.now().getTime() + deliveryInHours * HOUR),
    createdAt: clock.now(),
  });
}

async function checkout(orderId: string, as: keyof typeof cookies = 'customer') {
  const res = await call(as, 'POST', '/api/payments', { orderId });
  return {
    status: res.status,
    body: (await res.json()) as Checkout & { error?: { message: string; fields?: Record<string, string> } },
  };
}

async function pay(orderId: string, number = '4242 4242 4242 4242') {
  const { body } = await checkout(orderId);
  const res = await call('customer', 'POST', `/api/payments/${body.paymentId}/sandbox-confirmation`, {
    number,
    expiry: '12/29',
    cvc: '123',
  });
  return {
    status: res.status,
    body: (await res.json()) as Checkout & { error?: { message: string; fields?: Record<string, string> } },
  };
}

const orderStatus = async (orderId: string) => {
  const res = await call('customer', 'GET', `/api/orders/${orderId}`);
  return ((await res.json()) as { status: string }).status;
};

/**
 * Pays through the services the checkout routes call, for tests about what happens after payment:
 * the card routes are limited to 20 attempts an hour per customer (as a processor limits card testing).
 */
async function payDirectly(orderId: string) {
  const actor = {
    id: customerId,
    email: 'c@example.test',
    name: 'C',
    userType: 'customer' as const,
    role: 'user',
  };
  const common = {
    db: t.database.db,
    processor: t.services.payments,
    actor,
    now: clock.now(),
    log: t.services.log,
  };
  const { paymentId } = await startCheckout({ ...common, orderId });
  const after = await confirmSandboxPayment({
    ...common,
    processor: t.services.payments as SandboxProcessor,
    paymentId,
    cardNumber: '4242424242424242',
    log: t.services.log,
  });
  expect(after.status).toBe('succeeded');
}

const transition = (as: keyof typeof cookies, orderId: string, action: string, note?: string) =>
  call(as, 'POST', `/api/orders/${orderId}/transitions`, { action, ...(note && { note }) });

describe('checkout with the sandbox', () => {
  it('a test card pays the order: the money is held and the order leaves pending', async () => {
    const order = await newOrder(18_500);
    const first = await checkout(order.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ provider: 'sandbox', status: 'requires_payment', amount: 18_500 });
    // Asking again is the same checkout, not a second payment.
    expect((await checkout(order.id)).body.paymentId).toBe(first.body.paymentId);

    const paid = await pay(order.id);
    expect(paid.body).toMatchObject({ status: 'succeeded', failureMessage: null });
    expect(await orderStatus(order.id)).toBe('paid');
    expect(await heldForOrder(t.database.db, order.id)).toBe(18_500);
    // The customer's receipt.
    await t.services.mailer.deliver();
    const [receipt] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.kind, 'payment-receipt'), like(emailOutbox.subject, `%${order.orderNumber}%`)),
      );
    expect(receipt!.text).toContain('We received $185.00 for order');
    // Paid is paid: no second checkout.
    expect((await checkout(order.id)).status).toBe(409);
  });

  it('a declined card says so and leaves the order payable; another card then pays it', async () => {
    const order = await newOrder(5_000);
    const declined = await pay(order.id, '4000 0000 0000 0002');
    expect(declined.body).toMatchObject({ status: 'failed', failureMessage: SANDBOX_MESSAGES.declined });
    expect(await orderStatus(order.id)).toBe('pending');
    expect(await heldForOrder(t.database.db, order.id)).toBe(0);
    const retry = await pay(order.id);
    expect(retry.body.paymentId).not.toBe(declined.body.paymentId);
    expect(retry.body.status).toBe('succeeded');
    expect(await orderStatus(order.id)).toBe('paid');
  });

  it('a card that asks for confirmation waits for it: approved pays, refused fails', async () => {
    const order = await newOrder(7_777);
    const waiting = await pay(order.id, '4000 0027 6000 3184');
    expect(waiting.body.status).toBe('requires_action');
    expect(await orderStatus(order.id)).toBe('pending');
    const refused = await call(
      'customer',
      'POST',
      `/api/payments/${waiting.body.paymentId}/sandbox-authentication`,
      {
        approve: false,
      },
    );
    expect(await refused.json()).toMatchObject({
      status: 'failed',
      failureMessage: SANDBOX_MESSAGES.authenticationFailed,
    });

    const again = await pay(order.id, '4000 0027 6000 3184');
    const approved = await call(
      'customer',
      'POST',
      `/api/payments/${again.body.paymentId}/sandbox-authentication`,
      {
        approve: true,
      },
    );
    expect(await approved.json()).toMatchObject({ status: 'succeeded' });
    expect(await heldForOrder(t.database.db, order.id)).toBe(7_777);
  });

  it('bad card details get a message at the field and charge nothing', async () => {
    const order = await newOrder(1_000);
    const { body } = await checkout(order.id);
    const send = (card: object) =>
      call('customer', 'POST', `/api/payments/${body.paymentId}/sandbox-confirmation`, {
        number: '4242424242424242',
        expiry: '12/29',
        cvc: '123',
        ...card,
      });
    const fields = async (card: object) => {
      const res = await send(card);
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
    };
    expect(await fields({ number: '4242 4242 4242 4241' })).toEqual({
      number: 'Your card number is invalid.',
    });
    expect(await fields({ number: '4242' })).toEqual({ number: 'Your card number is incomplete.' });
    expect(await fields({ expiry: '11/26' })).toEqual({
      expiry: 'Your card’s expiration date is in the past.',
    });
    expect(await fields({ expiry: '13/29' })).toEqual({ expiry: 'Enter the expiry date as MM/YY.' });
    expect(await fields({ cvc: '1' })).toEqual({ cvc: 'Your card’s security code is incomplete.' });
    expect(await orderStatus(order.id)).toBe('pending');
  });

  it('only the order’s customer can pay it', async () => {
    const order = await newOrder(1_000);
    expect((await checkout(order.id, 'stranger')).status).toBe(404);
    expect((await checkout(order.id, 'vendor')).status).toBe(403);
    const { body } = await checkout(order.id);
    const res = await call('stranger', 'POST', `/api/payments/${body.paymentId}/sandbox-confirmation`, {
      number: '4242424242424242',
      expiry: '12/29',
      cvc: '123',
    });
    expect(res.status).toBe(404);
    expect(await orderStatus(order.id)).toBe('pending');
  });

  it('an event delivered twice, or a failure after the success, changes nothing', async () => {
    const order = await newOrder(2_500);
    const { body } = await pay(order.id);
    const [charge] = await t.database.db.query.payments.findMany({
      where: (p, { eq: e }) => e(p.id, body.paymentId),
    });
    const event = {
      id: 'evt_twice',
      type: 'payment.succeeded',
      paymentRef: charge!.providerRef!,
      amountCents: 2_500,
      currency: 'cad',
    } as const;
    const args = { db: t.database.db, provider: 'sandbox', now: clock.now(), log: t.services.log };
    expect(await applyProcessorEvent({ ...args, event })).toEqual({ applied: true }); // already succeeded: nothing moves
    expect(await applyProcessorEvent({ ...args, event })).toEqual({ applied: false });
    await applyProcessorEvent({
      ...args,
      event: {
        id: 'evt_late_failure',
        type: 'payment.failed',
        paymentRef: charge!.providerRef!,
        message: 'declined',
      },
    });
    expect(await heldForOrder(t.database.db, order.id)).toBe(2_500);
    expect(await orderStatus(order.id)).toBe('paid');
  });
});

describe('where the money goes', () => {
  it('delivered and confirmed: the vendor’s available balance is the amount less 8% and 5% GST on it, and they can pay it out', async () => {
    const before = (await (await call('vendor', 'GET', '/api/me/payouts')).json()) as VendorPayouts;
    // An event in two hours: the vendor can deliver it now. Made with 5% GST on the fee (decision 029).
    const order = await newOrder(12_345, 2, 50, 500);
    await pay(order.id);
    for (const action of ['confirm', 'start', 'markReady', 'deliver']) {
      expect((await transition('vendor', order.id, action)).status).toBe(200);
    }
    expect((await transition('customer', order.id, 'confirmSatisfied')).status).toBe(200);
    expect(await heldForOrder(t.database.db, order.id)).toBe(0);

    const view = (await (await call('vendor', 'GET', '/api/me/payouts')).json()) as VendorPayouts;
    // The fee is 988; GST on it 49.4 → 49.
    expect(view.availableCents - before.availableCents).toBe(12_345 - 988 - 49);
    expect(view.orders.find((o) => o.orderId === order.id)).toMatchObject({
      amountCents: 12_345,
      vendorCents: 11_308,
      feeCents: 988,
      taxCents: 49,
      heldCents: 0,
      refundedCents: 0,
    });
    const csv = await (await call('vendor', 'GET', '/api/me/payouts/export')).text();
    expect(csv).toContain(`${order.orderNumber},completed,123.45,0.00,9.88,0.49,113.08,0.00`);

    const [a, b] = await Promise.all([
      call('vendor', 'POST', '/api/me/payouts'),
      call('vendor', 'POST', '/api/me/payouts'),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const after = (await (await call('vendor', 'GET', '/api/me/payouts')).json()) as VendorPayouts;
    expect(after.availableCents).toBe(0);
    expect(after.paidOutCents - before.paidOutCents).toBe(view.availableCents);
    const transfers = await t.database.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.destination, vendorId));
    expect(transfers.reduce((sum, tr) => sum + tr.amount, 0)).toBe(after.paidOutCents);
  });

  it.each([
    // vendor's refund %, hours before delivery → refund to the customer, to the vendor, kept as fees
    // ($100.01, 8% fee; the same table as src/shared/cancellation.test.ts, here through the ledger)
    [0, 48, 10_001, 0, 0],
    [0, 48 - 1 / 3600, 0, 9_201, 800],
    [0, 24, 0, 9_201, 800],
    [0, 24 - 1 / 3600, 0, 9_201, 800],
    [50, 48, 10_001, 0, 0],
    [50, 48 - 1 / 3600, 5_001, 4_600, 400],
    [50, 24, 5_001, 4_600, 400],
    [50, 24 - 1 / 3600, 4_201, 4_600, 1_200],
    [100, 48, 10_001, 0, 0],
    [100, 48 - 1 / 3600, 10_001, 0, 0],
    [100, 24, 10_001, 0, 0],
    [100, 24 - 1 / 3600, 9_201, 0, 800],
  ])(
    'vendor policy %i percent, cancelled %f h before delivery: %i cents back (sent by the processor), %i to the vendor, %i in fees',
    async (percent, hours, refund, vendorShare, fees) => {
      const order = await newOrder(10_001, hours, percent);
      await payDirectly(order.id);
      const before = await ledgerTotals(t.database.db);
      const available = (await vendorBalances(t.database.db, vendorId)).availableCents;
      expect((await transition('customer', order.id, 'cancel', 'Plans changed')).status).toBe(200);
      expect(await heldForOrder(t.database.db, order.id)).toBe(0);
      const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(rows.map((r) => [r.amount, r.status])).toEqual(refund ? [[refund, 'succeeded']] : []);
      if (refund) {
        const [sent] = await t.database.db
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.id, rows[0]!.providerRef!));
        expect(sent!.amount).toBe(refund);
      }
      const after = await ledgerTotals(t.database.db);
      expect(after.refundedCents - before.refundedCents).toBe(refund);
      expect(after.feesCents - before.feesCents).toBe(fees);
      expect((await vendorBalances(t.database.db, vendorId)).availableCents - available).toBe(vendorShare);
    },
  );

  it.each([0, 50, 100])(
    'vendor policy %i percent: after the delivery time the customer cannot cancel (a claim instead); the vendor cancelling refunds all',
    async (percent) => {
      const order = await newOrder(3_001, 1, percent);
      await payDirectly(order.id);
      clock.advanceHours(2);
      const late = await transition('customer', order.id, 'cancel', 'Too late');
      expect(late.status).toBe(409);
      expect(((await late.json()) as { error: { message: string } }).error.message).toBe(TOO_LATE_TO_CANCEL);
      expect(await orderStatus(order.id)).toBe('paid');
      expect((await transition('vendor', order.id, 'vendorCancel', 'Oven broke')).status).toBe(200);
      const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(row).toMatchObject({ amount: 3_001, status: 'succeeded' });
    },
  );

  it('collected = refunded + refunds owed + paid out + available + held + fees + tax on the fees, to the cent', async () => {
    const totals = await ledgerTotals(t.database.db);
    expect(totals.refundsOwedCents).toBe(0);
    expect(totals.gstCents).toBe(49);
    expect(totals.collectedCents).toBe(
      totals.refundedCents +
        totals.paidOutCents +
        totals.availableCents +
        totals.heldCents +
        totals.feesCents +
        totals.gstCents +
        totals.pstCents,
    );
  });
});
