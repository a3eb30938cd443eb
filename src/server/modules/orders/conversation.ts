import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, orders, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../auth/actor.ts';

/**
 * The one conversation between an order's customer and its vendor, opened if it does not exist yet:
 * either side of the order may start it from the order (the vendor's Message Customer). Anyone else
 * gets 404, as if the order did not exist.
 */
export async function openOrderConversation({
  db,
  actor,
  orderId,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
}): Promise<string> {
  const [order] = await db
    .select({ customerId: orders.customerId, vendorId: orders.vendorId, vendorUserId: vendors.userId })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order || (actor.id !== order.customerId && actor.id !== order.vendorUserId))
    throw AppError.notFound('Order not found.');
  // One conversation per customer and vendor (a unique pair): opening it twice finds the first.
  const [created] = await db
    .insert(conversations)
    .values({ id: crypto.randomUUID(), customerId: order.customerId, vendorId: order.vendorId })
    .onConflictDoNothing({ target: [conversations.customerId, conversations.vendorId] })
    .returning({ id: conversations.id });
  if (created) return created.id;
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.customerId, order.customerId), eq(conversations.vendorId, order.vendorId)))
    .limit(1);
  return existing!.id;
}
