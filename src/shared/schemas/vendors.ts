import { z } from 'zod';
import {
  DIETARY_VALUES,
  LOCATION_VALUES,
  PRICE_TIERS,
  SPECIALTY_VALUES,
  VENDOR_CATEGORY_VALUES,
} from '../catalog.ts';

/** The fields of the spec's sample vendor card, from the database. */
export const vendorCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  specialty: z.string(),
  specialtyLabel: z.string(),
  /** The primary category (VENDOR_CATEGORY_VALUES) and every category the vendor sells in, primary first. */
  category: z.string(),
  categoryLabel: z.string(),
  categories: z.array(z.string()),
  /** The lowest starting price of the vendor's packages (cents): "From $X"; null without packages. */
  fromPriceCents: z.number().int().nullable(),
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
  /** Every specialty the vendor bakes for (the main one first). */
  specialties: z.array(z.string()),
  dietaryOptions: z.array(z.string()),
  offersDelivery: z.boolean(),
  /** Up to 3 portfolio thumbnails in gallery order, and how many photos there are in all (+N badge). */
  portfolio: z.object({ thumbs: z.array(z.string()), total: z.number().int() }),
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

export const VENDOR_SORTS = ['rating', 'reviews', 'price-low', 'price-high'] as const;
export type VendorSort = (typeof VENDOR_SORTS)[number];
export const VENDOR_SORT_LABELS: Record<VendorSort, string> = {
  rating: 'Highest rated',
  reviews: 'Most reviews',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
};
/** Minimum-rating choices of More Filters. */
export const MIN_RATINGS = [3, 3.5, 4, 4.5] as const;
export const VENDOR_PAGE_SIZE = 12;
/** Longer queries are matched by full text only; typo tolerance is for names and short phrases. */
export const FUZZY_QUERY_MAX_LENGTH = 24;

/** A repeatable parameter that may also be a comma list: ?dietary=vegan&dietary=halal or ?dietary=vegan,halal. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) =>
      (Array.isArray(v) ? v : v === undefined ? [] : [v])
        .flatMap((x) => String(x).split(','))
        .map((x) => x.trim())
        .filter(Boolean),
    z.array(item).max(10),
  );

/** "All" and empty both mean no filter. */
const allOr = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? 'all' : v),
    z.enum(['all', ...values], { error: message }),
  );

/** Browse Vendors: the API query and the page URL read the same parameters. */
export const vendorListQuerySchema = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') || undefined : v),
    z.string().max(100, 'Search for at most 100 characters.').optional(),
  ),
  location: allOr(LOCATION_VALUES, 'Choose a location from the list.'),
  /** Vendors selling in the category (primary or not); a category page is this filter. */
  category: allOr(VENDOR_CATEGORY_VALUES, 'Choose a category from the list.'),
  specialty: allOr(SPECIALTY_VALUES, 'Choose a specialty from the list.'),
  sort: z.preprocess(
    (v) => (v === '' || v === undefined ? 'rating' : v),
    z.enum(VENDOR_SORTS, { error: 'Sort by rating, reviews, price-low or price-high.' }),
  ),
  dietary: list(z.enum(DIETARY_VALUES, { error: 'Choose dietary options from the list.' })),
  tier: list(
    z.coerce
      .number({ error: 'Price tiers are 1 to 4.' })
      .int('Price tiers are 1 to 4.')
      .min(PRICE_TIERS[0], 'Price tiers are 1 to 4.')
      .max(PRICE_TIERS[PRICE_TIERS.length - 1]!, 'Price tiers are 1 to 4.'),
  ),
  minRating: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'The minimum rating is a number from 0 to 5.' })
      .min(0, 'The minimum rating is a number from 0 to 5.')
      .max(5, 'The minimum rating is a number from 0 to 5.')
      .optional(),
  ),
  /** true: only vendors who deliver; false: only pickup vendors; absent: either. */
  delivery: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.stringbool({ error: 'delivery is true or false.' }).optional(),
  ),
  /**
   * "Available on {date}" (YYYY-MM-DD, Vancouver): vendors who can take an order that day (not
   * blacked out, enough notice for their lead time, the day not full).
   */
  availableOn: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.iso.date({ error: 'Choose the date as YYYY-MM-DD.' }).optional(),
  ),
  /** Opaque: the nextCursor of the previous page. */
  cursor: z
    .string()
    .max(512, 'This page link is invalid; start again from the first page.')
    .regex(/^[A-Za-z0-9_-]+$/, 'This page link is invalid; start again from the first page.')
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Ask for 1 to 48 vendors.')
    .max(48, 'Ask for 1 to 48 vendors.')
    .default(VENDOR_PAGE_SIZE),
});
export type VendorListQuery = z.infer<typeof vendorListQuerySchema>;
export type VendorFilters = Omit<VendorListQuery, 'cursor' | 'limit'>;

const ARRAY_PARAMS = new Set(['dietary', 'tier']);

/** URL search parameters as the schema's input: repeatable parameters become arrays. */
export function vendorListInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    input[key] = ARRAY_PARAMS.has(key) ? params.getAll(key) : (params.get(key) ?? '');
  }
  return input;
}

/** The page URL of a set of filters, leaving out defaults so shared links stay short. */
export function vendorFilterParams(f: Partial<VendorFilters>): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.location && f.location !== 'all') p.set('location', f.location);
  if (f.category && f.category !== 'all') p.set('category', f.category);
  if (f.specialty && f.specialty !== 'all') p.set('specialty', f.specialty);
  if (f.sort && f.sort !== 'rating') p.set('sort', f.sort);
  if (f.dietary?.length) p.set('dietary', f.dietary.join(','));
  if (f.tier?.length) p.set('tier', [...f.tier].sort().join(','));
  if (f.minRating !== undefined) p.set('minRating', String(f.minRating));
  if (f.delivery !== undefined) p.set('delivery', String(f.delivery));
  if (f.availableOn) p.set('availableOn', f.availableOn);
  return p;
}

export const vendorListSchema = z.object({
  vendors: z.array(vendorCardSchema),
  /** The filtered total ("{N} vendors found"); counted on the first page only, null on later pages. */
  total: z.number().int().nullable(),
  /** Pass as cursor for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type VendorList = z.infer<typeof vendorListSchema>;

export const featuredVendorsSchema = z.object({ vendors: z.array(vendorCardSchema) });
export type FeaturedVendors = z.infer<typeof featuredVendorsSchema>;
