import { and, eq, sql } from 'drizzle-orm';
import {
  ORDER_TRANSITIONS,
  autoCompleteAt,
  canReleaseFunds,
  checkTransition,
  deliveryWindowMessage,
  fundsReleasableAt,
  type OrderAction,
  type OrderParty,
  type TransitionRefusal,
} from '../../../shared/order-machine.ts';
import { orderStatusLabel, type OrderStatus } from '../../../shared/order-status.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderEvents, orders, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { isAdmin } from '../../actor.ts';
import type { StoredImage } from '../storage/index.ts';
import { cancelJob, scheduleJob, type JobHandlers } from '../jobs/index.ts';
import { publish } from '../notifications/index.ts';
import { orderSubscribers, type OrderChange, type OrderEventRow, type OrderRow } from './lifecycle.ts';

/** Who asks for a change: a signed-in user (their relation to the order decides their party), or the system. */
export type OrderActor = { kind: 'user'; actor: Actor } | { kind: 'system' };
export const SYSTEM: OrderActor = { kind: 'system' };

export interface TransitionRequest {
  orderId: string;
  action: string;
  by: OrderActor;
  /** The status the actor saw: when the order has moved on since, the change is refused (409). */
  expectedStatus?: OrderStatus | undefined;
  /** The reason (cancelling) or a note (delivered with a photo, say), kept on the event. */
  note?: string | undefined;
  /** A photo of the delivered cake (Mark Delivered only), already stored by the caller. */
  photo?: StoredImage | undefined;
  /** Set by the claims service only: a claim's resolution settles the money itself first. */
  resolvingClaim?: true;
  now: Date;
}

export type { OrderEventRow, OrderRow };

/** The key of an order's auto-completion timer in the jobs table. */
export const autoCompleteJobKey = (orderId: string) => `order:${orderId}:autoComplete`;
export const AUTO_COMPLETE_JOB = 'order.autoComplete';
/** The timer that cancels an order still unpaid 24 h after its quote was accepted. */
export const expireUnpaidJobKey = (orderId: string) => `order:${orderId}:expireUnpaid`;
export const EXPIRE_UNPAID_JOB = 'order.expireUnpaid';

const REFUSALS: Record<
  Exclude<TransitionRefusal, 'reason-required' | 'before-delivery-window'>,
  (status: OrderStatus) => string
> = {
  'unknown-action': () => 'That is not something an order can do.',
  'not-allowed': () => 'You can’t make this change to this order.',
  'wrong-status': (status) =>
    `This order is ${orderStatusLabel(status)}, so this change is not possible now.`,
  'too-early': () => 'It is too early for this change.',
};

/** The message of a stale change: the order moved on since the actor looked at it. */
export const staleOrderMessage = (status: OrderStatus) =>
  `This order has changed since you opened it: it is now ${orderStatusLabel(status)}. Refresh to see the latest.`;

/**
 * The one way an order's status changes. In one transaction (the caller's, when given one): reads the
 * order, decides the actor's party from their relation to it (another user's order reads as missing),
 * checks the table in src/shared/order-machine.ts, updates the status only if it is still the one read
 * (the row is locked as it is read, so a concurrent change is waited for and then decided on; never
 * overwritten), writes the order_events row,
 * and runs what the change sets off (the auto-completion timer).
 */
