import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/actor.ts';
import {
  feeInvoices,
  ledgerEntries,
  ledgerTransactions,
  payments,
  refunds,
  vendors,
} from '../../src/server/db/schema/index.ts';
import { transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { requestPayout } from '../../src/server/modules/payments/payouts.ts';
import { receiptFor, receiptsOfOrder } from '../../src/server/modules/payments/receipts.ts';
import { sendPendingRefunds } from '../../src/server/modules/payments/refunds.ts';
import { PAYMENT_PROTECTION_TERMS, type Receipt } from '../../src/shared/schemas/receipts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createPendingOrder, createUser, createVendor, payOrder, signIn } from '../support/factories.ts';
import { startSmtpServer } from '../support/smtp.ts';

/**
 * Receipts for customers and the e-mails that lead to them and to the fee invoices (decision 029):
 * amounts from the ledger's postings, readable by the order's customer only, the vendor's GST/HST
 * number (valid format, from Edit Profile) on them.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const db = () => t.database.db;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url, authRateLimitMax: 1000 }, { clock });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const actorOf = (u: { id: string; email: string }, userType: Actor['userType']): Actor => ({
  id: u.id,
  email: u.email,
  name: 'T',
  userType,
  role: 'user',
});

async function world(gstNumber: string | null = '123456782RT0001') {
  const customer = await createUser(db(), { name: 'Maya Lee' });
  const stranger = await createUser(db());
  const owner = await createUser(db(), { userType: 'vendor' });
  const vendor = await createVendor(db(), {
    userId: owner.id,
    gstNumber,
    businessName: 'Crumb & Co',
    ordersPerDay: 20,
  });
  return {
    customer,
    stranger,
    owner,
    vendor,
    asCustomer: actorOf(customer, 'customer'),
    asStranger: actorOf(stranger, 'customer'),
    asVendor: actorOf(owner, 'vendor'),
  };
}

async function paid(w: Awaited<ReturnType<typeof world>>, amount: number, hoursAhead = 72) {
  const order = await createPendingOrder(db(), {
    customerId: w.customer.id,
    vendorId: w.vendor.id,
    amount,
    gstBps: 500,
    refundPercent: 50,
    deliveryDate: new Date(clock.now().getTime() + hoursAhead * HOUR),
    createdAt: clock.now(),
  });
  await payOrder({
    db: db(),
    processor: t.services.payments,
    log: t.services.log,
    orderId: order.id,
    customer: w.customer,
    vendorOwner: w.owner,
    now: clock.now(),
  });
  return order;
}

/** The processor-cash side of a posting, by its key: what really moved. */
async function posted(key: string) {
  const [row] = await db()
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.idempotencyKey, key), eq(ledgerEntries.accountId, 'processor_cash')));
  return Math.abs(row?.amount ?? 0);
}

