import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPaidOrder, paidPairs } from '../../src/server/modules/masking/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createPendingOrder, createUser, createVendor, postOrderMoneyAt } from '../support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = new Date('2026-12-01T17:00:00Z');

/** An order of the pair; with `split`, paid in the ledger and settled that way. */
async function order(
  customerId: string,
  vendorId: string,
  split?: { refundCents: number; vendorCents: number },
) {
  const o = await createPendingOrder(t.database.db, { customerId, vendorId, createdAt: at });
  if (split)
    await postOrderMoneyAt(t.database.db, {
      orderId: o.id,
      vendorId,
      heldCents: 10_000,
      kind: split.refundCents === 10_000 ? 'cancellation' : 'release',
      split: { ...split, platformCents: 10_000 - split.refundCents - split.vendorCents },
      paidAt: at,
      settledAt: at,
    });
}

describe('who has paid whom (the rule behind every masked text)', () => {
  it('answers for many pairs at once, each as it would alone, and only for the pairs asked', async () => {
    const db = t.database.db;
    const [ana, ben] = [await createUser(db), await createUser(db)];
    const [v1, v2, v3] = [
      await createVendor(db, { businessName: 'Alder' }),
      await createVendor(db, { businessName: 'Birch' }),
      await createVendor(db, { businessName: 'Cedar' }),
    ];
    await order(ana.id, v1.id, { refundCents: 0, vendorCents: 9_200 }); // paid
    await order(ana.id, v2.id); // unpaid
    await order(ana.id, v3.id, { refundCents: 10_000, vendorCents: 0 }); // refunded in full
    await order(ben.id, v2.id, { refundCents: 5_000, vendorCents: 4_600 }); // half refunded: still paid
    await order(ben.id, v2.id); // a second, unpaid order of the same pair
    // Ben paid Alder nothing, though Ana did: the lists of customers and vendors cross, the pairs do not.

    const pairs = [
      { customerId: ana.id, vendorId: v1.id },
      { customerId: ana.id, vendorId: v2.id },
      { customerId: ana.id, vendorId: v3.id },
      { customerId: ben.id, vendorId: v2.id },
      { customerId: ben.id, vendorId: v1.id },
      { customerId: ana.id, vendorId: v1.id }, // asked twice
    ];
    const paid = await paidPairs(db, pairs);
    expect(pairs.map(paid)).toEqual([true, false, false, true, false, true]);
    for (const pair of pairs) expect(await hasPaidOrder(db, pair)).toBe(paid(pair));
    expect((await paidPairs(db, []))({ customerId: ana.id, vendorId: v1.id })).toBe(false);
  });
});
