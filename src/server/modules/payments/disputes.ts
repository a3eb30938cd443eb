import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  CLOSED_DISPUTE_STATUSES,
  checkoutGroups,
  disputeOrders,
  disputes,
  orders,
  payments,
  processorEvents,
  users,
  type DisputeStatus,
} from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { AT_ONCE, scheduleJob } from '../jobs/index.ts';
import {
  recordDisputeFee,
  recordDisputeLost,
  recordDisputeOpened,
  recordDisputeWon,
} from '../ledger/index.ts';
import { publish, vendorOwnerId } from '../notifications/index.ts';
import { AUTO_COMPLETE_JOB, autoCompleteJobKey } from '../orders/index.ts';
import { cancelDisputeReminders, scheduleDisputeReminders } from './disputes-jobs.ts';
import type { DisputeEvent } from './processor.ts';

/**
 * Card disputes as the processor reports them (decision 031): each event carries the dispute's whole
 * state, so events are applied in any order and more than once: the dispute row keeps the newest
 * state (a closed dispute never reopens), and the ledger's postings are keyed by the dispute and the
 * order, so whichever event arrives first moves the money and later ones find it moved.
 */

/** The statuses in which the bank has taken the money (an inquiry, `warning_*`, takes none). */
const MONEY_TAKEN: readonly DisputeStatus[] = ['needs_response', 'under_review', 'won', 'lost'];
export const isClosedDispute = (status: DisputeStatus) =>
  (CLOSED_DISPUTE_STATUSES as readonly string[]).includes(status);

/** Why an order's money cannot move while its payment is disputed. */
export const DISPUTE_FREEZE =
  'This order’s payment is disputed with the card issuer: its money stays where it is until the dispute is decided.';

interface Share {
  orderId: string;
  vendorId: string;
  amountCents: number;
}

/**
 * Splits a disputed amount over the orders a payment paid, in proportion to what each paid (largest
 * remainder, ties to the earlier order id), never more than each paid: a checkout group's dispute
 * falls on each of its orders as its part of the charge did.
 */
export function splitDispute(amountCents: number, paid: readonly Share[]): Share[] {
  const total = paid.reduce((sum, p) => sum + p.amountCents, 0);
  if (total <= 0) return paid.map((p) => ({ ...p, amountCents: 0 }));
  const amount = Math.min(amountCents, total);
  const exact = paid.map((p) => (amount * p.amountCents) / total);
  const shares = paid.map((p, i) => ({ ...p, amountCents: Math.floor(exact[i]!) }));
  let left = amount - shares.reduce((sum, s) => sum + s.amountCents, 0);
  const byRemainder = exact
    .map((x, i) => ({ i, r: x - Math.floor(x) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i]!.amountCents++;
    left--;
  }
  return shares;
}

/** The payment a dispute names (one order's, or a checkout group's) and what each of its orders paid. */
async function disputedPayment(tx: Tx, provider: string, ref: string) {
  const [payment] = await tx
    .select({
      id: payments.id,
      orderId: payments.orderId,
      amount: payments.amount,
      vendorId: orders.vendorId,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, ref)));
  if (payment)
    return {
      paymentId: payment.id,
      checkoutGroupId: null,
      paid: [{ orderId: payment.orderId, vendorId: payment.vendorId, amountCents: payment.amount }],
    };
  const [group] = await tx
    .select({ id: checkoutGroups.id })
    .from(checkoutGroups)
    .where(and(eq(checkoutGroups.provider, provider), eq(checkoutGroups.providerRef, ref)));
  if (!group) return null;
  const paid = await tx
    .select({ orderId: payments.orderId, vendorId: orders.vendorId, amountCents: payments.amount })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.checkoutGroupId, group.id), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.orderId));
  return { paymentId: null, checkoutGroupId: group.id, paid };
}

const adminIds = async (tx: Tx) =>
  (await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))).map((u) => u.id);

/**
 * Applies one dispute event in the caller's transaction (events.ts holds the stored event's lock and
 * marks it applied). An event for a payment not recorded yet is kept for a retry.
 */