describe('receipts', () => {
  it('a payment and its refund each have a receipt with the order, the vendor’s GST number, the method and the terms', async () => {
    const w = await world();
    const order = await paid(w, 10_001, 36);
    await transitionOrder(db(), {
      orderId: order.id,
      action: 'cancel',
      by: { kind: 'user', actor: w.asCustomer },
      note: 'Plans changed',
      now: clock.now(),
    });
    await sendPendingRefunds({
      db: db(),
      processor: t.services.payments,
      now: clock.now(),
      log: t.services.log,
    });
    const list = await receiptsOfOrder({ db: db(), actor: w.asCustomer, orderId: order.id });
    expect(list.receipts.map((r) => r.kind).sort()).toEqual(['payment', 'refund']);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    const paidReceipt = await receiptFor({ db: db(), actor: w.asCustomer, receiptId: payment!.id });
    expect(paidReceipt).toMatchObject<Partial<Receipt>>({
      kind: 'payment',
      orderId: order.id,
      orderNumber: order.orderNumber,
      orderAmountCents: 10_001,
      amountCents: 10_001,
      purpose: 'full',
      customerName: 'Maya Lee',
      vendor: { businessName: 'Crumb & Co', gstNumber: '123456782RT0001' },
      platformName: 'Frosted',
      paymentMethod: 'Card (Frosted test payments)',
      protectionTerms: PAYMENT_PROTECTION_TERMS,
    });
    const refundReceipt = await receiptFor({ db: db(), actor: w.asCustomer, receiptId: refund!.id });
    // 36 hours ahead, 50%: 5,001 back.
    expect(refundReceipt).toMatchObject({ kind: 'refund', amountCents: 5_001, purpose: null });
    expect(refundReceipt.amountCents).toBe(await posted(`refund_sent:${refund!.id}`));
  });

  it('for random amounts and cancellation times, every receipt is the ledger’s posting to the cent', async () => {
    const w = await world(null);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.integer({ min: 2, max: 96 }),
        async (amount, hours) => {
          const order = await paid(w, amount, hours);
          await transitionOrder(db(), {
            orderId: order.id,
            action: 'cancel',
            by: { kind: 'user', actor: w.asCustomer },
            note: 'Plans changed',
            now: clock.now(),
          });
          await sendPendingRefunds({
            db: db(),
            processor: t.services.payments,
            now: clock.now(),
            log: t.services.log,
          });
          const { receipts } = await receiptsOfOrder({ db: db(), actor: w.asCustomer, orderId: order.id });
          for (const r of receipts) {
            const key = r.kind === 'payment' ? `payment:${r.id}` : `refund_sent:${r.id}`;
            expect(r.amountCents).toBe(await posted(key));
            const one = await receiptFor({ db: db(), actor: w.asCustomer, receiptId: r.id });
            expect(one.amountCents).toBe(r.amountCents);
            expect(one.vendor.gstNumber).toBeNull();
          }
          const refundsSent = await db()
            .select({ amount: refunds.amount })
            .from(refunds)
            .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'succeeded')));
          expect(receipts.filter((r) => r.kind === 'refund').reduce((s, r) => s + r.amountCents, 0)).toBe(
            refundsSent.reduce((s, r) => s + r.amount, 0),
          );
        },
      ),
      { numRuns: 6 },
    );
  }, 60_000);

  it('another customer and the vendor find nothing (404 and 403); the customer opens it through the API', async () => {
    const w = await world();
    const order = await paid(w, 2_500);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    await expect(receiptFor({ db: db(), actor: w.asStranger, receiptId: payment!.id })).rejects.toMatchObject(
      {
        status: 404,
      },
    );
    await expect(receiptsOfOrder({ db: db(), actor: w.asStranger, orderId: order.id })).rejects.toMatchObject(
      {
        status: 404,
      },
    );
    const get = async (email: string, path: string) =>
      t.app.request(path, { headers: { cookie: await signIn(t.app, email) } });
    expect((await get(w.customer.email, `/api/me/receipts/${payment!.id}`)).status).toBe(200);
    expect((await get(w.stranger.email, `/api/me/receipts/${payment!.id}`)).status).toBe(404);
    expect((await get(w.owner.email, `/api/me/receipts/${payment!.id}`)).status).toBe(403);
    expect((await get(w.stranger.email, `/api/me/receipts?orderId=${order.id}`)).status).toBe(404);
    expect((await get(w.customer.email, `/api/me/receipts/not-a-receipt`)).status).toBe(404);
  });
});

