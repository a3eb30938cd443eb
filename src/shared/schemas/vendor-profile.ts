import { z } from 'zod';
import { BALANCE_DUE_DAYS_MAX, BALANCE_DUE_DAYS_MIN, DEPOSIT_PERCENT_MAX } from '../deposits.ts';
import { publicVerificationSchema } from './verification.ts';
import {
  DIETARY_VALUES,
  LOCATION_VALUES,
  PORTFOLIO_CATEGORIES,
  PRICE_TIERS,
  SPECIALTY_VALUES,
  VENDOR_CATEGORY_VALUES,
} from '../catalog.ts';
import { phone, required } from './auth.ts';
import { GST_NUMBER_MESSAGE, GST_NUMBER_PATTERN, normalizeGstNumber } from '../tax.ts';
import { packageSchema } from './packages.ts';
import { vendorProfileSchema } from './vendors.ts';

export const DESCRIPTION_MAX = 2000;
export const LEAD_TIME_MAX_DAYS = 60;
export const ORDERS_PER_DAY_MAX = 20;
export const LEAD_TIME_MESSAGE = `Please enter a lead time from 0 to ${LEAD_TIME_MAX_DAYS} days.`;
export const ORDERS_PER_DAY_MESSAGE = `Please enter from 1 to ${ORDERS_PER_DAY_MAX} orders a day.`;

