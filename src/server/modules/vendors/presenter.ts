import type { VendorCard, VendorProfile } from '../../../shared/schemas/vendors.ts';
import { categoryLabel, locationLabel, specialtyLabel } from '../../../shared/catalog.ts';
import type { vendors } from '../../db/schema/index.ts';
import { fileUrl } from '../storage/index.ts';

type VendorRow = typeof vendors.$inferSelect;

/** The columns a card shows; a full vendor row has them all. */
export type VendorCardRow = Pick<
  VendorRow,
  | 'id'
  | 'businessName'
  | 'specialty'
  | 'category'
  | 'categories'
  | 'fromPriceCents'
  | 'location'
  | 'rating'
  | 'reviewCount'
  | 'totalOrders'
  | 'imageUrl'
  | 'verified'
  | 'responseTimeMinutes'
  | 'priceTier'
  | 'description'
  | 'specialties'
  | 'dietaryOptions'
  | 'offersDelivery'
>;

/** Portfolio thumbnails (storage keys, gallery order, at most 3) and the photo count. */
export interface PortfolioSummary {
  thumbKeys: string[];
  total: number;
}

const NO_PORTFOLIO: PortfolioSummary = { thumbKeys: [], total: 0 };

export function presentVendorCard(v: VendorCardRow, portfolio: PortfolioSummary = NO_PORTFOLIO): VendorCard {
  return {
    id: v.id,
    name: v.businessName,
    specialty: v.specialty,
    specialtyLabel: specialtyLabel(v.specialty),
    category: v.category,
    categoryLabel: categoryLabel(v.category),
    categories: v.categories.length ? v.categories : [v.category],
    fromPriceCents: v.fromPriceCents,
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
    // A vendor that sells no cakes has no cake specialties (its `specialty` is its category).
    specialties: v.specialties.length || v.category !== 'cakes' ? v.specialties : [v.specialty],
    dietaryOptions: v.dietaryOptions,
    offersDelivery: v.offersDelivery,
    portfolio: {
      thumbs: portfolio.thumbKeys.slice(0, 3).map((key) => fileUrl('portfolio', key)),
      total: portfolio.total,
    },
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
