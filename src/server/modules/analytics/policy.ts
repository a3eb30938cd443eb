import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { ownVendor } from '../auth/index.ts';

/**
 * Analytics are the signed-in vendor's own, and only once their business is approved: the vendor is
 * found from the session, never from the request, so no one can ask for another vendor's figures.
 */
export async function approvedVendorOf({ db, actor }: { db: Db; actor: Actor }) {
  if (actor.userType !== 'vendor') throw AppError.forbidden();
  const vendor = await ownVendor({ db, actor });
  if (vendor.status !== 'approved')
    throw AppError.forbidden('Your vendor application must be approved before you can see analytics.');
  return vendor;
}
