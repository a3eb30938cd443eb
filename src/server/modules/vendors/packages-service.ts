import { and, asc, eq, sql } from 'drizzle-orm';
import { PACKAGES_MAX, type PackageValues, type VendorPackage } from '../../../shared/schemas/packages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { vendorPackages, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { getApprovedOwnVendor } from './profile-service.ts';

type PackageRow = typeof vendorPackages.$inferSelect;

/** Never the row: the vendor id, demo flag and timestamps stay inside. */
export const presentPackage = (row: PackageRow): VendorPackage => ({
  id: row.id,
  name: row.name,
  description: row.description,
  priceCents: row.priceCents,
  position: row.position,
});

/** A vendor's packages in the vendor's order (the public page and the dashboard read the same). */
export function listPackages({ db, vendorId }: { db: Db | Tx; vendorId: string }) {
  return db
    .select()
    .from(vendorPackages)
    .where(eq(vendorPackages.vendorId, vendorId))
    .orderBy(asc(vendorPackages.position), asc(vendorPackages.id));
}

export async function listOwnPackages({ db, actor }: { db: Db; actor: Actor }) {
  const vendor = await getApprovedOwnVendor({ db, actor });
  return listPackages({ db, vendorId: vendor.id });
}

const notFound = () => AppError.notFound('Package not found');

/**
 * Runs a change of the actor's own packages in one transaction with their vendor row locked, so the
 * count limit and the positions hold under concurrency, then sets vendors.from_price_cents to the
 * lowest starting price left (null with none): Browse reads it without a join and it is never stale.
 */
async function changePackages<T>(
  { db, actor }: { db: Db; actor: Actor },
  change: (tx: Tx, vendorId: string) => Promise<T>,
): Promise<T> {
  const vendor = await getApprovedOwnVendor({ db, actor });
  return db.transaction(async (tx) => {
    await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendor.id)).for('update');
    const result = await change(tx, vendor.id);
    await tx
      .update(vendors)
      .set({
        fromPriceCents: sql`(SELECT min(p.price_cents) FROM ${vendorPackages} p WHERE p.vendor_id = ${vendor.id})`,
      })
      .where(eq(vendors.id, vendor.id));
    return result;
  });
}

/** Adds a package last in the vendor's list; at most PACKAGES_MAX (409 past it). */
export function addPackage(opts: { db: Db; actor: Actor; input: PackageValues }): Promise<PackageRow> {
  return changePackages(opts, async (tx, vendorId) => {
    const [{ n, next } = { n: 0, next: 0 }] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        next: sql<number>`coalesce(max(${vendorPackages.position}) + 1, 0)::int`,
      })
      .from(vendorPackages)
      .where(eq(vendorPackages.vendorId, vendorId));
    if (n >= PACKAGES_MAX)
      throw new AppError('CONFLICT', 409, `You can list at most ${PACKAGES_MAX} packages.`);
    const [row] = await tx
      .insert(vendorPackages)
      .values({
        id: crypto.randomUUID(),
        vendorId,
        name: opts.input.name,
        description: opts.input.description || null,
        priceCents: opts.input.priceCents,
        position: next,
      })
      .returning();
    return row!;
  });
}

/** Changes one of the vendor's own packages; another vendor's looks like a missing one (404). */
export function updatePackage(opts: {
  db: Db;
  actor: Actor;
  packageId: string;
  input: PackageValues;
}): Promise<PackageRow> {
  return changePackages(opts, async (tx, vendorId) => {
    const [row] = await tx
      .update(vendorPackages)
      .set({
        name: opts.input.name,
        description: opts.input.description || null,
        priceCents: opts.input.priceCents,
        updatedAt: new Date(),
      })
      .where(and(eq(vendorPackages.id, opts.packageId), eq(vendorPackages.vendorId, vendorId)))
      .returning();
    if (!row) throw notFound();
    return row;
  });
}

export function deletePackage(opts: { db: Db; actor: Actor; packageId: string }): Promise<void> {
  return changePackages(opts, async (tx, vendorId) => {
    const [row] = await tx
      .delete(vendorPackages)
      .where(and(eq(vendorPackages.id, opts.packageId), eq(vendorPackages.vendorId, vendorId)))
      .returning({ id: vendorPackages.id });
    if (!row) throw notFound();
  });
}

/** Puts the vendor's packages in the given order; the list must name each of them exactly once. */
export function reorderPackages(opts: { db: Db; actor: Actor; ids: string[] }): Promise<PackageRow[]> {
  return changePackages(opts, async (tx, vendorId) => {
    const mine = new Set((await listPackages({ db: tx, vendorId })).map((p) => p.id));
    const { ids } = opts;
    if (ids.length !== mine.size || new Set(ids).size !== ids.length || !ids.every((id) => mine.has(id)))
      throw AppError.validation({ ids: 'List every one of your packages exactly once.' });
    for (const [position, id] of ids.entries())
      await tx
        .update(vendorPackages)
        .set({ position, updatedAt: new Date() })
        .where(and(eq(vendorPackages.id, id), eq(vendorPackages.vendorId, vendorId)));
    return listPackages({ db: tx, vendorId });
  });
}
