import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vendors } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../auth/actor.ts';

/**
 * Analytics are the signed-in vendor's own, and only once their business is approved: the vendor is
 * found from the session, never from the request, so no one can ask for another vendor's figures.
 */
export async function approvedVendorOf({ db, actor }: { db: Db; actor: Actor }) {
  if (actor.userType !== 'vendor') throw AppError.forbidden();
  const [vendor] = await db
    .select({ id: vendors.id, status: vendors.status, ordersPerDay: vendors.ordersPerDay })
    .from(vendors)
    .where(eq(vendors.userId, actor.id))
    .limit(1);
  if (!vendor) throw AppError.notFound('No vendor profile belongs to this account.');
  if (vendor.status !== 'approved')
    throw AppError.forbidden('Your vendor application must be approved before you can see analytics.');
  return vendor;
}
