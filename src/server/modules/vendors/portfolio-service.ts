import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { PortfolioItemValues } from '../../../shared/schemas/vendor-profile.ts';
import type { Db } from '../../db/client.ts';
import { portfolioItems } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { deleteStoredImage, keyPrefix, storeUploadedImage } from '../storage/index.ts';
import type { ObjectStore } from '../storage/index.ts';
import { getApprovedOwnVendor, type VendorRow } from './profile-service.ts';

/** A portfolio holds at most this many photos. */
export const PORTFOLIO_MAX_ITEMS = 60;

const toCents = (dollars: number | undefined) => (dollars === undefined ? null : dollars * 100);

export async function listPortfolio({ db, vendorId }: { db: Db; vendorId: string }) {
  return db
    .select()
    .from(portfolioItems)
    .where(eq(portfolioItems.vendorId, vendorId))
    .orderBy(asc(portfolioItems.position), asc(portfolioItems.createdAt));
}

export async function listOwnPortfolio({ db, actor }: { db: Db; actor: Actor }) {
  const vendor = await getApprovedOwnVendor({ db, actor });
  return listPortfolio({ db, vendorId: vendor.id });
}

/** Stores the photo (checked by content, re-encoded) and adds it at the end of the gallery. */
export async function addPortfolioItem({
  db,
  store,
  vendor,
  input,
  bytes,
}: {
  db: Db;
  store: ObjectStore;
  /** The actor's own approved vendor (getApprovedOwnVendor). */
  vendor: VendorRow;
  input: PortfolioItemValues;
  bytes: Uint8Array;
}) {
  const [existing] = await db
    .select({ n: count() })
    .from(portfolioItems)
    .where(eq(portfolioItems.vendorId, vendor.id));
  if ((existing?.n ?? 0) >= PORTFOLIO_MAX_ITEMS)
    throw new AppError('CONFLICT', 409, `A portfolio holds at most ${PORTFOLIO_MAX_ITEMS} photos.`);
  const image = await storeUploadedImage({
    store,
    bucket: 'portfolio',
    bytes,
    prefix: keyPrefix('vendor', vendor.id),
  });
  try {
    const [item] = await db
      .insert(portfolioItems)
      .values({
        id: crypto.randomUUID(),
        vendorId: vendor.id,
        title: input.title,
        category: input.category,
        priceMin: toCents(input.priceMin),
        priceMax: toCents(input.priceMax),
        imageKey: image.imageKey,
        thumbKey: image.thumbKey,
        width: image.width,
        height: image.height,
        position: sql`(select coalesce(max(${portfolioItems.position}) + 1, 0) from ${portfolioItems} where ${portfolioItems.vendorId} = ${vendor.id})`,
      })
      .returning();
    return item!;
  } catch (err) {
    // The row is the only reference to the files: without it they would be orphans.
    await deleteStoredImage(store, 'portfolio', [image.imageKey, image.thumbKey]);
    throw err;
  }
}

/** Deletes one of the vendor's own photos; another vendor's looks like a missing one. */
export async function deletePortfolioItem({
  db,
  store,
  actor,
  itemId,
}: {
  db: Db;
  store: ObjectStore;
  actor: Actor;
  itemId: string;
}) {
  const vendor = await getApprovedOwnVendor({ db, actor });
  const [item] = await db
    .delete(portfolioItems)
    .where(and(eq(portfolioItems.id, itemId), eq(portfolioItems.vendorId, vendor.id)))
    .returning();
  if (!item) throw AppError.notFound('Photo not found');
  await deleteStoredImage(store, 'portfolio', [item.imageKey, item.thumbKey]);
}

/** Puts the vendor's photos in the given order; the list must name each of them exactly once. */
export async function reorderPortfolio({ db, actor, ids }: { db: Db; actor: Actor; ids: string[] }) {
  const vendor = await getApprovedOwnVendor({ db, actor });
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: portfolioItems.id })
      .from(portfolioItems)
      .where(eq(portfolioItems.vendorId, vendor.id))
      .for('update');
    const mine = new Set(current.map((r) => r.id));
    if (ids.length !== mine.size || new Set(ids).size !== ids.length || !ids.every((id) => mine.has(id)))
      throw AppError.validation({ ids: 'List every photo of your portfolio exactly once.' });
    for (const [position, id] of ids.entries()) {
      await tx
        .update(portfolioItems)
        .set({ position, updatedAt: new Date() })
        .where(and(eq(portfolioItems.id, id), eq(portfolioItems.vendorId, vendor.id)));
    }
    return listPortfolio({ db: tx, vendorId: vendor.id });
  });
}
