import { eq } from 'drizzle-orm';
import { vendorCategories, type VendorCategory } from '../../../shared/catalog.ts';
import type { VendorProfileValues } from '../../../shared/schemas/vendor-profile.ts';
import { vancouverDay } from '../../../shared/time.ts';
import type { Db } from '../../db/client.ts';
import { vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { ownVendor } from '../auth/index.ts';
import { recomputeVerified } from '../verification/index.ts';
import { deleteStoredImage, fileUrl, keyPrefix, storeUploadedImage } from '../storage/index.ts';
import type { ObjectStore } from '../storage/index.ts';

export type VendorRow = typeof vendors.$inferSelect;

/** Approved vendors run their business: profile, portfolio. Pending and rejected ones cannot yet. */
export async function getApprovedOwnVendor(opts: { db: Db; actor: Actor }): Promise<VendorRow> {
  const vendor = await ownVendor(opts);
  if (vendor.status !== 'approved')
    throw AppError.forbidden('Your vendor application must be approved before you can change your profile.');
  return vendor;
}

/**
 * Saves Edit Profile. A cake maker's main specialty is always one of the specialties customers filter
 * on; another vendor's `specialty` stays its category. Other categories may be added or removed (the
 * primary stays): the checklist depends on them, so the badge is recomputed in the same transaction.
 */
export async function updateVendorProfile({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  input: VendorProfileValues;
  now?: Date;
}): Promise<VendorRow> {
  const vendor = await getApprovedOwnVendor({ db, actor });
  const bakes = vendor.category === 'cakes';
  if (bakes && !input.specialty)
    throw AppError.validation({ specialty: 'Please choose your main specialty.' });
  const specialty = bakes ? input.specialty! : vendor.specialty;
  const categories = input.otherCategories
    ? vendorCategories(vendor.category as VendorCategory, input.otherCategories)
    : vendor.categories;
  // Cake specialties are for vendors who sell cakes.
  const specialties = bakes
    ? [specialty, ...input.specialties.filter((s) => s !== specialty)]
    : categories.includes('cakes')
      ? [...new Set(input.specialties)]
      : [];
  const instagram = input.instagram ? `@${input.instagram.replace(/^@/, '')}` : null;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(vendors)
      .set({
        businessName: input.businessName,
        businessAddress: input.businessAddress,
        phone: input.phone,
        location: input.location,
        specialty,
        specialties,
        categories,
        description: input.description || null,
        website: input.website || null,
        instagram,
        priceTier: input.priceTier,
        dietaryOptions: [...new Set(input.dietaryOptions)],
        offersDelivery: input.offersDelivery,
        offersPickup: input.offersPickup,
        cancellationRefundPercent: input.cancellationRefundPercent,
        leadTimeDays: input.leadTimeDays,
        ordersPerDay: input.ordersPerDay,
        ...(input.depositPercent !== undefined && { depositPercent: input.depositPercent }),
        ...(input.balanceDueDays !== undefined && { balanceDueDays: input.balanceDueDays }),
        ...(input.changeCutoffHours !== undefined && { changeCutoffHours: input.changeCutoffHours }),
        ...(input.gstNumber !== undefined && { gstNumber: input.gstNumber || null }),
        updatedAt: new Date(),
      })
      .where(eq(vendors.id, vendor.id))
      .returning();
    if (categories.join() === vendor.categories.join()) return updated!;
    const verified = await recomputeVerified(tx, { vendorId: vendor.id, today: vancouverDay(now) });
    return { ...updated!, verified };
  });
}

/**
 * The stored files (bucket "vendors") of a profile image, from its URL: the picture and its thumbnail.
 * None for the demo's images under /demo, which are files of the app, not uploads.
 */
export function profileImageKeys(imageUrl: string | null | undefined): string[] {
  const stem = imageUrl?.match(/^\/api\/files\/vendors\/(.+)\.webp$/)?.[1];
  return stem ? [`${stem}.webp`, `${stem}-thumb.webp`] : [];
}

/** Replaces the profile image (the cover of the vendor's page and cards); the old files are removed. */
export async function replaceVendorImage({
  db,
  store,
  vendor,
  bytes,
}: {
  db: Db;
  store: ObjectStore;
  vendor: VendorRow;
  bytes: Uint8Array;
}): Promise<VendorRow> {
  const image = await storeUploadedImage({
    store,
    bucket: 'vendors',
    bytes,
    prefix: keyPrefix('vendor', vendor.id),
  });
  const [updated] = await db
    .update(vendors)
    .set({ imageUrl: fileUrl('vendors', image.imageKey), updatedAt: new Date() })
    .where(eq(vendors.id, vendor.id))
    .returning();
  const old = profileImageKeys(vendor.imageUrl);
  if (old.length) await deleteStoredImage(store, 'vendors', old).catch(() => undefined);
  return updated!;
}