export async function applyDisputeEvent(
  tx: Tx,
  { provider, event, now, log }: { provider: string; event: DisputeEvent; now: Date; log: Logger },
): Promise<{ applied: boolean }> {
  const target = await disputedPayment(tx, provider, event.paymentRef);
  if (!target) {
    await tx
      .update(processorEvents)
      .set({ error: 'no payment with this reference yet' })
      .where(eq(processorEvents.id, event.id));
    log.warn({ eventId: event.id, ref: event.paymentRef }, 'dispute event for an unknown payment');
    return { applied: false };
  }
  const at = new Date(event.at);
  const closed = isClosedDispute(event.status);
  const state = {
    status: event.status,
    dueBy: event.dueBy ? new Date(event.dueBy) : null,
    stateAt: at,
    closedAt: closed ? now : null,
    updatedAt: now,
  };
  const [created] = await tx
    .insert(disputes)
    .values({
      id: crypto.randomUUID(),
      provider,
      providerRef: event.disputeRef,
      paymentId: target.paymentId,
      checkoutGroupId: target.checkoutGroupId,
      amount: event.amountCents,
      currency: event.currency,
      reason: event.reason,
      ...state,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [disputes.provider, disputes.providerRef] })
    .returning();
  const [before] = await tx
    .select()
    .from(disputes)
    .where(and(eq(disputes.provider, provider), eq(disputes.providerRef, event.disputeRef)))
    .for('update');
  let dispute = before!;
  let justClosed = !!created && closed;
  if (created) {
    const shares = splitDispute(event.amountCents, target.paid);
    await tx
      .insert(disputeOrders)
      .values(shares.map((s) => ({ disputeId: dispute.id, ...s, amount: s.amountCents, createdAt: now })));
    await tellOpened(tx, dispute.id, shares, now);
  } else if (!isClosedDispute(dispute.status) && (closed || at >= dispute.stateAt)) {
    const [updated] = await tx.update(disputes).set(state).where(eq(disputes.id, dispute.id)).returning();
    dispute = updated!;
    justClosed = closed;
  }
  if (!isClosedDispute(dispute.status) && dispute.dueBy)
    await scheduleDisputeReminders(tx, { disputeId: dispute.id, dueBy: dispute.dueBy, now });

  const shares = await tx.select().from(disputeOrders).where(eq(disputeOrders.disputeId, dispute.id));
  await moveDisputedMoney(tx, dispute, shares);
  for (const fee of event.fees)
    await recordDisputeFee(tx, { key: `${dispute.id}:${fee.key}`, amountCents: fee.amountCents });
  if (justClosed) await afterClose(tx, dispute, shares, now);
  return { applied: true };
}

/** The ledger as the dispute's status says, each posting once (keyed by dispute and order). */
async function moveDisputedMoney(
  tx: Tx,
  dispute: typeof disputes.$inferSelect,
  shares: (typeof disputeOrders.$inferSelect)[],
) {
  if (!MONEY_TAKEN.includes(dispute.status)) return;
  for (const s of shares) {
    const share = { disputeId: dispute.id, orderId: s.orderId, vendorId: s.vendorId, amountCents: s.amount };
    await recordDisputeOpened(tx, share);
    if (dispute.status === 'won') await recordDisputeWon(tx, share);
    if (dispute.status === 'lost') await recordDisputeLost(tx, share);
  }
}

async function tellOpened(tx: Tx, disputeId: string, shares: Share[], now: Date) {
  const admins = await adminIds(tx);
  for (const share of shares) {
    const owner = await vendorOwnerId(tx, share.vendorId);
    await publish(tx, {
      type: 'dispute.opened',
      userIds: [owner, ...admins].filter((id): id is string => !!id),
      refs: { orderId: share.orderId, disputeId },
      now,
    });
  }
}

/**
 * A dispute decided: its reminders stop, the vendors are told, and a delivered order whose completion
 * waited for it may complete by itself again (its timer runs now and decides).
 */
async function afterClose(
  tx: Tx,
  dispute: typeof disputes.$inferSelect,
  shares: (typeof disputeOrders.$inferSelect)[],
  now: Date,
) {
  await cancelDisputeReminders(tx, dispute.id);
  for (const share of shares) {
    const owner = await vendorOwnerId(tx, share.vendorId);
    await publish(tx, {
      type: 'dispute.closed',
      userIds: [owner].filter((id): id is string => !!id),
      refs: { orderId: share.orderId, disputeId: dispute.id },
      now,
    });
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, share.orderId));
    if (order?.status === 'delivered')
      await scheduleJob(tx, {
        kind: AUTO_COMPLETE_JOB,
        key: autoCompleteJobKey(share.orderId),
        runAt: AT_ONCE,
        payload: { orderId: share.orderId },
      });
  }
}

/** Whether an order's money is frozen by a dispute not yet decided. */
export async function hasOpenDispute(tx: Tx | Db, orderId: string) {
  const [row] = await tx
    .select({ id: disputes.id })
    .from(disputeOrders)
    .innerJoin(disputes, eq(disputes.id, disputeOrders.disputeId))
    .where(and(eq(disputeOrders.orderId, orderId), isNull(disputes.closedAt), gt(disputeOrders.amount, 0)))
    .limit(1);
  return row !== undefined;
}
