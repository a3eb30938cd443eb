import { and, eq, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { POLICIES } from '../../../shared/policies.ts';
import { queryRows, type Db } from '../../db/client.ts';
import {
  accountClosures,
  checkoutGroups,
  claims,
  disputeOrders,
  disputes,
  messageImages,
  messages,
  orders,
  payments,
  payouts,
  payoutTransfers,
  quoteRequests,
  refunds,
  vendors,
} from '../../db/schema/index.ts';
import { safeError } from '../../http/log-safe-error.ts';
import type { Logger } from '../../logger.ts';
import { filesLeftByPurge, removeFilesLater } from './files.ts';

/** Closures whose 7 years are over and whose records are not all gone yet, per round. */
const PURGE_BATCH = 50;

/** The moment before which a closure's retention is over. */
const retentionLimit = (now: Date) => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - POLICIES.dataRetentionYearsAfterClosure);
  return d;
};

/**
 * The orders of a closed user that may go now: both parties closed at least 7 years ago, and, for each
 * vendor, only all of its orders at once (its payable balance stays whole: decision 028). An order
 * whose other party still has an account stays: it is that party's record (anonymised on this side).
 */
async function purgeableOrders(tx: Db, userId: string, limit: Date): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    WITH closed AS (SELECT user_id FROM account_closures WHERE closed_at <= ${limit}),
    mine AS (
      SELECT o.id, o.vendor_id FROM orders o JOIN vendors v ON v.id = o.vendor_id
      WHERE (o.customer_id = ${userId} OR v.user_id = ${userId})
        AND o.customer_id IN (SELECT user_id FROM closed) AND v.user_id IN (SELECT user_id FROM closed)
    )
    SELECT m.id FROM mine m
    WHERE NOT EXISTS (
      SELECT 1 FROM orders o
      WHERE o.vendor_id = m.vendor_id AND o.customer_id NOT IN (SELECT user_id FROM closed))`,
  );
  return rows.map((r) => r.id);
}

/**
 * The disputes of orders going: each order's share goes; a dispute goes once none of its orders is
 * left (a checkout group's dispute stays while an order of it is kept by its other party).
 */
async function purgeDisputes(tx: Db, orderIds: string[]) {
  const touched = await tx
    .selectDistinct({ id: disputeOrders.disputeId })
    .from(disputeOrders)
    .where(inArray(disputeOrders.orderId, orderIds));
  if (touched.length === 0) return;
  await tx.delete(disputeOrders).where(inArray(disputeOrders.orderId, orderIds));
  await tx.delete(disputes).where(
    and(
      inArray(
        disputes.id,
        touched.map((d) => d.id),
      ),
      notExists(
        tx
          .select({ id: disputeOrders.disputeId })
          .from(disputeOrders)
          .where(eq(disputeOrders.disputeId, disputes.id)),
      ),
    ),
  );
}

/** Deletes the orders, their money rows and their ledger transactions; true when nothing is left. */
async function purgeUser(tx: Db, userId: string, now: Date): Promise<boolean> {
  const limit = retentionLimit(now);
  const orderIds = await purgeableOrders(tx, userId, limit);
  const [vendor] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.userId, userId));
  const ids = orderIds.length
    ? sql`ARRAY[${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
  // The only way into the ledger's rows: the database decides again which transactions may go.
  await tx.execute(
    sql`SELECT ledger_purge_retained_postings(${ids}, ${vendor?.id ?? null}::text, ${now}::timestamptz)`,
  );
  // The pictures of what goes below, read before their rows: removed once this commits (a job).
  const files = await filesLeftByPurge(tx, userId, orderIds);
  if (orderIds.length) {
    await purgeDisputes(tx, orderIds);
    await tx.delete(claims).where(inArray(claims.orderId, orderIds));
    await tx.delete(refunds).where(inArray(refunds.orderId, orderIds));
    await tx.delete(payments).where(inArray(payments.orderId, orderIds));
    // Events, reviews and proofs go with their order; messages and quotes lose the link.
    await tx.delete(orders).where(inArray(orders.id, orderIds));
  }
  await tx
    .delete(checkoutGroups)
    .where(
      and(
        eq(checkoutGroups.customerId, userId),
        notExists(
          tx
            .select({ id: payments.id })
            .from(payments)
            .where(eq(payments.checkoutGroupId, checkoutGroups.id)),
        ),
      ),
    );
  // What the orders kept of the user now has no record to belong to: their messages' text and pictures.
  const sent = tx.select({ id: messages.id }).from(messages).where(eq(messages.senderId, userId));
  await tx.delete(messageImages).where(inArray(messageImages.messageId, sent));
  await tx.update(messages).set({ body: '' }).where(eq(messages.senderId, userId));
  await removeFilesLater(tx, `privacy:files:${userId}:purge:${now.toISOString()}`, files);
  await tx.delete(quoteRequests).where(eq(quoteRequests.customerId, userId));
  const [left] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .leftJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(sql`${orders.customerId} = ${userId} OR ${vendors.userId} = ${userId}`);
  if ((left?.n ?? 0) > 0) return false;
  if (vendor) {
    const paid = tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.vendorId, vendor.id));
    await tx.delete(payoutTransfers).where(inArray(payoutTransfers.payoutId, paid));
    await tx.delete(payouts).where(eq(payouts.vendorId, vendor.id));
  }
  return true;
}

/**
 * The daily purge (decision 028): for each account closed 7 years ago or more, the financial records
 * the closure kept go, whole ledger transactions only. Each closure is handled on its own (a savepoint):
 * one that cannot finish (the other party keeps the orders, a row still refers to them) records why and
 * is tried again the next day, and the others go on.
 */
export async function purgeExpiredRecords(db: Db, { now, log }: { now: Date; log: Logger }) {
  const due = await db
    .select({ userId: accountClosures.userId })
    .from(accountClosures)
    .where(and(lte(accountClosures.purgeAt, now), isNull(accountClosures.purgedAt)))
    .orderBy(accountClosures.purgeAt)
    .limit(PURGE_BATCH);
  let purged = 0;
  for (const { userId } of due) {
    try {
      const done = await db.transaction((tx) => purgeUser(tx, userId, now));
      await db
        .update(accountClosures)
        .set(
          done
            ? { purgedAt: now, lastError: null }
            : { lastError: 'Waiting: orders the other party still keeps (their account is open).' },
        )
        .where(eq(accountClosures.userId, userId));
      if (done) purged++;
    } catch (err) {
      log.warn({ err: safeError(err), userId }, 'could not purge the records of a closed account');
      await db
        .update(accountClosures)
        .set({
          purgeAttempts: sql`${accountClosures.purgeAttempts} + 1`,
          lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
        })
        .where(eq(accountClosures.userId, userId));
    }
  }
  return { due: due.length, purged };
}
