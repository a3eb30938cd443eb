import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { checkoutGroups, payments } from '../../db/schema/index.ts';
import { scheduleCancel } from './cancel-replaced.ts';

/** What a share (or a single payment) says when a newer checkout took its order. */
export const REPLACED = 'This payment was replaced by a newer checkout of the same order.';
const OPEN = ['requires_payment', 'requires_action'] as const;

/**
 * Closes the open checkout groups holding any of these orders (returns how many) (their shares fail, the group is
 * `replaced`), so the orders can be paid in a new checkout, together or one by one. A group whose card
 * is with the processor is left alone: its answer decides, and the customer waits for it. Should
 * its old payment still go through (a Stripe tab left open) before the processor cancels it (after the
 * commit: cancel-replaced.ts), each order's share is applied as any late success is: paid once,
 * anything paid twice refunded.
 */
export async function releaseFromGroups(tx: Tx, orderIds: readonly string[], now: Date): Promise<number> {
  if (orderIds.length === 0) return 0;
  let released = 0;
  const held = await tx
    .selectDistinct({ group: checkoutGroups })
    .from(payments)
    .innerJoin(checkoutGroups, eq(checkoutGroups.id, payments.checkoutGroupId))
    .where(and(inArray(payments.orderId, [...orderIds]), inArray(payments.status, [...OPEN])))
    .orderBy(asc(checkoutGroups.id));
  for (const { group } of held) {
    if (group.submittedAt) continue;
    await tx
      .update(checkoutGroups)
      .set({ status: 'replaced', updatedAt: now })
      .where(eq(checkoutGroups.id, group.id));
    await tx
      .update(payments)
      .set({ status: 'failed', failureMessage: REPLACED, updatedAt: now })
      .where(and(eq(payments.checkoutGroupId, group.id), inArray(payments.status, [...OPEN])));
    await scheduleCancel(tx, group.providerRef);
    released++;
  }
  return released;
}
