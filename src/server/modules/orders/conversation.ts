import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { openConversation } from '../messages/index.ts';

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
  return openConversation(db, { customerId: order.customerId, vendorId: order.vendorId });
}
