import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { GroupCheckout } from '../../../shared/schemas/payments.ts';
import { vancouverDay } from '../../../shared/time.ts';
import type { Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { checkoutGroups, orders, payments, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { assertVendorCanTake } from '../calendar/index.ts';
import { amountDue, refundOf } from './checkout.ts';
import { cancelReplacedNow, scheduleCancel } from './cancel-replaced.ts';
import { askAboutGroup } from './group-outcomes.ts';
import { eventTransferGroup } from './event-transfer-group.ts';
import { REPLACED, releaseFromGroups } from './group-release.ts';
import { CONFIRMING_ELSEWHERE } from './outcomes.ts';
import type { PaymentProcessor, ProcessorPayment } from './processor.ts';

type GroupRow = typeof checkoutGroups.$inferSelect;

export const GROUP_NOT_FOUND = 'Checkout not found.';
const ORDER_NOT_FOUND = 'Order not found.';
const OPEN = ['requires_payment', 'requires_action'] as const;

/** The transfer_group of a checkout group's payment and its vendors' transfers, unless given one. */
export const groupTransferGroup = (groupId: string) => `checkout:${groupId}`;

/** The customer's open (or paid) group of exactly these orders with this processor, if there is one. */
async function sameOpenGroup(db: Db | Tx, actor: Actor, processor: PaymentProcessor, orderIds: string[]) {
  const candidates = await db
    .selectDistinct({ group: checkoutGroups })
    .from(checkoutGroups)
    .innerJoin(payments, eq(payments.checkoutGroupId, checkoutGroups.id))
    .where(
      and(
        eq(checkoutGroups.customerId, actor.id),
        eq(checkoutGroups.provider, processor.name),
        // Open (a Stripe intent stays open after a decline), or paid (a reload shows it paid); a
        // replaced group is over.
        inArray(checkoutGroups.status, [...processor.reopenable, 'succeeded']),
        inArray(payments.orderId, orderIds),
      ),
    );
  for (const { group } of candidates) {
    const shares = await db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.checkoutGroupId, group.id));
    const paid = new Set(shares.map((s) => s.orderId));
    if (paid.size === orderIds.length && orderIds.every((id) => paid.has(id))) return group;
  }
  return undefined;
}

/**
 * One checkout for several of the customer's accepted orders (issue 25): one payment for the total,
 * each order's share what is due now for it (its deposit, all of it, or a declined balance: the
 * single checkout's rule, `amountDue`). The group and its shares are written in one transaction with
 * the orders locked in id order: two tabs (or a double submit) get the same group, an order is in one
 * live group at most (the shares are its open payments: one per order, purpose and processor), and an
 * order's open checkout elsewhere is closed first unless its card is with the processor. The processor
 * is asked after the commit, keyed by the group (`checkout_group:{id}`), so a crash in between is
 * finished by asking again. `transferGroup` is Stripe's transfer_group: given, the event plan's when
 * every order was booked from one plan (`event:{planId}`), or the group's own.
 */
export async function startGroupCheckout({
  db,
  processor,
  actor,
  orderIds,
  transferGroup,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  orderIds: readonly string[];
  transferGroup?: string | undefined;
  now: Date;
  log: Logger;
}): Promise<GroupCheckout> {
  const ids = [...new Set(orderIds)].sort();
  let group = await sameOpenGroup(db, actor, processor, ids);
  if (group?.status === 'succeeded') return groupCheckoutDto({ db, processor, actor, group });
  if (group?.providerRef) {
    const seen = await askAboutGroup({ db, processor, group, now, log });
    group = await groupById(db, group.id);
    if (group.status === 'succeeded' || group.submittedAt || group.status === 'replaced')
      return groupCheckoutDto({ db, processor, actor, group });
    if (processor.reopenable.includes(group.status as 'failed'))
      return groupCheckoutDto({
        db,
        processor,
        actor,
        group,
        clientSecret: (seen ?? (await processor.retrievePayment(group.providerRef!))).clientSecret,
      });
  }
  if (!group) {
    // The days are checked again, as a single checkout does (the vendor may have blacked one out).
    const rows = await db.select().from(orders).where(inArray(orders.id, ids));
    for (const order of rows)
      if (order.customerId === actor.id && order.status === 'pending' && order.deliveryDate)
        await db.transaction((tx) =>
          assertVendorCanTake(tx, {
            vendorId: order.vendorId,
            eventDate: vancouverDay(order.deliveryDate!),
            now,
            excludeOrderId: order.id,
          }),
        );
    group = await createGroup({ db, processor, actor, ids, transferGroup, now });
    await cancelReplacedNow({ db, processor, now, log });
  }
  return openWithProcessor({ db, processor, actor, group, now, log });
}

