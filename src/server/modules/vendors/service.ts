import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vendors } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';

const isPublic = and(eq(vendors.status, 'approved'), eq(vendors.verified, true));

/** Top-rated verified vendors, the home page's featured list. */
export async function listFeaturedVendors({ db, limit }: { db: Db; limit: number }) {
  return db
    .select()
    .from(vendors)
    .where(isPublic)
    .orderBy(desc(vendors.rating), desc(vendors.reviewCount), vendors.id)
    .limit(limit);
}

/** A vendor visible to the public; unknown and unapproved vendors are 404. */
export async function getPublicVendor({ db, vendorId }: { db: Db; vendorId: string }) {
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), eq(vendors.status, 'approved')))
    .limit(1);
  if (!row) throw AppError.notFound('Vendor not found');
  return row;
}

/** Approved vendors, best rated first, with the total for "{N} vendors found". */
export async function listPublicVendors({ db, limit, offset }: { db: Db; limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(vendors)
      .where(eq(vendors.status, 'approved'))
      .orderBy(desc(vendors.rating), desc(vendors.reviewCount), vendors.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(vendors).where(eq(vendors.status, 'approved')),
  ]);
  return { rows, total: total?.n ?? 0 };
}
