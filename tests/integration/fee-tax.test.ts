import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/actor.ts';
import {
  feeCharges,
  feeInvoices,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  orders,
} from '../../src/server/db/schema/index.ts';
import {
  balance,
  GST_PAYABLE,
  heldForOrder,
  PST_PAYABLE,
  vendorBalances,
} from '../../src/server/modules/ledger/index.ts';
import { transitionOrder } from '../../src/server/modules/orders/transitions.ts';
import { openClaim, resolveClaim } from '../../src/server/modules/payments/claims.ts';
import { feeInvoiceFor, invoiceNumber } from '../../src/server/modules/payments/invoices.ts';
import { requestPayout } from '../../src/server/modules/payments/payouts.ts';
import { acceptQuote, answerQuote, createQuoteRequest } from '../../src/server/modules/quotes/index.ts';
import { cancellationInputOf, cancellationSplit } from '../../src/shared/cancellation.ts';
import { vendorShareOf } from '../../src/shared/tax.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import {
  createPendingOrder,
  createUser,
  createVendor,
  payOrder,
  quoteAnswerFor,
  quoteBriefFor,
} from '../support/factories.ts';

/**
 * Tax on the service fee (decision 029): every settlement posts the fee's GST (and PST) to its own
 * account in the fee's posting, the postings balance, the vendor gets held − fee − tax, and each
 * payout's invoice adds up to the postings it covers.
 */
const clock = manualClock('2026-12-01T17:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const actorOf = (u: { id: string; email: string }, userType: Actor['userType'], role = 'user'): Actor => ({
  id: u.id,
  email: u.email,
  name: 'T',
  userType,
  role,
});

/** A vendor (with a GST number unless told otherwise), its owner and a customer. */
async function parties(gstNumber: string | null = '987654321RT0001') {
  const customer = await createUser(db());
  const owner = await createUser(db(), { userType: 'vendor' });
  // Enough orders a day for a run's orders, all for an event now.
  const vendor = await createVendor(db(), {
    userId: owner.id,
    gstNumber,
    businessAddress: '1 Main St',
    ordersPerDay: 20,
  });
  return {
    customer,
    owner,
    vendor,
    asCustomer: actorOf(customer, 'customer'),
    asVendor: actorOf(owner, 'vendor'),
  };
}

/** A paid order of `amount` with these tax rates, for an event now (its delivery window is open). */
async function paidOrder(
  p: Awaited<ReturnType<typeof parties>>,
  amount: number,
  { gstBps = 500, pstBps = 0, deliveryDate = clock.now() } = {},
) {
  const order = await createPendingOrder(db(), {
    customerId: p.customer.id,
    vendorId: p.vendor.id,
    amount,
    gstBps,
    pstBps,
    refundPercent: 50,
    deliveryDate,
    createdAt: clock.now(),
  });
  await payOrder({
    db: db(),
    processor: t.services.payments,
    log: t.services.log,
    orderId: order.id,
    customer: p.customer,
    vendorOwner: p.owner,
    now: clock.now(),
  });
  return order;
}

const complete = async (p: Awaited<ReturnType<typeof parties>>, orderId: string) => {
  for (const action of ['confirm', 'start', 'markReady', 'deliver'])
    await transitionOrder(db(), {
      orderId,
      action,
      by: { kind: 'user', actor: p.asVendor },
      now: clock.now(),
    });
  await transitionOrder(db(), {
    orderId,
    action: 'confirmSatisfied',
    by: { kind: 'user', actor: p.asCustomer },
    now: clock.now(),
  });
};

/** One settlement posting of an order, by account kind (credits as positive cents). */
async function postingOf(orderId: string, kind: 'release' | 'cancellation' | 'claim_resolution') {
  const rows = await db()
    .select({ account: ledgerAccounts.kind, amount: ledgerEntries.amount, id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerTransactions.kind, kind)));
  const by = Object.fromEntries(rows.map((r) => [r.account, -r.amount])) as Record<string, number>;
  const sum = rows.reduce((s, r) => s + r.amount, 0);
  return { by, sum, id: rows[0]?.id };
}

