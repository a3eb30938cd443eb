import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, vendors } from '../../db/schema/index.ts';

/** The account that runs a vendor's business: who hears what happens to the business. */
export async function vendorOwnerId(db: Db, vendorId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: vendors.userId }).from(vendors).where(eq(vendors.id, vendorId));
  return row?.userId;
}

/** An order's two sides: its customer and the account that runs its vendor. */
export async function orderParties(db: Db, orderId: string): Promise<string[]> {
  const [row] = await db
    .select({ customerId: orders.customerId, vendorUserId: vendors.userId })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(eq(orders.id, orderId));
  return row ? [row.customerId, row.vendorUserId] : [];
}
