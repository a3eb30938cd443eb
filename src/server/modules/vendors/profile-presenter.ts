import type { OwnVendorProfile } from '../../../shared/schemas/vendor-profile.ts';
import type { VendorRow } from './profile-service.ts';

/** The vendor's own view of their profile: private fields (phone, address) included. */
export function presentOwnVendorProfile(v: VendorRow): OwnVendorProfile {
  return {
    id: v.id,
    status: v.status as OwnVendorProfile['status'],
    verified: v.verified,
    businessName: v.businessName,
    businessAddress: v.businessAddress ?? '',
    phone: v.phone ?? '',
    location: v.location,
    specialty: v.specialty,
    specialties: v.specialties,
    category: v.category,
    categories: v.categories,
    description: v.description ?? '',
    website: v.website ?? '',
    instagram: v.instagram ?? '',
    priceTier: v.priceTier,
    dietaryOptions: v.dietaryOptions,
    offersDelivery: v.offersDelivery,
    offersPickup: v.offersPickup,
    cancellationRefundPercent: v.cancellationRefundPercent,
    leadTimeDays: v.leadTimeDays,
    ordersPerDay: v.ordersPerDay,
    depositPercent: v.depositPercent,
    balanceDueDays: v.balanceDueDays,
    changeCutoffHours: v.changeCutoffHours,
    gstNumber: v.gstNumber ?? '',
    imageUrl: v.imageUrl,
  };
}
