import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { checkoutGroups, orders, payments, payoutTransfers } from '../../db/schema/index.ts';
import { vendorCreditByOrder } from '../ledger/index.ts';
import type { PaymentProcessor } from './processor.ts';

/**
 * A payout's transfers when some of its money was paid through checkout groups ("separate charges and
 * transfers"): per group, one transfer of what its orders released to the vendor (never more than
 * their shares of the charge), carrying the group's transfer_group and its charge as
 * source_transaction; the rest in one transfer of its own, as a payout always was.
 */

/**
 * Written in the payout's transaction (the vendor is locked): what each of the vendor's groups has
 * released and not yet transferred, oldest first, up to the payout's amount. No rows when none of the
 * money came through a group (the payout is one transfer, as before).
 */
export async function planPayoutTransfers(
  tx: Tx,
  { payoutId, vendorId, amountCents }: { payoutId: string; vendorId: string; amountCents: number },
) {
  const shares = await tx
    .select({
      groupId: checkoutGroups.id,
      transferGroup: checkoutGroups.transferGroup,
      chargeRef: checkoutGroups.chargeRef,
      orderId: payments.orderId,
      amount: payments.amount,
    })
    .from(payments)
    .innerJoin(checkoutGroups, eq(checkoutGroups.id, payments.checkoutGroupId))
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.vendorId, vendorId),
        eq(payments.status, 'succeeded'),
        isNotNull(checkoutGroups.chargeRef),
      ),
    )
    .orderBy(asc(checkoutGroups.createdAt), asc(checkoutGroups.id));
  if (shares.length === 0) return;
  const credits = await vendorCreditByOrder(tx, vendorId, [...new Set(shares.map((s) => s.orderId))]);
  const taken = new Map(
    (
      await tx
        .select({
          groupId: payoutTransfers.checkoutGroupId,
          total: sql<string>`sum(${payoutTransfers.amount})`,
        })
        .from(payoutTransfers)
        .where(
          and(
            eq(payoutTransfers.vendorId, vendorId),
            inArray(payoutTransfers.checkoutGroupId, [...new Set(shares.map((s) => s.groupId))]),
          ),
        )
        .groupBy(payoutTransfers.checkoutGroupId)
    ).map((r) => [r.groupId!, Number(r.total)]),
  );
  const groups = new Map<string, { transferGroup: string; chargeRef: string; released: number }>();
  for (const s of shares) {
    const g = groups.get(s.groupId) ?? {
      transferGroup: s.transferGroup,
      chargeRef: s.chargeRef!,
      released: 0,
    };
    g.released += Math.min(Math.max(credits.get(s.orderId) ?? 0, 0), s.amount);
    groups.set(s.groupId, g);
  }
  let left = amountCents;
  const rows: (typeof payoutTransfers.$inferInsert)[] = [];
  for (const [groupId, g] of groups) {
    const amount = Math.min(left, g.released - (taken.get(groupId) ?? 0));
    if (amount <= 0) continue;
    rows.push({
      id: crypto.randomUUID(),
      payoutId,
      vendorId,
      checkoutGroupId: groupId,
      amount,
      transferGroup: g.transferGroup,
      sourceRef: g.chargeRef,
    });
    left -= amount;
  }
  if (rows.length === 0) return;
  if (left > 0)
    rows.push({
      id: crypto.randomUUID(),
      payoutId,
      vendorId,
      amount: left,
      transferGroup: `payout:${payoutId}`,
    });
  await tx.insert(payoutTransfers).values(rows);
}

/**
 * Sends the payout's planned transfers not sent yet, each keyed by itself (sent again, it is sent once).
 * Returns their processor ids, or null when the payout has none planned (it is one transfer).
 */
export async function sendPayoutTransfers(
  db: Db,
  processor: PaymentProcessor,
  { payoutId, destination }: { payoutId: string; destination: string },
): Promise<string[] | null> {
  const planned = await db
    .select()
    .from(payoutTransfers)
    .where(eq(payoutTransfers.payoutId, payoutId))
    .orderBy(asc(payoutTransfers.createdAt), asc(payoutTransfers.id));
  if (planned.length === 0) return null;
  const refs: string[] = [];
  for (const part of planned) {
    if (part.providerRef) {
      refs.push(part.providerRef);
      continue;
    }
    const { ref } = await processor.transfer({
      destination,
      amountCents: part.amount,
      idempotencyKey: `payout:${payoutId}:${part.id}`,
      group: part.transferGroup,
      sourceRef: part.sourceRef ?? undefined,
    });
    await db
      .update(payoutTransfers)
      .set({ providerRef: ref })
      .where(and(eq(payoutTransfers.id, part.id), isNull(payoutTransfers.providerRef)));
    refs.push(ref);
  }
  return refs;
}
