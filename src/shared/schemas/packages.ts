import { z } from 'zod';
import { required } from './auth.ts';

/** What a vendor sells, with a starting price: "4-hour coverage, from $1,200". */
export const PACKAGES_MAX = 12;
export const PACKAGE_NAME_MAX = 80;
export const PACKAGE_DESCRIPTION_MAX = 500;
/** $100,000: the most a quote may ask too. */
export const PACKAGE_PRICE_MAX_CENTS = 10_000_000;

const PRICE_MESSAGE = 'Please enter a starting price from $0 to $100,000.';

/** A package as the vendor writes it; the same schema checks the dashboard form and the request. */
export const packageInputSchema = z.object({
  name: required('Please name the package.', PACKAGE_NAME_MAX),
  description: z
    .string()
    .trim()
    .max(PACKAGE_DESCRIPTION_MAX, `Must be at most ${PACKAGE_DESCRIPTION_MAX} characters.`)
    .default(''),
  /** Integer cents (the form reads dollars, parseDollars). */
  priceCents: z
    .number({ error: PRICE_MESSAGE })
    .int(PRICE_MESSAGE)
    .min(0, PRICE_MESSAGE)
    .max(PACKAGE_PRICE_MAX_CENTS, PRICE_MESSAGE),
});
export type PackageInput = z.input<typeof packageInputSchema>;
export type PackageValues = z.output<typeof packageInputSchema>;

export const packageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Integer cents. */
  priceCents: z.number().int(),
  position: z.number().int(),
});
export type VendorPackage = z.infer<typeof packageSchema>;

export const packageListSchema = z.object({ packages: z.array(packageSchema) });
export type PackageList = z.infer<typeof packageListSchema>;

export const packageSavedSchema = z.object({ package: packageSchema });
export type PackageSaved = z.infer<typeof packageSavedSchema>;

export const packageOrderSchema = z.object({
  ids: z.array(z.string().min(1).max(100)).min(1).max(PACKAGES_MAX),
});
