import type { VendorCard, VendorProfile } from '../../../shared/schemas/vendors.ts';
import { locationLabel, specialtyLabel } from '../../../shared/catalog.ts';
import type { vendors } from '../../db/schema/index.ts';

type VendorRow = typeof vendors.$inferSelect;

export function presentVendorCard(v: VendorRow): VendorCard {
  return {
    id: v.id,
    name: v.businessName,
    specialty: v.specialty,
    specialtyLabel: specialtyLabel(v.specialty),
    location: v.location,
    locationLabel: locationLabel(v.location),
    rating: Number(v.rating),
    reviewCount: v.reviewCount,
    orders: v.totalOrders,
    image: v.imageUrl,
    verified: v.verified,
    responseTimeHours:
      v.responseTimeMinutes === null ? null : Math.round((v.responseTimeMinutes / 60) * 10) / 10,
    priceTier: v.priceTier,
    description: v.description,
  };
}

export function presentVendorProfile(v: VendorRow): VendorProfile {
  return {
    ...presentVendorCard(v),
    website: v.website,
    instagram: v.instagram,
    memberSince: v.createdAt.toISOString(),
  };
}
