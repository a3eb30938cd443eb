import type { PublicVendorPage } from '../../../shared/schemas/vendor-profile.ts';
import type { Db } from '../../db/client.ts';
import { presentPortfolioItem } from './portfolio-presenter.ts';
import { listPortfolio } from './portfolio-service.ts';
import { presentVendorProfile } from './presenter.ts';
import { getPublicVendor } from './service.ts';

/** An approved vendor's public page: profile, portfolio in gallery order, and how they work. */
export async function getPublicVendorPage({
  db,
  vendorId,
}: {
  db: Db;
  vendorId: string;
}): Promise<PublicVendorPage> {
  // Both at once: the portfolio is only shown when the vendor query finds an approved vendor.
  const [vendor, portfolio] = await Promise.all([
    getPublicVendor({ db, vendorId }),
    listPortfolio({ db, vendorId }),
  ]);
  return {
    vendor: presentVendorProfile(vendor),
    portfolio: portfolio.map(presentPortfolioItem),
    service: {
      offersPickup: vendor.offersPickup,
      offersDelivery: vendor.offersDelivery,
      cancellationRefundPercent: vendor.cancellationRefundPercent,
      leadTimeDays: vendor.leadTimeDays,
      dietaryOptions: vendor.dietaryOptions,
      specialties: vendor.specialties.length ? vendor.specialties : [vendor.specialty],
    },
  };
}