export async function transitionOrder(
  db: Db | Tx,
  request: TransitionRequest,
): Promise<{ order: OrderRow; event: OrderEventRow }> {
  return db.transaction(async (tx) => {
    const { orderId, by, now } = request;
    // Locked as it is read: a change committing meanwhile (a payment confirmed while the customer
    // cancels) is waited for and then seen, so this one is decided on the order as it is, not refused
    // as stale. Only a status the actor said they saw (expectedStatus) makes a change stale.
    const [row] = await tx
      .select({ order: orders, vendorUserId: vendors.userId })
      .from(orders)
      .innerJoin(vendors, eq(vendors.id, orders.vendorId))
      .where(eq(orders.id, orderId))
      .limit(1)
      .for('update', { of: orders });
    if (!row) throw AppError.notFound('Order not found.');
    const { order } = row;
    const party = partyOf(by, order, row.vendorUserId, request.action);
    if (!party) throw AppError.notFound('Order not found.');

    const status = order.status as OrderStatus;
    if (request.expectedStatus && request.expectedStatus !== status)
      throw new AppError('CONFLICT', 409, staleOrderMessage(status));

    const note = request.note?.trim() || undefined;
    const { enteredAt, lastSeq } = await eventSummary(tx, order.id);
    const check = checkTransition(request.action, status, party, {
      reason: note,
      now,
      enteredAt,
      deliveryDate: order.deliveryDate,
    });
    if (!check.ok) {
      if (check.refusal === 'reason-required')
        throw AppError.validation({ note: 'Please say why you are cancelling.' });
      if (check.refusal === 'before-delivery-window')
        throw new AppError(
          'CONFLICT',
          409,
          deliveryWindowMessage(request.action as OrderAction, check.opensAt),
        );
      const status409 = check.refusal === 'wrong-status' || check.refusal === 'too-early';
      throw new AppError(
        status409 ? 'CONFLICT' : 'FORBIDDEN',
        status409 ? 409 : 403,
        REFUSALS[check.refusal](status),
      );
    }
    const action = request.action as OrderAction;
    if (action === 'resolveClaim' && !request.resolvingClaim)
      throw new AppError('FORBIDDEN', 403, 'A claim is resolved from the claims queue, with its outcome.');
    // Another module may hold the change back (a deposit's order waits for its balance).
    for (const subscriber of orderSubscribers()) {
      const refusal = await subscriber.refuse?.(tx, { order, action, party });
      if (refusal) throw new AppError('CONFLICT', 409, refusal);
    }
    if (request.photo && action !== 'deliver')
      throw AppError.validation({ file: 'A photo goes with Mark Delivered only.' });
    const { photo } = request;

    const [updated] = await tx
      .update(orders)
      .set({ status: check.to, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, status)))
      .returning();
    if (!updated) {
      // Changed between our read and this write (another request, a timer): say what it is now.
      const [current] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order.id));
      throw new AppError('CONFLICT', 409, staleOrderMessage((current?.status ?? status) as OrderStatus));
    }
    const [event] = await tx
      .insert(orderEvents)
      .values({
        id: crypto.randomUUID(),
        orderId: order.id,
        seq: lastSeq + 1,
        action,
        fromStatus: status,
        toStatus: check.to,
        party,
        actorId: by.kind === 'user' ? by.actor.id : null,
        note: note ?? null,
        photoKey: photo?.imageKey ?? null,
        photoThumbKey: photo?.thumbKey ?? null,
        photoWidth: photo?.width ?? null,
        photoHeight: photo?.height ?? null,
        createdAt: now,
      })
      .returning();
    await afterTransition(tx, { order: updated, event: event!, action, party, from: status, now });
    // Paying and resolving a claim tell of themselves (payment.captured, claim.resolved).
    if (action !== 'pay' && action !== 'resolveClaim')
      await publish(tx, {
        type: 'order.statusChanged',
        userIds: [order.customerId, row.vendorUserId],
        refs: { orderId: order.id, status: check.to },
        actorId: by.kind === 'user' ? by.actor.id : null,
      });
    return { order: updated, event: event! };
  });
}

/**
 * The party a user acts as on this order: its customer, its vendor, or an admin for the admin's own
 * actions. Undefined when the order is not theirs (and they are not an admin acting as one).
 */
function partyOf(
  by: OrderActor,
  order: OrderRow,
  vendorUserId: string,
  action: string,
): OrderParty | undefined {
  if (by.kind === 'system') return 'system';
  const { actor } = by;
  const adminAction = (ORDER_TRANSITIONS as Record<string, { by: readonly OrderParty[] }>)[
    action
  ]?.by.includes('admin');
  if (isAdmin(actor) && adminAction) return 'admin';
  if (actor.id === order.customerId) return 'customer';
  if (actor.id === vendorUserId) return 'vendor';
  if (isAdmin(actor)) return 'admin';
  return undefined;
}

