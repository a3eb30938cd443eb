import { and, asc, desc, eq } from 'drizzle-orm';
import {
  canSendProof,
  changeCutoffAt,
  changesOpen,
  PROOF_MESSAGES,
  proofsOpenFor,
} from '../../../shared/proofs.ts';
import type { Db } from '../../db/client.ts';
import { orderProofs, orders, type ProofImage, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type Actor, isAdmin } from '../../actor.ts';
import { hasPaidOrder } from '../masking/index.ts';
import { publish } from '../notifications/index.ts';

export type ProofRow = typeof orderProofs.$inferSelect;
export type ProofViewer = 'customer' | 'vendor' | 'admin';

/** The order as the proof rules need it, and who is asking. */
export interface ProofOrder {
  id: string;
  status: string;
  deliveryDate: Date | null;
  customerId: string;
  vendorId: string;
  vendorUserId: string;
  cutoffHours: number;
  viewer: ProofViewer;
}

const notFound = () => AppError.notFound('Order not found.');

/**
 * The order for its customer, its vendor or an admin; anyone else gets 404 as if it did not exist.
 * `lock` takes the order row for the rest of the transaction, so two answers cannot both land.
 */
async function proofOrder(db: Db, actor: Actor, orderId: string, { lock = false } = {}): Promise<ProofOrder> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw notFound();
  const [vendor] = await db
    .select({ userId: vendors.userId, cutoffHours: vendors.changeCutoffHours })
    .from(vendors)
    .where(eq(vendors.id, order.vendorId));
  const viewer: ProofViewer | undefined =
    actor.id === order.customerId
      ? 'customer'
      : actor.id === vendor?.userId
        ? 'vendor'
        : isAdmin(actor)
          ? 'admin'
          : undefined;
  if (!viewer || !vendor) throw notFound();
  return {
    id: order.id,
    status: order.status,
    deliveryDate: order.deliveryDate,
    customerId: order.customerId,
    vendorId: order.vendorId,
    vendorUserId: vendor.userId,
    // As agreed at acceptance; orders from before that was kept follow the vendor's setting.
    cutoffHours: order.changeCutoffHours ?? vendor.cutoffHours,
    viewer,
  };
}

const latestRound = async (db: Db, orderId: string) =>
  (
    await db
      .select()
      .from(orderProofs)
      .where(eq(orderProofs.orderId, orderId))
      .orderBy(desc(orderProofs.round))
      .limit(1)
  )[0];

/** Why the vendor may not send the next proof now, or nothing when they may. */
function sendRefusal(order: ProofOrder, latest: ProofRow | undefined): AppError | undefined {
  if (order.viewer !== 'vendor') return AppError.forbidden('Only the order’s vendor sends design proofs.');
  if (canSendProof(order.status, latest?.status)) return undefined;
  if (!proofsOpenFor(order.status)) return new AppError('CONFLICT', 409, PROOF_MESSAGES.orderNotOpen);
  return new AppError(
    'CONFLICT',
    409,
    latest?.status === 'approved' ? PROOF_MESSAGES.alreadyApproved : PROOF_MESSAGES.awaitingAnswer,
  );
}

export type ProofAnswer = { kind: 'approve' } | { kind: 'changes'; message: string; images: ProofImage[] };

/** Why the customer may not give this answer to this proof now, or nothing when they may. */
function answerRefusal(
  order: ProofOrder,
  proof: ProofRow | undefined,
  latest: ProofRow | undefined,
  kind: ProofAnswer['kind'],
  now: Date,
): AppError | undefined {
  if (!proof) return AppError.notFound('Proof not found.');
  if (order.viewer !== 'customer')
    return AppError.forbidden('Only the customer approves a proof or asks for changes.');
  if (!proofsOpenFor(order.status)) return new AppError('CONFLICT', 409, PROOF_MESSAGES.orderNotOpen);
  if (proof.status !== 'sent' || proof.id !== latest?.id)
    return new AppError('CONFLICT', 409, PROOF_MESSAGES.notAwaiting);
  if (kind === 'changes' && !changesOpen({ ...order, now })) {
    const closedAt = changeCutoffAt(order.deliveryDate, order.cutoffHours)!;
    return new AppError('CONFLICT', 409, PROOF_MESSAGES.changesClosed(closedAt, order.cutoffHours));
  }
  return undefined;
}

