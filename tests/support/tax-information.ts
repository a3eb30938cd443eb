import { eq } from 'drizzle-orm';
import { developmentSellerReportConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { sellerTaxProfiles } from '../../src/server/db/schema/index.ts';
import { seal } from '../../src/server/modules/reporting/sealing.ts';

/** A valid SIN (the Luhn check's textbook example) and a birth date for test sellers. */
export const TEST_SIN = '046454286';
export const TEST_BIRTH_DATE = '1980-04-12';

/**
 * A vendor's tax information as the Tax information form saves it (decision 030), sealed with the
 * tests' development key: the factories' vendors have it, so payouts are not held for it.
 */
export async function addTaxInformation(db: Db, vendorId: string, legalName = 'Test Seller') {
  const keys = developmentSellerReportConfig().keys;
  await db
    .insert(sellerTaxProfiles)
    .values({
      vendorId,
      sellerType: 'individual',
      legalName,
      addressLine1: '100 Main St',
      city: 'Vancouver',
      region: 'BC',
      postalCode: 'V5K 0A1',
      country: 'CA',
      tinSealed: seal(keys, TEST_SIN, { vendorId, field: 'tin' }),
      tinCountry: 'CA',
      tinRegion: 'BC',
      birthDateSealed: seal(keys, TEST_BIRTH_DATE, { vendorId, field: 'birthDate' }),
      keyId: keys.currentId,
    })
    .onConflictDoNothing();
}

/** Takes a vendor's tax information away (a vendor who has not given it yet). */
export async function removeTaxInformation(db: Db, vendorId: string) {
  await db.delete(sellerTaxProfiles).where(eq(sellerTaxProfiles.vendorId, vendorId));
}