describe('the tax on the fee, in the fee’s posting', () => {
  it('a completed order: held − fee − GST − PST to the vendor, the taxes to their accounts, balanced', async () => {
    const p = await parties();
    const order = await paidOrder(p, 12_345, { gstBps: 500, pstBps: 700 });
    const gstBefore = await balance(db(), GST_PAYABLE);
    const pstBefore = await balance(db(), PST_PAYABLE);
    await complete(p, order.id);
    const share = vendorShareOf(12_345, { serviceFeeBps: 800, gstBps: 500, pstBps: 700 });
    // 8% of 123.45 = 9.876 → 988; GST 49.4 → 49; PST 69.16 → 69.
    expect(share).toMatchObject({ feeCents: 988, gstCents: 49, pstCents: 69, netCents: 11_239 });
    const posting = await postingOf(order.id, 'release');
    expect(posting.sum).toBe(0);
    expect(posting.by).toMatchObject({
      order_held: -12_345,
      vendor_payable: 11_239,
      platform_revenue: 988,
      gst_payable: 49,
      pst_payable: 69,
    });
    expect((await balance(db(), GST_PAYABLE)) - gstBefore).toBe(-49);
    expect((await balance(db(), PST_PAYABLE)) - pstBefore).toBe(-69);
    expect((await vendorBalances(db(), p.vendor.id)).availableCents).toBe(11_239);
    // The charge is kept with its posting, for the invoice.
    const [charge] = await db()
      .select()
      .from(feeCharges)
      .where(eq(feeCharges.ledgerTransactionId, posting.id!));
    expect(charge).toMatchObject({ feeCents: 988, gstCents: 49, pstCents: 69, invoiceId: null });
  });

  it('a cancellation in the vendor’s window: tax on the fee of the vendor’s part only; the late fee untaxed', async () => {
    const p = await parties();
    for (const [hoursBefore, band] of [
      [36, 'vendor-policy'],
      [2, 'late'],
    ] as const) {
      const deliveryDate = new Date(clock.now().getTime() + hoursBefore * HOUR);
      const order = await paidOrder(p, 10_001, { deliveryDate });
      await transitionOrder(db(), {
        orderId: order.id,
        action: 'cancel',
        by: { kind: 'user', actor: p.asCustomer },
        note: 'Plans changed',
        now: clock.now(),
      });
      const expected = cancellationSplit(
        cancellationInputOf(
          { heldCents: 10_001, deliveryDate, terms: { refundPercent: 50, serviceFeeBps: 800, gstBps: 500 } },
          { by: 'customer', at: clock.now() },
        ),
      )!;
      expect(expected.band).toBe(band);
      expect(expected.gstCents).toBe(20); // 5% of the 400 fee on the vendor's 5,000
      const posting = await postingOf(order.id, 'cancellation');
      expect(posting.sum).toBe(0);
      expect(posting.by).toMatchObject({
        refunds_payable: expected.refundCents,
        vendor_payable: expected.vendorCents,
        platform_revenue: expected.platformCents,
        gst_payable: 20,
      });
      expect(await heldForOrder(db(), order.id)).toBe(0);
      const [charge] = await db().select().from(feeCharges).where(eq(feeCharges.orderId, order.id));
      // The invoice's fee is the service fee, never the late-cancellation fee the customer paid.
      expect(charge).toMatchObject({ feeCents: 400, gstCents: 20, pstCents: 0 });
    }
  });

  it('a claim resolved with a partial refund: the tax on the fee of what the vendor keeps', async () => {
    const p = await parties();
    const admin = await createUser(db(), { role: 'admin', password: null });
    const order = await paidOrder(p, 30_000);
    for (const action of ['confirm', 'start', 'markReady', 'deliver'])
      await transitionOrder(db(), {
        orderId: order.id,
        action,
        by: { kind: 'user', actor: p.asVendor },
        now: clock.now(),
      });
    const claim = await openClaim({
      db: db(),
      actor: p.asCustomer,
      orderId: order.id,
      description: 'The top tier collapsed before the party.',
      photos: [],
      now: clock.now(),
    });
    await resolveClaim({
      db: db(),
      actor: actorOf(admin, 'customer', 'admin'),
      claimId: claim.id,
      input: { outcome: 'partial', refundCents: 10_000, note: 'Half the cake was fine.' },
      now: clock.now(),
    });
    const posting = await postingOf(order.id, 'claim_resolution');
    expect(posting.sum).toBe(0);
    // 20,000 kept: fee 1,600, GST 80.
    expect(posting.by).toMatchObject({
      refunds_payable: 10_000,
      vendor_payable: 18_320,
      platform_revenue: 1_600,
      gst_payable: 80,
    });
  });

  it('an order made before tax on the fee (rates 0) moves its money exactly as before', async () => {
    const p = await parties();
    const order = await paidOrder(p, 10_000, { gstBps: 0 });
    await complete(p, order.id);
    const posting = await postingOf(order.id, 'release');
    expect(posting.by).toEqual({ order_held: -10_000, vendor_payable: 9_200, platform_revenue: 800 });
  });

  it('accepting a quote fixes the configured rates on the order; the configuration changing later does not', async () => {
    const p = await parties();
    const { quoteIds } = await createQuoteRequest({
      db: db(),
      actor: p.asCustomer,
      input: { vendorIds: [p.vendor.id], brief: quoteBriefFor(clock.now()) },
      now: clock.now(),
    });
    const quote = { id: quoteIds[0]! };
    await answerQuote({
      db: db(),
      actor: p.asVendor,
      quoteId: quote.id,
      input: quoteAnswerFor(clock.now()),
      now: clock.now(),
    });
    const { orderId } = await acceptQuote({
      db: db(),
      actor: p.asCustomer,
      quoteId: quote.id,
      revision: 1,
      now: clock.now(),
      serviceFeeRate: 0.08,
      feeTax: t.services.config.feeTax,
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ serviceFeeBps: 800, gstBps: 500, pstBps: 0 });
  });
});

