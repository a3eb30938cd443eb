import type { PublicVendorPage } from '../../../shared/schemas/vendor-profile.ts';
import type { Db } from '../../db/client.ts';
import { presentPublicChecks } from '../verification/index.ts';
import { publicChecks } from '../verification/index.ts';
import { listPackages, presentPackage } from './packages-service.ts';
import { presentPortfolioItem } from './portfolio-presenter.ts';
import { listPortfolio } from './portfolio-service.ts';
import { presentVendorProfile } from './presenter.ts';
import { getPublicVendor } from './service.ts';

/** An approved vendor's public page: profile, portfolio in gallery order, and how they work. */
export async function getPublicVendorPage({
  db,
  vendorId,
  now = new Date(),
}: {
  db: Db;
  vendorId: string;
  now?: Date;
}): Promise<PublicVendorPage> {
  // All at once: the portfolio and checks are only shown when the vendor query finds an approved vendor.
  const [vendor, portfolio, packages, checks] = await Promise.all([
    getPublicVendor({ db, vendorId }),
    listPortfolio({ db, vendorId }),
    listPackages({ db, vendorId }),
    publicChecks(db, { vendorId, now }),
  ]);
  return {
    vendor: presentVendorProfile(vendor),
    portfolio: portfolio.map(presentPortfolioItem),
    packages: packages.map(presentPackage),
    // What Frosted checked, never the documents.
    verification: presentPublicChecks(checks),
    service: {
      offersPickup: vendor.offersPickup,
      offersDelivery: vendor.offersDelivery,
      cancellationRefundPercent: vendor.cancellationRefundPercent,
      leadTimeDays: vendor.leadTimeDays,
      dietaryOptions: vendor.dietaryOptions,
      specialties:
        vendor.specialties.length || vendor.category !== 'cakes' ? vendor.specialties : [vendor.specialty],
    },
  };
}
