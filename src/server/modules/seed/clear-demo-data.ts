import { and, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  cakeDesigns,
  claims,
  customerFavorites,
  eventPlans,
  ledgerAccounts,
  ledgerTransactions,
  orders,
  payments,
  payouts,
  refunds,
  reviews,
  sandboxCharges,
  sandboxRefunds,
  sandboxTransfers,
  users,
  vendors,
} from '../../db/schema/index.ts';
import type { ObjectStore } from '../storage/index.ts';
import { deleteDocuments, demoDocumentKeys } from './demo-verification.ts';
import { demoPortfolioFileKeys } from './seed-event-vendors.ts';

/**
 * Deletes the demo rows (marked `is_demo` by the seeder, never told by their ids) and what belongs to
 * them alone: the demo orders' money, claims and events, the demo vendors' payouts. A demo vendor or
 * account that real data still uses (a real order placed with a demo vendor) stays, and everything real
 * stays whole, ledger postings included. keepUserIds spares accounts (the admin pressing Clear keeps
 * the account they are signed in with).
 */
export async function clearDemoData({
  db,
  keepUserIds = [],
  store,
}: {
  db: Db;
  keepUserIds?: string[];
  /** Given, the demo verification documents are deleted from it too. */
  store?: ObjectStore;
}) {
  const documents = await db.transaction(async (tx) => {
    await tx.delete(reviews).where(eq(reviews.isDemo, true));
    await tx.delete(customerFavorites).where(eq(customerFavorites.isDemo, true));
    await clearDemoMoney(tx);
    await tx.delete(orders).where(eq(orders.isDemo, true));
    await tx.delete(eventPlans).where(eq(eventPlans.isDemo, true));
    await tx.delete(cakeDesigns).where(eq(cakeDesigns.isDemo, true));
    // Whatever still refers to a demo vendor now is real: its orders, postings and payouts keep it.
    const unused = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(
        and(
          eq(vendors.isDemo, true),
          notExists(tx.select({ id: orders.id }).from(orders).where(eq(orders.vendorId, vendors.id))),
          notExists(
            tx
              .select({ id: ledgerAccounts.id })
              .from(ledgerAccounts)
              .where(eq(ledgerAccounts.vendorId, vendors.id)),
          ),
          notExists(
            tx
              .select({ id: ledgerTransactions.id })
              .from(ledgerTransactions)
              .where(eq(ledgerTransactions.vendorId, vendors.id)),
          ),
          notExists(tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.vendorId, vendors.id))),
        ),
      );
    const vendorIds = unused.map((v) => v.id);
    const keys = await demoDocumentKeys(tx, vendorIds);
    const pictures = await demoPortfolioFileKeys(tx, vendorIds);
    if (vendorIds.length) await tx.delete(vendors).where(inArray(vendors.id, vendorIds));
    // An account goes unless it placed a real order or owns a vendor that stayed.
    await tx
      .delete(users)
      .where(
        and(
          eq(users.isDemo, true),
          keepUserIds.length ? notInArray(users.id, keepUserIds) : undefined,
          notExists(tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, users.id))),
          notExists(tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, users.id))),
        ),
      );
    return { keys, pictures };
  });
  // After the commit: a file outlives its row only if deleting it fails.
  if (store) {
    await deleteDocuments(store, documents.keys);
    await Promise.allSettled(documents.pictures.map((key) => store.delete('portfolio', key)));
  }
}

/**
 * Removes the demo money: the demo orders' payments, refunds, claims and sandbox records, the payouts
 * whose posting is demo money, and the demo postings themselves. The app's database role may not
 * delete ledger rows; ledger_delete_demo_postings() (migration 0028) deletes those marked demo, and
 * only those.
 */
async function clearDemoMoney(tx: Tx) {
  const demoOrderIds = tx.select({ id: orders.id }).from(orders).where(eq(orders.isDemo, true));
  const demoPayoutKeys = tx
    .select({ key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.isDemo, true), eq(ledgerTransactions.kind, 'payout')));
  const demoCharges = tx
    .select({ id: sandboxCharges.id })
    .from(sandboxCharges)
    .where(inArray(sql`${sandboxCharges.metadata}->>'orderId'`, demoOrderIds));
  // Payouts and sandbox transfers carry the posting's key, `payout:{payoutId}` (payments/payouts.ts).
  await tx.delete(sandboxTransfers).where(inArray(sandboxTransfers.idempotencyKey, demoPayoutKeys));
  await tx.delete(payouts).where(inArray(sql`'payout:' || ${payouts.id}`, demoPayoutKeys));
  await tx.delete(claims).where(inArray(claims.orderId, demoOrderIds));
  await tx.delete(refunds).where(inArray(refunds.orderId, demoOrderIds));
  await tx.delete(payments).where(inArray(payments.orderId, demoOrderIds));
  await tx.delete(sandboxRefunds).where(inArray(sandboxRefunds.chargeId, demoCharges));
  await tx.delete(sandboxCharges).where(inArray(sandboxCharges.id, demoCharges));
  await tx.execute(sql`SELECT ledger_delete_demo_postings()`);
}