describe('fee invoices', () => {
  it('for random amounts, each payout’s invoice adds up to its postings, line by line and in total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 500_000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 1_500 }),
        fc.constantFrom(0, 700),
        async (amounts, gstBps, pstBps) => {
          const p = await parties();
          const made = [];
          for (const amount of amounts) {
            const order = await paidOrder(p, amount, { gstBps, pstBps });
            await complete(p, order.id);
            made.push(order);
          }
          const payout = await requestPayout({
            db: db(),
            processor: t.services.payments,
            actor: p.asVendor,
            now: clock.now(),
            log: t.services.log,
            platformGstNumber: '123456789RT0001',
          });
          const [invoiceRow] = await db()
            .select()
            .from(feeInvoices)
            .where(eq(feeInvoices.payoutId, payout.id));
          const invoice = await feeInvoiceFor({ db: db(), actor: p.asVendor, invoiceId: invoiceRow!.id });
          // The ledger's own postings of these orders' releases.
          const credits = await db()
            .select({ account: ledgerAccounts.kind, total: sql<string>`-sum(${ledgerEntries.amount})` })
            .from(ledgerEntries)
            .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
            .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
            .where(
              and(
                eq(ledgerTransactions.kind, 'release'),
                inArray(
                  ledgerTransactions.orderId,
                  made.map((o) => o.id),
                ),
              ),
            )
            .groupBy(ledgerAccounts.kind);
          const ledger = Object.fromEntries(credits.map((c) => [c.account, Number(c.total)]));
          const fees = ledger.platform_revenue ?? 0;
          const gst = ledger.gst_payable ?? 0;
          const pst = ledger.pst_payable ?? 0;
          if (fees + gst + pst === 0) return;
          expect(invoice.totals).toEqual({
            feeCents: fees,
            gstCents: gst,
            pstCents: pst,
            totalCents: fees + gst + pst,
          });
          expect(invoice.lines).toHaveLength(made.length);
          for (const line of invoice.lines) {
            const amount = made.find((o) => o.id === line.orderId)!.amount;
            const share = vendorShareOf(amount, { serviceFeeBps: 800, gstBps, pstBps });
            expect([line.feeCents, line.gstCents, line.pstCents]).toEqual([
              share.feeCents,
              share.gstCents,
              share.pstCents,
            ]);
          }
          // The vendor was paid held − fee − tax.
          expect(payout.amountCents).toBe(amounts.reduce((s, a) => s + a, 0) - fees - gst - pst);
          expect(invoice).toMatchObject({
            platform: { name: 'Frosted', gstNumber: '123456789RT0001' },
            vendor: {
              businessName: p.vendor.businessName,
              gstNumber: '987654321RT0001',
              address: '1 Main St',
            },
          });
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);

  it('numbers are sequential within the year, with no gaps and no repeats, even for payouts at once', async () => {
    const vendors = await Promise.all([parties(), parties(), parties(), parties()]);
    for (const p of vendors) await complete(p, (await paidOrder(p, 5_000)).id);
    const payouts = await Promise.all(
      vendors.map((p) =>
        requestPayout({
          db: db(),
          processor: t.services.payments,
          actor: p.asVendor,
          now: clock.now(),
          log: t.services.log,
        }),
      ),
    );
    const rows = await db()
      .select({ number: feeInvoices.number, sequence: feeInvoices.sequence, year: feeInvoices.year })
      .from(feeInvoices)
      .where(
        inArray(
          feeInvoices.payoutId,
          payouts.map((p) => p.id),
        ),
      );
    expect(rows).toHaveLength(4);
    const sequences = rows.map((r) => r.sequence).sort((a, b) => a - b);
    expect(sequences.at(-1)! - sequences[0]!).toBe(3);
    for (const r of rows) expect(r.number).toBe(invoiceNumber(2026, r.sequence));
    expect(invoiceNumber(2026, 42)).toBe('FRI-2026-000042');
  });

  it('a charge is on one invoice only; a payout with no new fee has none', async () => {
    const p = await parties(null);
    await complete(p, (await paidOrder(p, 8_000)).id);
    const common = { db: db(), processor: t.services.payments, actor: p.asVendor, log: t.services.log };
    const first = await requestPayout({ ...common, now: clock.now() });
    const [invoice] = await db().select().from(feeInvoices).where(eq(feeInvoices.payoutId, first.id));
    expect(invoice).toMatchObject({ feeCents: 640, gstCents: 32, vendorGstNumber: null });
    // Money with no fee (none is available, so no payout at all) leaves no second invoice.
    await expect(requestPayout({ ...common, now: clock.now() })).rejects.toThrow();
    const all = await db().select().from(feeInvoices).where(eq(feeInvoices.vendorId, p.vendor.id));
    expect(all).toHaveLength(1);
  });

  it('another vendor, or a customer, finds no invoice (404)', async () => {
    const p = await parties();
    const other = await parties();
    await complete(p, (await paidOrder(p, 4_000)).id);
    const payout = await requestPayout({
      db: db(),
      processor: t.services.payments,
      actor: p.asVendor,
      now: clock.now(),
      log: t.services.log,
    });
    const [invoice] = await db().select().from(feeInvoices).where(eq(feeInvoices.payoutId, payout.id));
    await expect(
      feeInvoiceFor({ db: db(), actor: other.asVendor, invoiceId: invoice!.id }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      feeInvoiceFor({ db: db(), actor: p.asCustomer, invoiceId: invoice!.id }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect((await feeInvoiceFor({ db: db(), actor: p.asVendor, invoiceId: invoice!.id })).number).toBe(
      invoice!.number,
    );
  });
});