async function createGroup({
  db,
  processor,
  actor,
  ids,
  transferGroup,
  now,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  ids: string[];
  transferGroup: string | undefined;
  now: Date;
}): Promise<GroupRow> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await tx
        .select()
        .from(orders)
        .where(inArray(orders.id, ids))
        .orderBy(asc(orders.id))
        .for('update');
      // Another customer's order looks exactly like a missing one.
      if (locked.length !== ids.length || locked.some((o) => o.customerId !== actor.id))
        throw AppError.notFound(ORDER_NOT_FOUND);
      // A second tab got here first with the same orders: that group is the checkout.
      const same = await sameOpenGroup(tx, actor, processor, ids);
      if (same) return same;
      const shares = [];
      for (const order of locked) {
        const due = await amountDue(tx, order);
        if ('refusal' in due)
          throw new AppError('CONFLICT', 409, `Order ${order.orderNumber}: ${due.refusal}`);
        shares.push({ order, ...due });
      }
      const [confirming] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(inArray(payments.orderId, ids), isNotNull(payments.submittedAt)))
        .limit(1);
      if (confirming) throw new AppError('CONFLICT', 409, CONFIRMING_ELSEWHERE);
      await releaseFromGroups(tx, ids, now);
      // A single checkout left open for one of them is closed (and cancelled at the processor after
      // the commit): this checkout pays the order now.
      const closed = await tx
        .update(payments)
        .set({ status: 'failed', failureMessage: REPLACED, updatedAt: now })
        .where(
          and(
            inArray(payments.orderId, ids),
            eq(payments.offSession, false),
            inArray(payments.status, [...OPEN]),
          ),
        )
        .returning({ ref: payments.providerRef });
      for (const { ref } of closed) await scheduleCancel(tx, ref);
      const id = crypto.randomUUID();
      const [group] = await tx
        .insert(checkoutGroups)
        .values({
          id,
          customerId: actor.id,
          provider: processor.name,
          amount: shares.reduce((sum, s) => sum + s.amountCents, 0),
          transferGroup: transferGroup ?? (await eventTransferGroup(tx, ids)) ?? groupTransferGroup(id),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(payments).values(
        shares.map((s) => ({
          id: crypto.randomUUID(),
          orderId: s.order.id,
          checkoutGroupId: id,
          provider: processor.name,
          amount: s.amountCents,
          purpose: s.purpose,
          createdAt: now,
          updatedAt: now,
        })),
      );
      return group!;
    });
  } catch (err) {
    // A single checkout of one of these orders opened at this very moment (its open payment is unique).
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', 409, 'One of these orders’ payments changed just now. Reload the page.');
    throw err;
  }
}

function isUniqueViolation(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 8) return false;
  return (err as { code?: unknown }).code === '23505' || isUniqueViolation(err.cause, depth + 1);
}

