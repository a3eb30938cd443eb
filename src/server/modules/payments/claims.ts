import { and, asc, desc, eq, inArray, max } from 'drizzle-orm';
import { POLICIES } from '../../../shared/policies.ts';
import { formatCents } from '../../../shared/money.ts';
import type { ClaimResolutionInput, ClaimView } from '../../../shared/schemas/claims.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type ClaimPhoto, claims, orderEvents, orders, users, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type Actor, isAdmin } from '../../actor.ts';
import { cancelJob } from '../jobs/index.ts';
import { claimSplit, heldForOrder, settleOrder } from '../ledger/index.ts';
import { cancelCompleteReminder } from '../notifications/index.ts';
import { orderParties, publish, vendorOwnerId } from '../notifications/index.ts';
import { autoCompleteJobKey, transitionOrder } from '../orders/index.ts';
import { ownedFileUrl } from '../storage/index.ts';
import { recordFeeCharge } from './invoices.ts';
import { orderFeeTerms, queueRefund } from './money.ts';

type ClaimRow = typeof claims.$inferSelect;

const HOUR_MS = 3_600_000;
export const CLAIM_WINDOW_MS = POLICIES.satisfactionClaimHoursAfterDelivery * HOUR_MS;
export const MAX_CLAIM_PHOTOS = 5;

export const CLAIM_MESSAGES = {
  notDelivered: 'A satisfaction claim can be opened once the order is delivered.',
  windowClosed: `Satisfaction claims can be opened within ${POLICIES.satisfactionClaimHoursAfterDelivery} hours of delivery.`,
  exists: 'This order already has a satisfaction claim.',
  notOpen: 'This claim is already closed.',
} as const;

/** When the order was delivered (its latest `deliver` event), if it was. */
async function deliveredAt(db: Db | Tx, orderId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(orderEvents.createdAt) })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.action, 'deliver')));
  return row?.at ?? undefined;
}

/** Until when the customer may open a claim on a delivered order, or undefined when they no longer can. */
export async function claimDeadline(
  db: Db | Tx,
  { order, now }: { order: { id: string; status: string }; now: Date },
) {
  if (order.status !== 'delivered') return undefined;
  const at = await deliveredAt(db, order.id);
  if (!at) return undefined;
  const deadline = new Date(at.getTime() + CLAIM_WINDOW_MS);
  return deadline.getTime() > now.getTime() ? deadline : undefined;
}

export function claimView(row: ClaimRow): ClaimView {
  return {
    id: row.id,
    status: row.status,
    description: row.description,
    photos: row.photos.map((p) => ({
      url: ownedFileUrl('claims', row.orderId, p.imageKey),
      thumbUrl: ownedFileUrl('claims', row.orderId, p.thumbKey),
      width: p.width,
      height: p.height,
    })),
    vendorResponse: row.vendorResponse,
    outcome: row.outcome,
    refundCents: row.refundCents,
    adminNote: row.adminNote,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * The customer opens a claim on a delivered order within 24 hours of delivery. The order's
 * auto-completion is stopped in the same transaction (the order row locked, so a completion running
 * at that moment either finishes first, and the claim is refused, or waits and sees the claim).
 */
export async function openClaim({
  db,
  actor,
  orderId,
  description,
  photos,
  now,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
  description: string;
  photos: ClaimPhoto[];
  now: Date;
}): Promise<ClaimRow> {
  if (photos.length > MAX_CLAIM_PHOTOS)
    throw AppError.validation({ files: `Add up to ${MAX_CLAIM_PHOTOS} photos.` });
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.customerId !== actor.id) throw AppError.notFound('Order not found.');
    if (order.status !== 'delivered') throw new AppError('CONFLICT', 409, CLAIM_MESSAGES.notDelivered);
    if (!(await claimDeadline(tx, { order, now })))
      throw new AppError('CONFLICT', 409, CLAIM_MESSAGES.windowClosed);
    const [created] = await tx
      .insert(claims)
      .values({ id: crypto.randomUUID(), orderId, description, photos, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: claims.orderId })
      .returning();
    if (!created) throw new AppError('CONFLICT', 409, CLAIM_MESSAGES.exists);
    await cancelJob(tx, autoCompleteJobKey(orderId));
    await cancelCompleteReminder(tx, orderId);
    const owner = await vendorOwnerId(tx, order.vendorId);
    await publish(tx, {
      type: 'claim.opened',
      userIds: [owner],
      refs: { orderId, claimId: created.id },
      actorId: actor.id,
    });
    return created;
  });
}

