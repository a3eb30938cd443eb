import { z } from 'zod';
import { FIRST_REPORT_YEAR } from '../seller-report.ts';

/*
 * The yearly seller report (Part XX of the Income Tax Act, decision 030): what a vendor tells Frosted
 * about themselves for it (the Tax information form, validated here for the form and the request
 * alike), and the shapes the vendor's and the admin's pages read.
 */

export const SELLER_TYPES = ['individual', 'entity'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

/** Canada's provinces and territories, by their postal abbreviation. */
export const PROVINCES = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
] as const;
export const PROVINCE_CODES = PROVINCES.map(([code]) => code);

/** Where a seller lives or is registered: Canada first; a few neighbours for sellers from abroad. */
export const COUNTRIES = [
  ['CA', 'Canada'],
  ['US', 'United States'],
  ['MX', 'Mexico'],
  ['GB', 'United Kingdom'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['IE', 'Ireland'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
] as const;
export const COUNTRY_CODES = COUNTRIES.map(([code]) => code);

/** Only adults may register as individual sellers. */
export const MIN_SELLER_AGE = 18;

/** Digits only: people type SINs and BNs with spaces or dashes. */
export const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn check every Social Insurance Number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A SIN: 9 digits passing the Luhn check. */
export const isSin = (value: string) => {
  const digits = digitsOf(value);
  return /^\d{9}$/.test(digits) && luhnValid(digits);
};

/** A business number: its 9-digit root (123456789), or with a program account (123456789RT0001). */
export const isBusinessNumber = (value: string) =>
  /^\d{9}([A-Z]{2}\d{4})?$/.test(digitsOf(value).toUpperCase());

/** Whole years from a birth date ('YYYY-MM-DD') to `today` ('YYYY-MM-DD'). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const isRealDate = (day: string) => {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
};

/** Masks all but the last three characters of an identifier: •••••• 046. */
export const maskIdentifier = (value: string) => {
  const plain = digitsOf(value);
  return plain.length <= 3 ? '•••' : `${'•'.repeat(Math.min(plain.length - 3, 9))}${plain.slice(-3)}`;
};

const text = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, `Please enter ${label}.`)
    .max(max, `This must be at most ${max} characters.`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `This must be at most ${max} characters.`).optional().default('');

/**
 * The Tax information form, one flat object so each message sits at its own field. What a seller type
 * needs is checked below: an individual's SIN and date of birth (18 or older), an entity's business
 * number and registration number. `today` (Vancouver day) makes the age rule testable.
 */
export const taxInformationSchemaOn = (today: () => string) =>
  z
    .object({
      sellerType: z.enum(SELLER_TYPES, { error: 'Please choose an individual or a business.' }),
      legalName: text('your legal name', 200),
      addressLine1: text('the street address', 200),
      addressLine2: optionalText(200),
      city: text('the city', 100),
      region: optionalText(100),
      postalCode: text('the postal code', 20),
      country: z.enum(COUNTRY_CODES, { error: 'Please choose a country.' }),
      tin: text('the tax number', 30),
      tinCountry: z.enum(COUNTRY_CODES, { error: 'Please choose the country that issued the number.' }),
      tinRegion: optionalText(100),
      dateOfBirth: optionalText(10),
      businessRegistrationNumber: optionalText(50),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (v.country === 'CA' && !PROVINCE_CODES.includes(v.region as (typeof PROVINCE_CODES)[number]))
        issue('region', 'Please choose the province or territory.');
      if (v.country === 'CA' && !/^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/.test(v.postalCode))
        issue('postalCode', 'Please enter a Canadian postal code such as V5K 0A1.');
      if (v.tinCountry === 'CA' && !PROVINCE_CODES.includes(v.tinRegion as (typeof PROVINCE_CODES)[number]))
        issue('tinRegion', 'Please choose the province or territory you file from.');
      if (v.sellerType === 'individual') {
        if (v.tinCountry === 'CA' && !isSin(v.tin))
          issue('tin', 'This is not a valid Social Insurance Number: check its 9 digits.');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(v.dateOfBirth) || !isRealDate(v.dateOfBirth))
          issue('dateOfBirth', 'Please enter your date of birth as YYYY-MM-DD.');
        else if (ageOn(v.dateOfBirth, today()) < MIN_SELLER_AGE)
          issue('dateOfBirth', `Sellers must be ${MIN_SELLER_AGE} or older.`);
        else if (ageOn(v.dateOfBirth, today()) > 120) issue('dateOfBirth', 'Please check the year.');
      } else {
        if (v.tinCountry === 'CA' && !isBusinessNumber(v.tin))
          issue('tin', 'A business number has 9 digits (for example 123456789).');
        if (!v.businessRegistrationNumber)
          issue('businessRegistrationNumber', 'Please enter the business registration number.');
      }
      if (v.tinCountry !== 'CA' && !/^[A-Za-z0-9 -]{2,30}$/.test(v.tin))
        issue('tin', 'Please enter the tax number as letters and digits.');
    });

const vancouverToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Vancouver' }).format(new Date());

export const taxInformationSchema = taxInformationSchemaOn(vancouverToday);
export type TaxInformationInput = z.input<typeof taxInformationSchema>;
export type TaxInformation = z.output<typeof taxInformationSchema>;

/** The tax information's fields that are not identifiers: the same for the vendor and for admins. */
const taxInformationFields = z.object({
  sellerType: z.enum(SELLER_TYPES),
  legalName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  tinCountry: z.string(),
  tinRegion: z.string(),
  updatedAt: z.string(),
});

/** What the vendor sees of their own tax information: identifiers masked but for the last 3. */
export const taxInformationViewSchema = z.object({
  /** Whether everything the report needs is there (a payout needs it). */
  complete: z.boolean(),
  information: taxInformationFields
    .extend({
      tinMasked: z.string(),
      dateOfBirthMasked: z.string().nullable(),
      businessRegistrationNumberMasked: z.string().nullable(),
    })
    .nullable(),
});
export type TaxInformationView = z.infer<typeof taxInformationViewSchema>;

/** What an admin sees of one vendor's tax information: everything, unmasked. */
export const adminTaxInformationSchema = z.object({
  vendorId: z.string(),
  businessName: z.string(),
  information: taxInformationFields
    .extend({
      tin: z.string(),
      dateOfBirth: z.string().nullable(),
      businessRegistrationNumber: z.string().nullable(),
    })
    .nullable(),
});
export type AdminTaxInformation = z.infer<typeof adminTaxInformationSchema>;

export { FIRST_REPORT_YEAR };

export const reportYearParamSchema = z.object({
  year: z.coerce
    .number({ error: 'Please choose a year.' })
    .int('Please choose a year.')
    .min(FIRST_REPORT_YEAR, `Reports start with ${FIRST_REPORT_YEAR}.`)
    .max(2100, 'Please choose a year.'),
});
export const generateReportSchema = z.object({
  year: z
    .number({ error: 'Please choose a year.' })
    .int('Please choose a year.')
    .min(FIRST_REPORT_YEAR, `Reports start with ${FIRST_REPORT_YEAR}.`)
    .max(2100, 'Please choose a year.'),
});
export type GenerateReportInput = z.infer<typeof generateReportSchema>;

/** Queued until its job has run (again, for a re-run), then ready. */
export const REPORT_STATUSES = ['queued', 'ready'] as const;

/** A quarter's figures (calendar quarters, Vancouver time): what was credited, and for how many sales. */
export const quarterFiguresSchema = z.object({
  /** Consideration credited in the quarter, before the platform's fee and the tax on it (cents). */
  considerationCents: z.number().int(),
  feesCents: z.number().int(),
  taxesCents: z.number().int(),
  /** Sales (relevant activities) for which consideration was credited in the quarter. */
  activities: z.number().int(),
});
export type QuarterFigures = z.infer<typeof quarterFiguresSchema>;

export const sellerReportRowSchema = z.object({
  vendorId: z.string(),
  businessName: z.string(),
  /** Null while the vendor has not given their tax information (the row can't be filed yet). */
  legalName: z.string().nullable(),
  sellerType: z.enum(SELLER_TYPES).nullable(),
  tinMasked: z.string().nullable(),
  accountIdentifier: z.string().nullable(),
  quarters: z.array(quarterFiguresSchema).length(4),
  totals: quarterFiguresSchema,
});
export type SellerReportRow = z.infer<typeof sellerReportRowSchema>;

export const sellerReportSummarySchema = z.object({
  year: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  requestedAt: z.string(),
  generatedAt: z.string().nullable(),
  reportedCount: z.number().int(),
  excludedCount: z.number().int(),
  missingTaxInformationCount: z.number().int(),
});
export type SellerReportSummary = z.infer<typeof sellerReportSummarySchema>;

export const sellerReportListSchema = z.object({ reports: z.array(sellerReportSummarySchema) });
export const sellerReportSchema = z.object({
  report: sellerReportSummarySchema,
  rows: z.array(sellerReportRowSchema),
});
export type SellerReport = z.infer<typeof sellerReportSchema>;

/** The vendor's own copies: one per year they were reported for. */
export const ownSellerReportsSchema = z.object({
  reports: z.array(
    z.object({
      year: z.number().int(),
      generatedAt: z.string(),
      quarters: z.array(quarterFiguresSchema).length(4),
      totals: quarterFiguresSchema,
    }),
  ),
});
export type OwnSellerReports = z.infer<typeof ownSellerReportsSchema>;