/** When the order last entered each status it has been in, and its latest event's number. */
async function eventSummary(tx: Tx, orderId: string) {
  const rows = await tx
    .select({
      status: orderEvents.toStatus,
      at: sql<Date>`max(${orderEvents.createdAt})`.mapWith(orderEvents.createdAt),
      seq: sql<number>`max(${orderEvents.seq})`.mapWith(Number),
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .groupBy(orderEvents.toStatus);
  return {
    enteredAt: Object.fromEntries(rows.map((r) => [r.status, r.at])) as Partial<Record<OrderStatus, Date>>,
    lastSeq: Math.max(0, ...rows.map((r) => r.seq)),
  };
}

/**
 * What a change sets off, in its transaction: first what other modules subscribed (the money settled
 * by the Terms, the balance's timers, reminders), then the orders module's own timers and counts.
 */
async function afterTransition(tx: Tx, change: OrderChange) {
  for (const subscriber of orderSubscribers()) await subscriber.changed?.(tx, change);
  const { order, action, now } = change;
  // Completes by itself 24 h after delivery, and never before the delivery day has ended (an order
  // without a delivery date is never delivered: the delivery window needs one).
  const completesAt =
    action === 'deliver' ? autoCompleteAt({ deliveredAt: now, deliveryDate: order.deliveryDate }) : null;
  if (completesAt)
    await scheduleJob(tx, {
      kind: AUTO_COMPLETE_JOB,
      key: autoCompleteJobKey(order.id),
      runAt: completesAt,
      payload: { orderId: order.id },
    });
  else if (order.status === 'completed' || order.status === 'cancelled')
    await cancelJob(tx, autoCompleteJobKey(order.id));
  // Paid or cancelled: the unpaid order's timer has nothing left to do.
  if (action === 'pay' || order.status === 'cancelled') await cancelJob(tx, expireUnpaidJobKey(order.id));
  // The count on vendor cards and pages: completed orders, kept with the change that completes one.
  if (order.status === 'completed')
    await tx
      .update(vendors)
      .set({ totalOrders: sql`${vendors.totalOrders} + 1`, updatedAt: now })
      .where(eq(vendors.id, order.vendorId));
}

/** The order's events, oldest first: its timeline. */
export async function orderTimeline(db: Db | Tx, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.seq);
}

/**
 * The orders module's timers. expireUnpaid: an order still pending 24 h after its quote was accepted
 * is cancelled. autoComplete: a delivered order completes 24 h after delivery and not before its
 * delivery day has ended, unless a satisfaction claim is open (opening one cancels this job, and the
 * handler checks again under the order's lock).
 * An order no longer delivered (completed or cancelled meanwhile) needs nothing: the job just ends.
 */
export const orderJobHandlers: JobHandlers = {
  [EXPIRE_UNPAID_JOB]: async (tx, job, { now }) => {
    const orderId = String(job.payload.orderId ?? '');
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (order?.status !== 'pending') return;
    await transitionOrder(tx, { orderId, action: 'expire', by: SYSTEM, now });
  },
  [AUTO_COMPLETE_JOB]: async (tx, job, { now }) => {
    const orderId = String(job.payload.orderId ?? '');
    // Locked, so a claim being opened right now either waits for this or stops it.
    const [order] = await tx
      .select({ status: orders.status, deliveryDate: orders.deliveryDate })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (order?.status !== 'delivered') return;
    // A satisfaction claim holds the order until an admin resolves it.
    for (const subscriber of orderSubscribers()) if (await subscriber.holdsCompletion?.(tx, orderId)) return;
    // Delivered before its day, whatever the path: the funds wait until the delivery day has ended
    // (no delivery date: they wait for the customer or Frosted).
    const { deliveryDate } = order;
    if (!canReleaseFunds({ deliveryDate, now })) {
      const releasableAt = fundsReleasableAt(deliveryDate);
      return releasableAt ? { runAgainAt: releasableAt } : undefined;
    }
    await transitionOrder(tx, { orderId, action: 'autoComplete', by: SYSTEM, now });
  },
};