/** The vendor's answer to an open claim (shown to the customer and the admin who resolves it). */
export async function respondToClaim({
  db,
  actor,
  orderId,
  response,
  now,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
  response: string;
  now: Date;
}): Promise<ClaimRow> {
  const [row] = await db
    .select({ claim: claims, vendorUserId: vendors.userId, customerId: orders.customerId })
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(eq(claims.orderId, orderId));
  if (!row || row.vendorUserId !== actor.id) throw AppError.notFound('Claim not found.');
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(claims)
      .set({ vendorResponse: response, vendorRespondedAt: now, updatedAt: now })
      .where(and(eq(claims.id, row.claim.id), eq(claims.status, 'open')))
      .returning();
    if (!updated) throw new AppError('CONFLICT', 409, CLAIM_MESSAGES.notOpen);
    const refs = { orderId, claimId: updated.id };
    await publish(tx, { type: 'claim.answered', userIds: [row.customerId], refs, actorId: actor.id });
    return updated;
  });
}

/**
 * An admin resolves an open claim: the held money is split (release: all to the vendor less the fee;
 * refund: all back; partial: the amount given back, the rest to the vendor less the fee on it), the
 * refund queued, and the order completed, in one transaction.
 */
export async function resolveClaim({
  db,
  actor,
  claimId,
  input,
  now,
}: {
  db: Db;
  actor: Actor;
  claimId: string;
  input: ClaimResolutionInput;
  now: Date;
}): Promise<{ claim: ClaimRow; refundCents: number }> {
  if (!isAdmin(actor)) throw new AppError('FORBIDDEN', 403, 'Only Frosted administrators resolve claims.');
  return db.transaction(async (tx) => {
    const [claim] = await tx.select().from(claims).where(eq(claims.id, claimId)).for('update');
    if (!claim) throw AppError.notFound('Claim not found.');
    if (claim.status !== 'open') throw new AppError('CONFLICT', 409, CLAIM_MESSAGES.notOpen);
    const [order] = await tx.select().from(orders).where(eq(orders.id, claim.orderId)).for('update');
    const held = await heldForOrder(tx, order!.id);
    const refundCents =
      input.outcome === 'release'
        ? 0
        : input.outcome === 'refund'
          ? held
          : Math.min(input.refundCents ?? 0, held);
    if (input.outcome === 'partial' && (input.refundCents ?? 0) > held)
      throw AppError.validation({ refundCents: `A refund can be at most the ${formatCents(held)} held.` });
    if (held > 0) {
      const split = claimSplit(held, refundCents, orderFeeTerms(order!));
      const posted = await settleOrder(tx, {
        kind: 'claim_resolution',
        orderId: order!.id,
        vendorId: order!.vendorId,
        heldCents: held,
        split,
        key: `claim:${claim.id}`,
        memo: input.note,
      });
      await recordFeeCharge(tx, { posted, orderId: order!.id, vendorId: order!.vendorId, split });
      if (refundCents > 0) await queueRefund(tx, { orderId: order!.id, amountCents: refundCents, now });
    }
    await transitionOrder(tx, {
      orderId: order!.id,
      action: 'resolveClaim',
      by: { kind: 'user', actor },
      note: input.note,
      resolvingClaim: true,
      now,
    });
    const [resolved] = await tx
      .update(claims)
      .set({
        status: 'resolved',
        outcome: input.outcome,
        refundCents,
        adminNote: input.note,
        resolvedAt: now,
        updatedAt: now,
      })
      .where(eq(claims.id, claim.id))
      .returning();
    const refs = { orderId: order!.id, claimId: claim.id };
    await publish(tx, {
      type: 'claim.resolved',
      userIds: await orderParties(tx, order!.id),
      refs,
      actorId: actor.id,
    });
    return { claim: resolved!, refundCents };
  });
}

/** The admins' queue: open claims oldest first, then the latest resolved. */
export async function claimsQueue(db: Db) {
  const rows = await db
    .select({
      claim: claims,
      orderNumber: orders.orderNumber,
      amount: orders.amount,
      vendorName: vendors.businessName,
      customerName: users.name,
    })
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(inArray(claims.status, ['open']))
    .orderBy(asc(claims.createdAt))
    .limit(100);
  const recent = await db
    .select({
      claim: claims,
      orderNumber: orders.orderNumber,
      amount: orders.amount,
      vendorName: vendors.businessName,
      customerName: users.name,
    })
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(inArray(claims.status, ['resolved', 'withdrawn']))
    .orderBy(desc(claims.updatedAt))
    .limit(20);
  const held = await Promise.all(rows.map((r) => heldForOrder(db, r.claim.orderId)));
  const item = (r: (typeof rows)[number], heldCents: number) => ({
    ...claimView(r.claim),
    orderId: r.claim.orderId,
    orderNumber: r.orderNumber,
    amountCents: r.amount,
    heldCents,
    vendorName: r.vendorName,
    customerName: r.customerName,
  });
  return {
    open: rows.map((r, i) => item(r, held[i]!)),
    recent: recent.map((r) => item(r, 0)),
  };
}
