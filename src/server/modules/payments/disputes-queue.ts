import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DisputeNoteInput, DisputeSummary, OrderDispute } from '../../../shared/schemas/disputes.ts';
import { isAdmin, type Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { disputeOrders, disputes, orders, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { vendorOf } from '../auth/index.ts';
import { isClosedDispute } from './disputes.ts';

/** The admins' dispute queue, one dispute's summary, and the vendor's view of a dispute on their order. */

type DisputeRow = typeof disputes.$inferSelect;
const CLOSED_SHOWN = 20;
export const DISPUTE_NOT_FOUND = 'Dispute not found.';
export const NO_DISPUTE = 'There is no dispute on this order.';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Disputes as the queue presents them, with their orders (one query for all of them). */
export async function disputeSummaries(db: Db, rows: DisputeRow[]): Promise<DisputeSummary[]> {
  if (rows.length === 0) return [];
  const shares = await db
    .select({
      disputeId: disputeOrders.disputeId,
      orderId: disputeOrders.orderId,
      orderNumber: orders.orderNumber,
      vendorName: vendors.businessName,
      amountCents: disputeOrders.amount,
      vendorNote: disputeOrders.vendorNote,
    })
    .from(disputeOrders)
    .innerJoin(orders, eq(orders.id, disputeOrders.orderId))
    .innerJoin(vendors, eq(vendors.id, disputeOrders.vendorId))
    .where(
      inArray(
        disputeOrders.disputeId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orders.orderNumber);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    reason: r.reason,
    amountCents: r.amount,
    currency: r.currency,
    dueBy: iso(r.dueBy),
    evidenceSubmittedAt: iso(r.evidenceSubmittedAt),
    closedAt: iso(r.closedAt),
    createdAt: r.createdAt.toISOString(),
    orders: shares.filter((s) => s.disputeId === r.id).map(({ disputeId: _, ...s }) => s),
  }));
}

/** Open disputes, the soonest due first (no date last), then the latest decided. */
export async function disputesQueue(db: Db) {
  const open = await db
    .select()
    .from(disputes)
    .where(isNull(disputes.closedAt))
    .orderBy(sql`${disputes.dueBy} ASC NULLS LAST`, disputes.createdAt);
  const closed = await db
    .select()
    .from(disputes)
    .where(isNotNull(disputes.closedAt))
    .orderBy(desc(disputes.closedAt))
    .limit(CLOSED_SHOWN);
  return { open: await disputeSummaries(db, open), closed: await disputeSummaries(db, closed) };
}

export async function disputeById(db: Db, disputeId: string) {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, disputeId));
  if (!row) throw AppError.notFound(DISPUTE_NOT_FOUND);
  return row;
}

/**
 * The vendor's share of the latest dispute on one of their orders. Another vendor's order, a
 * customer, or an order without a dispute all read as "no dispute" (404).
 */
async function vendorShare(db: Db, actor: Actor, orderId: string) {
  const vendor = await vendorOf({ db, actor });
  if (!vendor) throw AppError.notFound(NO_DISPUTE);
  const [row] = await db
    .select({ dispute: disputes, share: disputeOrders })
    .from(disputeOrders)
    .innerJoin(disputes, eq(disputes.id, disputeOrders.disputeId))
    .where(and(eq(disputeOrders.orderId, orderId), eq(disputeOrders.vendorId, vendor.id)))
    .orderBy(desc(disputes.createdAt))
    .limit(1);
  if (!row) throw AppError.notFound(NO_DISPUTE);
  return row;
}

const orderDisputeDto = ({
  dispute,
  share,
}: {
  dispute: DisputeRow;
  share: typeof disputeOrders.$inferSelect;
}): OrderDispute => ({
  id: dispute.id,
  status: dispute.status,
  reason: dispute.reason,
  amountCents: share.amount,
  dueBy: iso(dispute.dueBy),
  evidenceSubmittedAt: iso(dispute.evidenceSubmittedAt),
  closedAt: iso(dispute.closedAt),
  vendorNote: share.vendorNote,
});

export async function orderDispute({ db, actor, orderId }: { db: Db; actor: Actor; orderId: string }) {
  return orderDisputeDto(await vendorShare(db, actor, orderId));
}

export const NOTE_TOO_LATE =
  'The evidence for this dispute has been sent, so a note can no longer be added to it.';

/** The vendor's note for the evidence, until the evidence is sent (then it would not reach the bank). */
export async function saveDisputeNote({
  db,
  actor,
  orderId,
  input,
  now,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
  input: DisputeNoteInput;
  now: Date;
}): Promise<OrderDispute> {
  if (isAdmin(actor)) throw AppError.notFound(NO_DISPUTE);
  const { dispute, share } = await vendorShare(db, actor, orderId);
  if (dispute.evidenceSubmittingAt || isClosedDispute(dispute.status))
    throw new AppError('CONFLICT', 409, NOTE_TOO_LATE);
  const [saved] = await db
    .update(disputeOrders)
    .set({ vendorNote: input.note, vendorNoteAt: now })
    .where(
      and(
        eq(disputeOrders.disputeId, dispute.id),
        eq(disputeOrders.orderId, share.orderId),
        // Checked again in the statement: evidence being sent meanwhile wins.
        sql`NOT EXISTS (SELECT 1 FROM ${disputes} d WHERE d.id = ${dispute.id} AND d.evidence_submitting_at IS NOT NULL)`,
      ),
    )
    .returning();
  if (!saved) throw new AppError('CONFLICT', 409, NOTE_TOO_LATE);
  return orderDisputeDto({ dispute, share: saved });
}
