import { eq, sql } from 'drizzle-orm';
import { ledgerTransactions } from '../../src/server/db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancellationSplit } from '../../src/shared/cancellation.ts';
import {
  balance,
  cancellationLedgerSplit,
  claimSplit,
  GST_PAYABLE,
  heldForOrder,
  ledgerTotals,
  payOutAvailable,
  PLATFORM_REVENUE,
  post,
  recordPayment,
  recordRefundSent,
  releaseSplit,
  settleOrder,
  UnbalancedPostingError,
  vendorBalances,
} from '../../src/server/modules/ledger/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createOrder, createUser, createVendor } from '../support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** The database's own message (drizzle wraps it in "Failed query: …"). */
const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return e.cause?.message ?? e.message;
  }
  throw new Error('expected the database to refuse this');
};
/** An 8% fee with 5% GST on it (decision 029). */
const FEE = { serviceFeeBps: 800, gstBps: 500, pstBps: 0 };

async function paidOrder(amount: number) {
  const vendor = await createVendor(db());
  const customer = await createUser(db());
  const order = await createOrder(db(), {
    customerId: customer.id,
    vendorId: vendor.id,
    amount,
    status: 'paid',
  });
  await recordPayment(db(), {
    orderId: order.id,
    vendorId: vendor.id,
    amountCents: amount,
    key: `payment:${order.id}`,
  });
  return { order, vendor };
}

describe('the database keeps the ledger balanced and append-only', () => {
  it('refuses, at commit, a transaction whose entries do not sum to zero, written directly in SQL', async () => {
    const { order } = await paidOrder(5_000);
    await db().execute(
      sql`INSERT INTO ledger_accounts (id, kind) VALUES ('platform_revenue', 'platform_revenue') ON CONFLICT DO NOTHING`,
    );
    const unbalanced = db().transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO ledger_transactions (id, kind, idempotency_key) VALUES ('tx-bad', 'release', 'bad')`,
      );
      await tx.execute(sql`INSERT INTO ledger_entries (id, transaction_id, account_id, amount)
        VALUES ('e1', 'tx-bad', ${`order_held:${order.id}`}, 5000), ('e2', 'tx-bad', 'platform_revenue', -4999)`);
    });
    expect(await refusal(unbalanced)).toMatch(/does not balance: its entries sum to 1 cents/);
    // Nothing of it stayed.
    const left = await db()
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, 'tx-bad'));
    expect(left).toEqual([]);

    // Entries inserted one by one are checked at the end, not after each one.
    await db().transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO ledger_transactions (id, kind, idempotency_key) VALUES ('tx-ok', 'release', 'ok')`,
      );
      await tx.execute(
        sql`INSERT INTO ledger_entries (id, transaction_id, account_id, amount) VALUES ('e3', 'tx-ok', ${`order_held:${order.id}`}, 5000)`,
      );
      await tx.execute(
        sql`INSERT INTO ledger_entries (id, transaction_id, account_id, amount) VALUES ('e4', 'tx-ok', 'platform_revenue', -5000)`,
      );
    });
    expect(await heldForOrder(db(), order.id)).toBe(0);
  });

  it('never changes or deletes what was posted', async () => {
    await paidOrder(1_234);
    // The trigger refuses; on PostgreSQL the app's role lacks the privilege before that (decision 013).
    const appendOnly = /append-only|permission denied for table ledger_/;
    expect(await refusal(db().execute(sql`UPDATE ledger_entries SET amount = amount * 2`))).toMatch(
      appendOnly,
    );
    expect(await refusal(db().execute(sql`DELETE FROM ledger_entries`))).toMatch(appendOnly);
    expect(await refusal(db().execute(sql`DELETE FROM ledger_transactions`))).toMatch(appendOnly);
    expect(
      await refusal(
        db().execute(sql`INSERT INTO ledger_entries (id, transaction_id, account_id, amount)
          SELECT 'zero', id, 'platform_revenue', 0 FROM ledger_transactions LIMIT 1`),
      ),
    ).toMatch(/ledger_entries_amount_check/);
  });

  it('refuses an unbalanced posting before it reaches the database', async () => {
    await expect(
      post(db(), { kind: 'payout', key: 'x', lines: [{ account: PLATFORM_REVENUE, amount: 1 }] }),
    ).rejects.toThrow(UnbalancedPostingError);
  });
});