describe('the e-mails lead to the receipts and the invoice', () => {
  it('payment: its receipt; refund: its receipt; payout: its fee invoice', async () => {
    const w = await world();
    await t.services.mailer.deliver();
    smtp.messages.length = 0;
    const order = await paid(w, 8_000, 72);
    await t.services.mailer.deliver();
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    const toCustomer = () => smtp.messages.filter((m) => m.text?.includes(order.orderNumber));
    expect(toCustomer().some((m) => m.text?.includes(`/receipts/${payment!.id}`))).toBe(true);

    await transitionOrder(db(), {
      orderId: order.id,
      action: 'vendorCancel',
      by: { kind: 'user', actor: w.asVendor },
      note: 'Our oven broke',
      now: clock.now(),
    });
    await sendPendingRefunds({
      db: db(),
      processor: t.services.payments,
      now: clock.now(),
      log: t.services.log,
    });
    await t.services.mailer.deliver();
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(smtp.messages.some((m) => m.text?.includes(`/receipts/${refund!.id}`))).toBe(true);

    // A completed order of the same vendor, paid out: the payout's e-mail carries the invoice.
    const done = await paid(w, 6_000, 1);
    for (const action of ['confirm', 'start', 'markReady', 'deliver'])
      await transitionOrder(db(), {
        orderId: done.id,
        action,
        by: { kind: 'user', actor: w.asVendor },
        now: clock.now(),
      });
    await transitionOrder(db(), {
      orderId: done.id,
      action: 'confirmSatisfied',
      by: { kind: 'user', actor: w.asCustomer },
      now: clock.now(),
    });
    const payout = await requestPayout({
      db: db(),
      processor: t.services.payments,
      actor: w.asVendor,
      now: clock.now(),
      log: t.services.log,
      platformGstNumber: '123456789RT0001',
    });
    await t.services.mailer.deliver();
    const [invoice] = await db().select().from(feeInvoices).where(eq(feeInvoices.payoutId, payout.id));
    const payoutMail = smtp.messages.find((m) =>
      m.text?.includes(`/vendor-dashboard/invoices/${invoice!.id}`),
    );
    expect(payoutMail?.text).toContain(`Invoice ${invoice!.number}`);
  });
});

describe('the vendor’s GST/HST number on Edit Profile', () => {
  const profile = {
    businessName: 'Crumb & Co',
    businessAddress: '2150 Main Street, Vancouver',
    phone: '604-555-0211',
    location: 'vancouver',
    specialty: 'custom',
    specialties: [],
    priceTier: 2,
    dietaryOptions: [],
    offersDelivery: true,
    offersPickup: true,
    cancellationRefundPercent: 50,
    leadTimeDays: 3,
    ordersPerDay: 2,
  };

  it('is 9 digits, RT and 4 digits (spaces forgiven), refused at the field otherwise, and removable', async () => {
    const w = await world(null);
    const cookie = await signIn(t.app, w.owner.email);
    const save = (gstNumber: string | undefined) =>
      t.app.request('/api/me/vendor-profile', {
        method: 'PUT',
        headers: { cookie, 'Content-Type': 'application/json', Origin: 'http://localhost:3000' },
        body: JSON.stringify({ ...profile, ...(gstNumber !== undefined && { gstNumber }) }),
      });
    const gstOf = async () =>
      (await db().select({ gst: vendors.gstNumber }).from(vendors).where(eq(vendors.id, w.vendor.id)))[0]!
        .gst;

    for (const bad of [
      '12345678RT0001',
      '123456789RP0001',
      '123456789RT001',
      'RT0001',
      '123456789 RT 00012',
    ]) {
      const res = await save(bad);
      expect(res.status, bad).toBe(400);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields.gstNumber).toMatch(/9 digits, RT and 4 digits/);
    }
    expect(await gstOf()).toBeNull();

    const ok = await save('123456789 rt 0001');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { profile: { gstNumber: string } }).profile.gstNumber).toBe(
      '123456789RT0001',
    );
    expect(await gstOf()).toBe('123456789RT0001');
    // Saved without the field (an older client): unchanged. Empty: removed.
    expect((await save(undefined)).status).toBe(200);
    expect(await gstOf()).toBe('123456789RT0001');
    expect((await save('')).status).toBe(200);
    expect(await gstOf()).toBeNull();
  });

  it('the database refuses a malformed number whatever the code says', async () => {
    const w = await world(null);
    await expect(
      db()
        .update(vendors)
        .set({ gstNumber: '123' })
        .where(inArray(vendors.id, [w.vendor.id])),
    ).rejects.toThrow();
  });
});
