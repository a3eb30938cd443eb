import { z } from 'zod';

/** The fields of the spec's sample vendor card, from the database. */
export const vendorCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  specialty: z.string(),
  specialtyLabel: z.string(),
  location: z.string(),
  locationLabel: z.string(),
  rating: z.number(),
  reviewCount: z.number().int(),
  orders: z.number().int(),
  image: z.string().nullable(),
  verified: z.boolean(),
  /** Typical reply time in hours; null until the vendor has answered enough requests to know. */
  responseTimeHours: z.number().nullable(),
  priceTier: z.number().int(),
  description: z.string().nullable(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

/** The public profile. Phone and address stay private: deals stay on the platform until payment. */
export const vendorProfileSchema = vendorCardSchema.extend({
  website: z.string().nullable(),
  instagram: z.string().nullable(),
  memberSince: z.string(),
});
export type VendorProfile = z.infer<typeof vendorProfileSchema>;

export const featuredVendorsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(12).default(3),
});

export const vendorIdParamSchema = z.object({ id: z.string().min(1).max(100) });

export const vendorListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(48).default(24),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const vendorListSchema = z.object({ vendors: z.array(vendorCardSchema), total: z.number().int() });
export type VendorList = z.infer<typeof vendorListSchema>;
