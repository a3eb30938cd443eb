import { eq } from 'drizzle-orm';
import type { Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export type VendorRow = typeof vendors.$inferSelect;

export const NO_VENDOR_PROFILE_MESSAGE = 'No vendor profile belongs to this account.';

/**
 * The vendor business of the signed-in account, or undefined when it has none (a customer, or a
 * vendor account whose application was never made). One at most: vendors.user_id is unique. Found by
 * the id the auth guard set on the actor; by the account for an actor built outside a request.
 */
export async function vendorOf({
  db,
  actor,
}: {
  db: Db | Tx;
  actor: Pick<Actor, 'id' | 'vendorId'>;
}): Promise<VendorRow | undefined> {
  if (actor.vendorId === null) return undefined;
  const [vendor] = await db
    .select()
    .from(vendors)
    .where(actor.vendorId === undefined ? eq(vendors.userId, actor.id) : eq(vendors.id, actor.vendorId))
    .limit(1);
  return vendor;
}

/** The id of the account's vendor business (no query when the auth guard set it), or null. */
export async function vendorIdOf(opts: {
  db: Db | Tx;
  actor: Pick<Actor, 'id' | 'vendorId'>;
}): Promise<string | null> {
  if (opts.actor.vendorId !== undefined) return opts.actor.vendorId;
  return (await vendorOf(opts))?.id ?? null;
}

/** The vendor business of the signed-in account; 404 when it has none. */
export async function ownVendor(opts: {
  db: Db | Tx;
  actor: Pick<Actor, 'id' | 'vendorId'>;
}): Promise<VendorRow> {
  const vendor = await vendorOf(opts);
  if (!vendor) throw AppError.notFound(NO_VENDOR_PROFILE_MESSAGE);
  return vendor;
}
