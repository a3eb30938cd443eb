import { and, eq, isNotNull } from 'drizzle-orm';
import {
  ORDER_TRANSITIONS,
  actionsFor,
  deliveryWindowNote,
  orderEventLabel,
  type OrderParty,
} from '../../../shared/order-machine.ts';
import type { OrderStatus } from '../../../shared/order-status.ts';
import { proofSteps } from '../../../shared/proofs.ts';
import { isPickup, presentBrief } from '../../../shared/quote-brief.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { claims, orderProofs, orders, payments, reviews, users, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isAdmin, type Actor } from '../../actor.ts';
import { heldForOrder, paidCentsByOrder } from '../ledger/index.ts';
import { hasPaidOrder } from '../masking/index.ts';
import { shownTo } from '../masking/index.ts';
import { claimDeadline, claimView } from '../payments/index.ts';
import { ownedFileUrl } from '../storage/index.ts';
import { orderTimeline, type OrderRow } from '../orders/index.ts';

type Viewer = OrderDetail['viewer'];

/**
 * One order for its customer, its vendor or an admin: the order, its timeline and the changes the
 * viewer can make now. Anyone else gets 404, as if it did not exist.
 */
export async function getOrderDetail(
  db: Db,
  { actor, orderId, now = new Date() }: { actor: Actor; orderId: string; now?: Date },
): Promise<OrderDetail> {
  const [row] = await db
    .select({
      order: orders,
      vendorName: vendors.businessName,
      vendorUserId: vendors.userId,
      vendorRefundPercent: vendors.cancellationRefundPercent,
      vendorAddress: vendors.businessAddress,
      customerName: users.name,
      customerFirstName: users.firstName,
      customerLastName: users.lastName,
    })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw AppError.notFound('Order not found.');
  const viewer: Viewer | undefined =
    actor.id === row.order.customerId
      ? 'customer'
      : actor.id === row.vendorUserId
        ? 'vendor'
        : isAdmin(actor)
          ? 'admin'
          : undefined;
  if (!viewer) throw AppError.notFound('Order not found.');
  const { order } = row;
  const status = order.status as OrderStatus;
  const [events, heldCents, [claim], paid, balancePayments, proofRounds, [submitted], [review]] =
    await Promise.all([
      orderTimeline(db, order.id),
      heldForOrder(db, order.id),
      db.select().from(claims).where(eq(claims.orderId, order.id)),
      paidCentsByOrder(db, [order.id]),
      order.depositCents === null
        ? []
        : db
            .select({ status: payments.status, offSession: payments.offSession })
            .from(payments)
            .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'balance'))),
      db
        .select({
          round: orderProofs.round,
          status: orderProofs.status,
          createdAt: orderProofs.createdAt,
          respondedAt: orderProofs.respondedAt,
        })
        .from(orderProofs)
        .where(eq(orderProofs.orderId, order.id)),
      db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), isNotNull(payments.submittedAt)))
        .limit(1),
      db.select({ id: reviews.id }).from(reviews).where(eq(reviews.orderId, order.id)).limit(1),
    ]);
  const fulfillment = orderFulfillment(order);
  const claimOpenUntil =
    viewer === 'customer' && !claim ? await claimDeadline(db, { order, now }) : undefined;
  const party: OrderParty = viewer;
  // What one side wrote to the other (the brief's notes, a cancellation's reason) is masked until paid.
  const otherSide = viewer === 'customer' ? 'vendor' : viewer === 'vendor' ? 'customer' : undefined;
  const paidVendor = !otherSide || (await hasPaidOrder(db, order));
  const shown = <T extends string | null | undefined>(text: T, writer: string) =>
    shownTo(text, { fromOtherSide: writer === otherSide, paid: paidVendor });
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status,
    amount: order.amount,
    deliveryDate: order.deliveryDate?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    vendor: { id: order.vendorId, businessName: row.vendorName },
    heldCents,
    paymentConfirming: submitted !== undefined,
    proofSteps: proofSteps(proofRounds),
    claim: claim ? claimView(claim) : null,
    claimOpenUntil: claimOpenUntil?.toISOString() ?? null,
    terms: {
      serviceFeeBps: order.serviceFeeBps,
      gstBps: order.gstBps,
      pstBps: order.pstBps,
      refundPercent: order.refundPercent ?? row.vendorRefundPercent,
    },
    customerName:
      [row.customerFirstName, row.customerLastName].filter(Boolean).join(' ').trim() || row.customerName,
    brief: order.brief ? presentBrief(order.brief, (text) => shown(text, 'customer')) : null,
    design: order.designSnapshot
      ? {
          occasion: order.designSnapshot.occasion,
          flavor: order.designSnapshot.flavor,
          size: order.designSnapshot.size,
          description: shown(order.designSnapshot.description, 'customer'),
          imageUrl: order.designSnapshot.imageUrl,
        }
      : null,
    fulfillment,
    // Where to collect the cake, once the customer has paid for it (the ledger says, not the status).
    pickupAddress:
      fulfillment === 'pickup' && (paid.get(order.id) ?? 0) > 0 ? (row.vendorAddress ?? null) : null,
    deposit:
      order.depositCents === null || order.balanceDueAt === null
        ? null
        : {
            depositCents: order.depositCents,
            balanceCents: order.amount - order.depositCents,
            balanceDueAt: order.balanceDueAt.toISOString(),
            balance: balancePayments.some((p) => p.status === 'succeeded')
              ? 'paid'
              : balancePayments.some((p) => p.offSession && p.status === 'failed')
                ? 'declined'
                : 'scheduled',
          },
    viewer,
    reviewed: review !== undefined,
    // Changes with a button of their own; a claim is resolved from the claims queue instead.
    actions: actionsFor(status, party).flatMap((action) => {
      const rule = ORDER_TRANSITIONS[action] as { button?: string; needsReason?: true };
      const notYet = deliveryWindowNote(action, { deliveryDate: order.deliveryDate, now });
      return rule.button
        ? [{ action, label: rule.button, needsReason: rule.needsReason === true, notYet }]
        : [];
    }),
    events: events.map((e) => ({
      seq: e.seq,
      action: e.action,
      fromStatus: (e.fromStatus as OrderStatus | null) ?? null,
      toStatus: e.toStatus as OrderStatus,
      party: e.party as OrderParty,
      label: orderEventLabel(e.action),
      note: shown(e.note, e.party),
      photo:
        e.photoKey && e.photoThumbKey
          ? {
              url: ownedFileUrl('deliveries', order.id, e.photoKey),
              thumbUrl: ownedFileUrl('deliveries', order.id, e.photoThumbKey),
              width: e.photoWidth ?? 0,
              height: e.photoHeight ?? 0,
            }
          : null,
      at: e.createdAt.toISOString(),
    })),
  };
}

/** Delivery or pickup, by the brief; an order made before briefs were kept is a delivery if it has an address. */
export const orderFulfillment = (order: Pick<OrderRow, 'brief' | 'deliveryAddress'>) =>
  order.brief
    ? isPickup(order.brief)
      ? 'pickup'
      : 'delivery'
    : order.deliveryAddress
      ? 'delivery'
      : 'pickup';
