import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { FINAL_ORDER_STATUSES } from '../../../shared/order-machine.ts';
import {
  VENDOR_ORDERS_PAGE,
  encodeVendorOrderCursor,
  type VendorOrderPage,
  type VendorOrdersQuery,
} from '../../../shared/schemas/dashboard.ts';
import type { Db } from '../../db/client.ts';
import { cakeDesigns, orders, users } from '../../db/schema/index.ts';
import type { Actor } from '../../actor.ts';
import { ownVendor } from '../auth/index.ts';
import { paidPairs, shownTo } from '../masking/index.ts';
import { orderFulfillment } from '../tracking/index.ts';
import { displayName } from '../../../shared/people.ts';
import { agreedDesign, agreedOccasion, eventCategoryOf } from './presenter.ts';

/** When an order is due (its delivery, else when it was made): the list's sort key. */
const dueAt = sql`coalesce(${orders.deliveryDate}, ${orders.createdAt})`;

/**
 * The signed-in vendor's orders, a page at a time: `active` ones (not completed or cancelled) soonest
 * due first, or `past` ones latest first. Each is described by what was agreed at acceptance (the
 * brief and the design as they were), so later edits of the saved design change nothing here.
 */
export async function listVendorOrders({
  db,
  actor,
  query,
  limit = VENDOR_ORDERS_PAGE,
}: {
  db: Db;
  actor: Actor;
  query: VendorOrdersQuery;
  limit?: number;
}) {
  const vendor = await ownVendor({ db, actor });
  const active = query.view === 'active';
  const { cursor } = query;
  // Strictly after the cursor in the list's order (microsecond instants, so no row is skipped or repeated).
  const after: SQL | undefined = cursor
    ? active
      ? sql`(${dueAt}, ${orders.id}) > (${cursor.at}::timestamptz, ${cursor.id})`
      : sql`(${dueAt}, ${orders.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
    : undefined;
  const rows = await db
    .select({
      order: orders,
      customer: { firstName: users.firstName, lastName: users.lastName, name: users.name },
      design: {
        occasion: cakeDesigns.occasion,
        flavor: cakeDesigns.flavor,
        description: cakeDesigns.description,
        imageUrl: cakeDesigns.imageUrl,
      },
      position: sql<string>`to_char(${dueAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    // Only for orders made before the design was frozen with them (agreedDesign).
    .leftJoin(cakeDesigns, eq(cakeDesigns.id, orders.cakeDesignId))
    .where(
      and(
        eq(orders.vendorId, vendor.id),
        active
          ? notInArray(orders.status, [...FINAL_ORDER_STATUSES])
          : inArray(orders.status, [...FINAL_ORDER_STATUSES]),
        after,
      ),
    )
    .orderBy(active ? sql`${dueAt} asc, ${orders.id} asc` : sql`${dueAt} desc, ${orders.id} desc`)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const paid = await paidPairs(
    db,
    page.map((r) => r.order),
  );
  return {
    // Whether each customer has paid the vendor: their design's description is masked until then.
    rows: page.map((r) => ({ ...r, paid: paid(r.order) })),
    nextCursor:
      rows.length > limit && last ? encodeVendorOrderCursor({ at: last.position, id: last.order.id }) : null,
  };
}

/** A page of the Orders tab as the API answers it. */
export const presentVendorOrderPage = ({
  rows,
  nextCursor,
}: Awaited<ReturnType<typeof listVendorOrders>>): VendorOrderPage => ({
  orders: rows.map(({ order, customer, design, paid }) => {
    const live = design?.occasion ? { ...design, occasion: design.occasion } : null;
    const agreed = agreedDesign(order, live);
    return {
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      amount: order.amount,
      customerName: displayName(customer),
      occasion: agreedOccasion(order, live),
      eventCategory: eventCategoryOf(order),
      description: shownTo(agreed?.description ?? null, { fromOtherSide: true, paid }),
      imageUrl: agreed?.imageUrl ?? null,
      fulfillment: orderFulfillment(order),
      deliveryDate: order.deliveryDate?.toISOString() ?? null,
      createdAt: order.createdAt.toISOString(),
    };
  }),
  nextCursor,
});