const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters.`).optional().or(z.literal(''));

/** Everything a vendor edits on Edit Profile; the same schema checks the form and the request. */
const DEPOSIT_MESSAGE = 'Enter a deposit from 0 to 100 percent (0: customers pay in full).';
const BALANCE_DAYS_MESSAGE = `Enter ${BALANCE_DUE_DAYS_MIN} to ${BALANCE_DUE_DAYS_MAX} days before the event.`;
/** The latest change cut-off a vendor can set: 30 days before the event. */
export const CHANGE_CUTOFF_HOURS_MAX = 720;
const CUTOFF_MESSAGE = `Enter 0 to ${CHANGE_CUTOFF_HOURS_MAX} hours before the event.`;

export const vendorProfileInputSchema = z
  .object({
    businessName: required('Please enter your business name.'),
    businessAddress: required('Please enter your business address.', 200),
    phone: phone('Please enter your business phone number.').min(
      7,
      'Please enter your business phone number.',
    ),
    location: z.enum(LOCATION_VALUES, { error: 'Please choose your area.' }),
    /** A cake maker's main specialty (required of them on the server); other vendors have none. */
    specialty: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(SPECIALTY_VALUES, { error: 'Please choose your main specialty.' }).optional(),
    ),
    specialties: z.array(z.enum(SPECIALTY_VALUES)).max(SPECIALTY_VALUES.length),
    /**
     * The categories the vendor sells in besides its primary one (which only an application sets);
     * absent: unchanged. A form's checkboxes give false with none ticked and a string with one.
     */
    otherCategories: z.preprocess(
      (v) => (v === null || v === false ? [] : typeof v === 'string' ? [v] : v),
      z
        .array(z.enum(VENDOR_CATEGORY_VALUES, { error: 'Choose categories from the list.' }))
        .max(VENDOR_CATEGORY_VALUES.length)
        .optional(),
    ),
    description: optionalText(DESCRIPTION_MAX),
    website: z
      .string()
      .trim()
      .max(200, 'Must be at most 200 characters.')
      .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), {
        message: 'Please enter a full web address starting with https://',
      })
      .optional(),
    instagram: z
      .string()
      .trim()
      .max(31, 'Must be at most 31 characters.')
      .refine((v) => v === '' || /^@?[a-z0-9._]{1,30}$/i.test(v), {
        message: 'Please enter an Instagram handle such as @yourbakery.',
      })
      .optional(),
    priceTier: z.coerce
      .number({ error: 'Please choose a price tier.' })
      .int()
      .refine((n) => (PRICE_TIERS as readonly number[]).includes(n), 'Please choose a price tier.'),
    dietaryOptions: z.array(z.enum(DIETARY_VALUES)).max(DIETARY_VALUES.length),
    offersDelivery: z.boolean(),
    offersPickup: z.boolean(),
    cancellationRefundPercent: z.coerce
      .number({ error: 'Please enter a percentage from 0 to 100.' })
      .int('Please enter a whole percentage.')
      .min(0, 'Please enter a percentage from 0 to 100.')
      .max(100, 'Please enter a percentage from 0 to 100.'),
    leadTimeDays: z.coerce
      .number({ error: LEAD_TIME_MESSAGE })
      .int(LEAD_TIME_MESSAGE)
      .min(0, LEAD_TIME_MESSAGE)
      .max(LEAD_TIME_MAX_DAYS, LEAD_TIME_MESSAGE),
    ordersPerDay: z.coerce
      .number({ error: ORDERS_PER_DAY_MESSAGE })
      .int(ORDERS_PER_DAY_MESSAGE)
      .min(1, ORDERS_PER_DAY_MESSAGE)
      .max(ORDERS_PER_DAY_MAX, ORDERS_PER_DAY_MESSAGE),
    // Older clients send none of these: the vendor's current settings (the defaults) stay.
    depositPercent: z.coerce
      .number({ error: DEPOSIT_MESSAGE })
      .int(DEPOSIT_MESSAGE)
      .min(0, DEPOSIT_MESSAGE)
      .max(DEPOSIT_PERCENT_MAX, DEPOSIT_MESSAGE)
      .optional(),
    balanceDueDays: z.coerce
      .number({ error: BALANCE_DAYS_MESSAGE })
      .int(BALANCE_DAYS_MESSAGE)
      .min(BALANCE_DUE_DAYS_MIN, BALANCE_DAYS_MESSAGE)
      .max(BALANCE_DUE_DAYS_MAX, BALANCE_DAYS_MESSAGE)
      .optional(),
    changeCutoffHours: z.coerce
      .number({ error: CUTOFF_MESSAGE })
      .int(CUTOFF_MESSAGE)
      .min(0, CUTOFF_MESSAGE)
      .max(CHANGE_CUTOFF_HOURS_MAX, CUTOFF_MESSAGE)
      .optional(),
    /**
     * The vendor's GST/HST number for receipts and invoices ('' removes it); absent: unchanged. Spaces
     * and lower case are forgiven and dropped.
     */
    gstNumber: z
      .string()
      .max(40, GST_NUMBER_MESSAGE)
      .transform(normalizeGstNumber)
      .refine((v) => v === '' || GST_NUMBER_PATTERN.test(v), GST_NUMBER_MESSAGE)
      .optional(),
  })
  .refine((v) => v.offersDelivery || v.offersPickup, {
    path: ['offersPickup'],
    message: 'Offer pickup, delivery or both.',
  });
export type VendorProfileInput = z.input<typeof vendorProfileInputSchema>;
export type VendorProfileValues = z.output<typeof vendorProfileInputSchema>;

/** The signed-in vendor's own profile, private fields included. */
export const ownVendorProfileSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  verified: z.boolean(),
  businessName: z.string(),
  businessAddress: z.string(),
  phone: z.string(),
  location: z.string(),
  specialty: z.string(),
  specialties: z.array(z.string()),
  /** The primary category (set by the application) and every category, the primary first. */
  category: z.string(),
  categories: z.array(z.string()),
  description: z.string(),
  website: z.string(),
  instagram: z.string(),
  priceTier: z.number().int(),
  dietaryOptions: z.array(z.string()),
  offersDelivery: z.boolean(),
  offersPickup: z.boolean(),
  cancellationRefundPercent: z.number().int(),
  leadTimeDays: z.number().int(),
  ordersPerDay: z.number().int(),
  depositPercent: z.number().int(),
  balanceDueDays: z.number().int(),
  changeCutoffHours: z.number().int(),
  /** The GST/HST number on receipts and invoices ('' when none). */
  gstNumber: z.string(),
  imageUrl: z.string().nullable(),
});
export type OwnVendorProfile = z.infer<typeof ownVendorProfileSchema>;

export const ownVendorProfileResponseSchema = z.object({ profile: ownVendorProfileSchema });
export type OwnVendorProfileResponse = z.infer<typeof ownVendorProfileResponseSchema>;

/** Whole dollars, or nothing when the field is left empty. */
const dollars = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: 'Please enter a price in dollars.' })
    .int('Please enter whole dollars.')
    .min(0, 'Prices cannot be negative.')
    .max(100_000, 'Please enter at most $100,000.')
    .optional(),
);

/** Title, category and price range of a portfolio photo (the file itself comes as multipart). */
export const portfolioItemInputSchema = z
  .object({
    title: required('Please give the photo a title.', 80),
    category: z.enum(PORTFOLIO_CATEGORIES, { error: 'Please choose a category.' }),
    /** Whole dollars in the form; stored as cents. */
    priceMin: dollars,
    priceMax: dollars,
  })
  .refine((v) => v.priceMin === undefined || v.priceMax === undefined || v.priceMin <= v.priceMax, {
    path: ['priceMax'],
    message: 'The highest price must be at least the lowest.',
  });
export type PortfolioItemInput = z.input<typeof portfolioItemInputSchema>;
export type PortfolioItemValues = z.output<typeof portfolioItemInputSchema>;

export const portfolioItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  /** Cents, either may be null. */
  priceMin: z.number().int().nullable(),
  priceMax: z.number().int().nullable(),
  imageUrl: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;

export const portfolioSchema = z.object({ items: z.array(portfolioItemSchema) });
export type Portfolio = z.infer<typeof portfolioSchema>;

export const portfolioItemCreatedSchema = z.object({ item: portfolioItemSchema });
export type PortfolioItemCreated = z.infer<typeof portfolioItemCreatedSchema>;

export const portfolioOrderSchema = z.object({
  ids: z.array(z.string().min(1).max(100)).min(1).max(200),
});

/** GET /api/vendors/:id: the public page of an approved vendor. */
export const publicVendorPageSchema = z.object({
  vendor: vendorProfileSchema,
  portfolio: z.array(portfolioItemSchema),
  /** What the vendor sells, from what price, in the vendor's order. */
  packages: z.array(packageSchema),
  /** The checklist items Frosted verified (unexpired), or null. */
  verification: publicVerificationSchema.nullable(),
  /** How customers receive the cake and the vendor's refund for cancellations within 48 hours. */
  service: z.object({
    offersPickup: z.boolean(),
    offersDelivery: z.boolean(),
    cancellationRefundPercent: z.number().int(),
    /** Days of notice needed before an event. */
    leadTimeDays: z.number().int(),
    dietaryOptions: z.array(z.string()),
    specialties: z.array(z.string()),
  }),
});
export type PublicVendorPage = z.infer<typeof publicVendorPageSchema>;