/** The processor's payment for the group: made once (keyed by the group), its id recorded after. */
async function openWithProcessor({
  db,
  processor,
  actor,
  group,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  group: GroupRow;
  now: Date;
  log: Logger;
}): Promise<GroupCheckout> {
  if (group.providerRef) {
    const seen: ProcessorPayment = await processor.retrievePayment(group.providerRef);
    return groupCheckoutDto({ db, processor, actor, group, clientSecret: seen.clientSecret });
  }
  const shares = await db.select().from(payments).where(eq(payments.checkoutGroupId, group.id));
  const created = await processor.createPayment({
    paymentId: group.id,
    orderId: null,
    amountCents: group.amount,
    idempotencyKey: `checkout_group:${group.id}`,
    // A deposit among them saves the card its balance is charged to.
    saveCard: shares.some((s) => s.purpose === 'deposit'),
    transferGroup: group.transferGroup,
  });
  let recorded: { status: string } | undefined;
  await db.transaction(async (tx) => {
    if (created.customerRef)
      await tx
        .update(orders)
        .set({ processorCustomerRef: created.customerRef })
        .where(
          inArray(
            orders.id,
            shares.filter((s) => s.purpose === 'deposit').map((s) => s.orderId),
          ),
        );
    [recorded] = await tx
      .update(checkoutGroups)
      .set({ providerRef: created.ref, updatedAt: new Date() })
      .where(eq(checkoutGroups.id, group.id))
      .returning({ status: checkoutGroups.status });
    // Replaced while the processor was making it: nobody may pay it.
    if (recorded?.status === 'replaced') await scheduleCancel(tx, created.ref);
  });
  if (recorded?.status === 'replaced') await cancelReplacedNow({ db, processor, now, log });
  return groupCheckoutDto({
    db,
    processor,
    actor,
    group: await groupById(db, group.id),
    clientSecret: created.clientSecret,
  });
}

export async function groupById(db: Db | Tx, id: string) {
  const [group] = await db.select().from(checkoutGroups).where(eq(checkoutGroups.id, id));
  if (!group) throw AppError.notFound(GROUP_NOT_FOUND);
  return group;
}

/** A group of the actor's own; another customer's looks like a missing one. */
export async function customersGroup({ db, actor, groupId }: { db: Db; actor: Actor; groupId: string }) {
  const [group] = await db.select().from(checkoutGroups).where(eq(checkoutGroups.id, groupId));
  if (!group || group.customerId !== actor.id) throw AppError.notFound(GROUP_NOT_FOUND);
  return group;
}

/** The group's checkout as the customer sees it: the total, and per order its share and its fate. */
export async function groupCheckoutDto({
  db,
  processor,
  actor,
  group,
  clientSecret = null,
}: {
  db: Db;
  processor: PaymentProcessor;
  actor: Actor;
  group: GroupRow;
  clientSecret?: string | null;
}): Promise<GroupCheckout> {
  if (group.customerId !== actor.id) throw AppError.notFound(GROUP_NOT_FOUND);
  const rows = await db
    .select({ payment: payments, order: orders, vendorName: vendors.businessName })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(eq(payments.checkoutGroupId, group.id))
    .orderBy(asc(vendors.businessName), asc(orders.orderNumber));
  return {
    checkoutGroupId: group.id,
    provider: group.provider as GroupCheckout['provider'],
    // A replaced group is over, as a declined sandbox payment is: the page starts a new checkout.
    status: group.status === 'replaced' ? 'failed' : group.status,
    amount: group.amount,
    confirming: group.submittedAt !== null,
    failureMessage: group.status === 'replaced' ? REPLACED : group.failureMessage,
    clientSecret,
    publishableKey: group.provider === processor.name ? processor.publishableKey : null,
    orders: await Promise.all(
      rows.map(async ({ payment, order, vendorName }) => ({
        paymentId: payment.id,
        orderId: order.id,
        orderNumber: order.orderNumber,
        vendorName,
        amount: payment.amount,
        purpose: payment.purpose,
        orderAmount: order.amount,
        balanceCents: order.depositCents === null ? null : order.amount - order.depositCents,
        balanceDueAt: order.balanceDueAt?.toISOString() ?? null,
        refund: await refundOf(db, payment, order),
      })),
    ),
  };
}