describe('money through an order', () => {
  it('payment held, completion released less 8%, then paid out: every balance from the entries', async () => {
    const { order, vendor } = await paidOrder(12_345);
    expect(await heldForOrder(db(), order.id)).toBe(12_345);
    expect(await vendorBalances(db(), vendor.id)).toEqual({
      heldCents: 12_345,
      availableCents: 0,
      paidOutCents: 0,
    });

    const split = releaseSplit(12_345, FEE); // 8% of 123.45 = 9.876 → 988; 5% GST on it: 49.4 → 49
    expect(split).toEqual({
      refundCents: 0,
      vendorCents: 11_308,
      platformCents: 988,
      serviceFeeCents: 988,
      gstCents: 49,
      pstCents: 0,
    });
    await settleOrder(db(), {
      kind: 'release',
      orderId: order.id,
      vendorId: vendor.id,
      heldCents: 12_345,
      split,
      key: `release:${order.id}`,
    });
    expect(await heldForOrder(db(), order.id)).toBe(0);
    expect(await vendorBalances(db(), vendor.id)).toEqual({
      heldCents: 0,
      availableCents: 11_308,
      paidOutCents: 0,
    });
    expect(await balance(db(), GST_PAYABLE)).toBeLessThanOrEqual(-49);

    const paid = await payOutAvailable(db(), { vendorId: vendor.id, key: `payout:${vendor.id}:1` });
    expect(paid).toMatchObject({ ok: true, amountCents: 11_308 });
    expect(await vendorBalances(db(), vendor.id)).toEqual({
      heldCents: 0,
      availableCents: 0,
      paidOutCents: 11_308,
    });
  });

  it('the same event posted twice moves money once', async () => {
    const { order, vendor } = await paidOrder(2_000);
    const again = await recordPayment(db(), {
      orderId: order.id,
      vendorId: vendor.id,
      amountCents: 2_000,
      key: `payment:${order.id}`,
    });
    expect(again.created).toBe(false);
    expect(await heldForOrder(db(), order.id)).toBe(2_000);
    const split = releaseSplit(2_000, FEE);
    const first = await settleOrder(db(), {
      kind: 'release',
      orderId: order.id,
      vendorId: vendor.id,
      heldCents: 2_000,
      split,
      key: `release:${order.id}`,
    });
    const second = await settleOrder(db(), {
      kind: 'release',
      orderId: order.id,
      vendorId: vendor.id,
      heldCents: 2_000,
      split,
      key: `release:${order.id}`,
    });
    expect([first.created, second.created, second.id]).toEqual([true, false, first.id]);
    expect(await heldForOrder(db(), order.id)).toBe(0);
    expect((await vendorBalances(db(), vendor.id)).availableCents).toBe(1_832); // 2,000 − 160 − 8
  });

  it('a late cancellation splits refund, vendor and platform to the cent; the refund leaves when sent', async () => {
    const { order, vendor } = await paidOrder(10_001);
    const deliveryAt = new Date('2026-12-24T18:00:00Z');
    const s = cancellationSplit({
      amountCents: 10_001,
      deliveryAt,
      cancelledAt: new Date(deliveryAt.getTime() - 3_600_000),
      by: 'customer',
      vendorRefundPercent: 50,
      serviceFeeRate: FEE.serviceFeeBps / 10_000,
      gstBps: FEE.gstBps,
    })!;
    await settleOrder(db(), {
      kind: 'cancellation',
      orderId: order.id,
      vendorId: vendor.id,
      heldCents: 10_001,
      split: cancellationLedgerSplit(s),
      key: `cancel:${order.id}`,
    });
    // 5,000 to the vendor less the 400 fee and 20 GST on it.
    expect((await vendorBalances(db(), vendor.id)).availableCents).toBe(4_580);
    const before = await ledgerTotals(db());
    await recordRefundSent(db(), {
      orderId: order.id,
      amountCents: s.refundCents,
      key: `refund:${order.id}`,
    });
    const after = await ledgerTotals(db());
    expect(after.refundedCents - before.refundedCents).toBe(4_201);
    expect(after.refundsOwedCents - before.refundsOwedCents).toBe(-4_201);
  });

  it('a split that does not account for what is held is refused', async () => {
    const { order, vendor } = await paidOrder(3_000);
    await expect(
      settleOrder(db(), {
        kind: 'claim_resolution',
        orderId: order.id,
        vendorId: vendor.id,
        heldCents: 3_000,
        split: { refundCents: 1_000, vendorCents: 1_000, platformCents: 999 },
        key: `claim:${order.id}`,
      }),
    ).rejects.toThrow(UnbalancedPostingError);
    expect(claimSplit(3_000, 1_000, FEE)).toEqual({
      refundCents: 1_000,
      vendorCents: 1_832,
      platformCents: 160,
      serviceFeeCents: 160,
      gstCents: 8,
      pstCents: 0,
    });
    expect(() => claimSplit(3_000, 3_001, FEE)).toThrow(RangeError);
  });

  it('collected = refunded + refunds owed + paid out + available + held + fees + tax on the fees', async () => {
    const totals = await ledgerTotals(db());
    expect(totals.collectedCents).toBeGreaterThan(0);
    expect(totals.collectedCents).toBe(
      totals.refundedCents +
        totals.refundsOwedCents +
        totals.paidOutCents +
        totals.availableCents +
        totals.heldCents +
        totals.feesCents +
        totals.gstCents +
        totals.pstCents,
    );
    expect(totals.gstCents).toBeGreaterThan(0);
    expect(await balance(db(), GST_PAYABLE)).toBe(-totals.gstCents);
    expect(totals.processorCashCents).toBe(
      totals.collectedCents - totals.refundedCents - totals.paidOutCents,
    );
    expect(await balance(db(), PLATFORM_REVENUE)).toBe(-totals.feesCents);
  });
});

describe('payouts', () => {
  it('never exceed the available balance, even when requested twice at once', async () => {
    const { order, vendor } = await paidOrder(10_000);
    await settleOrder(db(), {
      kind: 'release',
      orderId: order.id,
      vendorId: vendor.id,
      heldCents: 10_000,
      split: releaseSplit(10_000, FEE),
      key: `release:${order.id}`,
    });
    const results = await Promise.all([
      payOutAvailable(t.database.db, { vendorId: vendor.id, key: `payout:${vendor.id}:a` }),
      payOutAvailable(t.database.db, { vendorId: vendor.id, key: `payout:${vendor.id}:b` }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, availableCents: 0 });
    expect(await vendorBalances(db(), vendor.id)).toEqual({
      heldCents: 0,
      availableCents: 0,
      paidOutCents: 9_160, // 10,000 − 800 − 40 GST
    });
    expect(
      await payOutAvailable(db(), { vendorId: vendor.id, amountCents: 1, key: `payout:${vendor.id}:c` }),
    ).toEqual({ ok: false, availableCents: 0 });
  });
});
