import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerFavorites, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { assertCanFavorite } from './policy.ts';

/** Ids of the customer's favorite vendors that are still public, newest first. */
export async function listFavoriteVendorIds({ db, actor }: { db: Db; actor: Actor }) {
  assertCanFavorite(actor);
  const rows = await db
    .select({ vendorId: vendors.id })
    .from(customerFavorites)
    .innerJoin(vendors, eq(vendors.id, customerFavorites.vendorId))
    .where(and(eq(customerFavorites.customerId, actor.id), eq(vendors.status, 'approved')))
    .orderBy(desc(customerFavorites.createdAt), desc(customerFavorites.id))
    .limit(500);
  return rows.map((r) => r.vendorId);
}

/** Saves a favorite; saving it again changes nothing. Only approved vendors can be favorites. */
export async function addFavoriteVendor({ db, actor, vendorId }: { db: Db; actor: Actor; vendorId: string }) {
  assertCanFavorite(actor);
  const [vendor] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), eq(vendors.status, 'approved')))
    .limit(1);
  if (!vendor) throw AppError.notFound('Vendor not found');
  await db
    .insert(customerFavorites)
    .values({ id: crypto.randomUUID(), customerId: actor.id, vendorId: vendor.id })
    .onConflictDoNothing({ target: [customerFavorites.customerId, customerFavorites.vendorId] });
}

/** Removes a favorite; removing one that is not there changes nothing. */
export async function removeFavoriteVendor({
  db,
  actor,
  vendorId,
}: {
  db: Db;
  actor: Actor;
  vendorId: string;
}) {
  assertCanFavorite(actor);
  await db
    .delete(customerFavorites)
    .where(and(eq(customerFavorites.customerId, actor.id), eq(customerFavorites.vendorId, vendorId)));
}
