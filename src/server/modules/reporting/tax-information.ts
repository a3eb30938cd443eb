import { eq } from 'drizzle-orm';
import {
  type AdminTaxInformation,
  digitsOf,
  maskIdentifier,
  type TaxInformation,
  type TaxInformationView,
} from '../../../shared/schemas/seller-report.ts';
import type { Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sellerTaxProfiles, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { vendorOf } from '../auth/index.ts';
import { seal, type SealingKeys, unseal } from './sealing.ts';

/**
 * A vendor's tax information for the yearly seller report (Part XX): given in the vendor dashboard's
 * Tax information page, before the first payout at the latest. Identifiers are sealed (sealing.ts);
 * the vendor sees them masked, an admin in full, nobody else at all.
 */

type ProfileRow = typeof sellerTaxProfiles.$inferSelect;

/** Where the vendor adds it, named in every message that asks for it. */
export const TAX_INFORMATION_PATH = '/vendor-dashboard/tax-information';

export const TAX_INFORMATION_NEEDED_FOR_PAYOUT =
  'Add your tax information before your first payout: Canada’s rules for marketplaces (Part XX of the Income Tax Act) need your legal name, address, tax number and date of birth (or business registration number). Add it in your Vendor Dashboard under Tax information.';

async function ownVendor(db: Db, actor: Actor) {
  const vendor = await vendorOf({ db, actor });
  if (!vendor) throw AppError.notFound('Vendor profile not found.');
  return vendor;
}

/** The identifiers of a profile, opened (only for the vendor's own masked view, an admin, the export). */
export function openIdentifiers(keys: SealingKeys, row: ProfileRow) {
  const vendorId = row.vendorId;
  return {
    tin: unseal(keys, row.tinSealed, { vendorId, field: 'tin' }),
    dateOfBirth: row.birthDateSealed
      ? unseal(keys, row.birthDateSealed, { vendorId, field: 'birthDate' })
      : null,
    businessRegistrationNumber: row.registrationNumberSealed
      ? unseal(keys, row.registrationNumberSealed, { vendorId, field: 'registrationNumber' })
      : null,
  };
}

const publicFields = (row: ProfileRow) => ({
  sellerType: row.sellerType,
  legalName: row.legalName,
  addressLine1: row.addressLine1,
  addressLine2: row.addressLine2,
  city: row.city,
  region: row.region,
  postalCode: row.postalCode,
  country: row.country,
  tinCountry: row.tinCountry,
  tinRegion: row.tinRegion,
  updatedAt: row.updatedAt.toISOString(),
});

function presentOwn(keys: SealingKeys, row: ProfileRow | undefined): TaxInformationView {
  if (!row) return { complete: false, information: null };
  const ids = openIdentifiers(keys, row);
  return {
    complete: true,
    information: {
      ...publicFields(row),
      tinMasked: maskIdentifier(ids.tin),
      // A date shows only its year's last digits' worth: enough to recognise, not to copy.
      dateOfBirthMasked: ids.dateOfBirth ? `••••-••-${ids.dateOfBirth.slice(-2)}` : null,
      businessRegistrationNumberMasked: ids.businessRegistrationNumber
        ? maskIdentifier(ids.businessRegistrationNumber)
        : null,
    },
  };
}

const profileOf = async (db: Db | Tx, vendorId: string) =>
  (await db.select().from(sellerTaxProfiles).where(eq(sellerTaxProfiles.vendorId, vendorId)))[0];

/** The signed-in vendor's own tax information, identifiers masked. */
export async function getOwnTaxInformation({
  db,
  keys,
  actor,
}: {
  db: Db;
  keys: SealingKeys;
  actor: Actor;
}): Promise<TaxInformationView> {
  const vendor = await ownVendor(db, actor);
  return presentOwn(keys, await profileOf(db, vendor.id));
}

/** Saves (or replaces) the signed-in vendor's tax information, sealing its identifiers with the current key. */
export async function saveTaxInformation({
  db,
  keys,
  actor,
  input,
  now,
}: {
  db: Db;
  keys: SealingKeys;
  actor: Actor;
  input: TaxInformation;
  now: Date;
}): Promise<TaxInformationView> {
  const vendor = await ownVendor(db, actor);
  const vendorId = vendor.id;
  const individual = input.sellerType === 'individual';
  const tin = input.tinCountry === 'CA' ? digitsOf(input.tin).toUpperCase() : input.tin.trim().toUpperCase();
  const values = {
    sellerType: input.sellerType,
    legalName: input.legalName,
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2,
    city: input.city,
    region: input.region,
    postalCode:
      input.country === 'CA'
        ? input.postalCode.toUpperCase().replace(/^(\w{3}) ?(\w{3})$/, '$1 $2')
        : input.postalCode,
    country: input.country,
    tinSealed: seal(keys, tin, { vendorId, field: 'tin' }),
    tinCountry: input.tinCountry,
    tinRegion: input.tinRegion,
    birthDateSealed: individual ? seal(keys, input.dateOfBirth, { vendorId, field: 'birthDate' }) : null,
    registrationNumberSealed: individual
      ? null
      : seal(keys, input.businessRegistrationNumber, { vendorId, field: 'registrationNumber' }),
    keyId: keys.currentId,
    updatedAt: now,
  };
  const [row] = await db
    .insert(sellerTaxProfiles)
    .values({ vendorId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: sellerTaxProfiles.vendorId, set: values })
    .returning();
  return presentOwn(keys, row);
}

/** An admin's view of one vendor's tax information, unmasked (404 for a vendor that does not exist). */
export async function adminTaxInformation({
  db,
  keys,
  vendorId,
}: {
  db: Db;
  keys: SealingKeys;
  vendorId: string;
}): Promise<AdminTaxInformation> {
  const [vendor] = await db
    .select({ id: vendors.id, businessName: vendors.businessName })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  if (!vendor) throw AppError.notFound('Vendor not found.');
  const row = await profileOf(db, vendorId);
  return {
    vendorId: vendor.id,
    businessName: vendor.businessName,
    information: row ? { ...publicFields(row), ...openIdentifiers(keys, row) } : null,
  };
}

/**
 * The payouts' guard: a vendor without tax information is not paid (409, saying what to add and
 * where). The report needs it by December 31 of the year they sell in; the first payout is the last
 * moment Frosted can still ask for it with any leverage.
 */
export async function requireTaxInformation(db: Db | Tx, vendorId: string): Promise<void> {
  const [row] = await db
    .select({ vendorId: sellerTaxProfiles.vendorId })
    .from(sellerTaxProfiles)
    .where(eq(sellerTaxProfiles.vendorId, vendorId));
  if (!row) throw new AppError('CONFLICT', 409, TAX_INFORMATION_NEEDED_FOR_PAYOUT);
}