const proofOf = async (db: Db, orderId: string, proofId: string) =>
  (
    await db
      .select()
      .from(orderProofs)
      .where(and(eq(orderProofs.id, proofId), eq(orderProofs.orderId, orderId)))
  )[0];

/**
 * Every round of an order's proofs, oldest first, for its customer, vendor or an admin, and whether
 * the customer has paid the vendor (the notes of each side show contact details to the other only then).
 */
export async function listProofs({ db, actor, orderId }: { db: Db; actor: Actor; orderId: string }) {
  const order = await proofOrder(db, actor, orderId);
  const [rounds, paid] = await Promise.all([
    db.select().from(orderProofs).where(eq(orderProofs.orderId, orderId)).orderBy(asc(orderProofs.round)),
    order.viewer === 'admin' || hasPaidOrder(db, order),
  ]);
  return { order: { ...order, paid }, rounds };
}

/**
 * Checks, without writing, that the actor may make this change now: the route asks before it stores
 * any picture, so a refused request leaves no file behind. The transaction checks again under lock.
 */
export async function assertMayChange({
  db,
  actor,
  orderId,
  change,
  now,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
  change: { kind: 'send' } | { kind: ProofAnswer['kind']; proofId: string };
  now: Date;
}): Promise<void> {
  const order = await proofOrder(db, actor, orderId);
  const latest = await latestRound(db, orderId);
  const refusal =
    change.kind === 'send'
      ? sendRefusal(order, latest)
      : answerRefusal(order, await proofOf(db, orderId, change.proofId), latest, change.kind, now);
  if (refusal) throw refusal;
}

/** The vendor sends the next round (one waits for an answer at a time); the customer is told. */
export async function sendProof({
  db,
  actor,
  orderId,
  note,
  images,
  now,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
  note: string;
  images: ProofImage[];
  now: Date;
}): Promise<ProofRow> {
  return db.transaction(async (tx) => {
    const order = await proofOrder(tx, actor, orderId, { lock: true });
    const latest = await latestRound(tx, orderId);
    const refusal = sendRefusal(order, latest);
    if (refusal) throw refusal;
    const [created] = await tx
      .insert(orderProofs)
      .values({
        id: crypto.randomUUID(),
        orderId,
        round: (latest?.round ?? 0) + 1,
        note: note || null,
        images,
        sentBy: actor.id,
        createdAt: now,
      })
      .returning();
    await publish(tx, {
      type: 'proof.sent',
      userIds: [order.customerId],
      refs: { orderId, proofId: created!.id },
      actorId: actor.id,
      now,
    });
    return created!;
  });
}

/**
 * The customer answers the latest proof: approves it (also after the cut-off), or asks for changes
 * with a message and pictures (only before it). The vendor is told.
 */
export async function answerProof({
  db,
  actor,
  orderId,
  proofId,
  answer,
  now,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
  proofId: string;
  answer: ProofAnswer;
  now: Date;
}): Promise<ProofRow> {
  return db.transaction(async (tx) => {
    const order = await proofOrder(tx, actor, orderId, { lock: true });
    const proof = await proofOf(tx, orderId, proofId);
    const refusal = answerRefusal(order, proof, await latestRound(tx, orderId), answer.kind, now);
    if (refusal) throw refusal;
    const [updated] = await tx
      .update(orderProofs)
      .set(
        answer.kind === 'approve'
          ? { status: 'approved', respondedAt: now }
          : {
              status: 'changes_requested',
              response: answer.message,
              responseImages: answer.images,
              respondedAt: now,
            },
      )
      .where(eq(orderProofs.id, proofId))
      .returning();
    await publish(tx, {
      type: answer.kind === 'approve' ? 'proof.approved' : 'proof.changesRequested',
      userIds: [order.vendorUserId],
      refs: { orderId, proofId },
      actorId: actor.id,
      now,
    });
    return updated!;
  });
}
