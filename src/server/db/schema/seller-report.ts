import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import type { QuarterFigures, SellerType } from '../../../shared/schemas/seller-report.ts';
import { users } from './auth.ts';
import { createdAt, id, ref, timestamps, timestamptz } from './columns.ts';
import { vendors } from './marketplace.ts';

/**
 * The yearly seller report (modules/reporting, decision 030): each vendor's tax information, and the
 * reports generated per calendar year with one row per reported seller.
 *
 * Identifiers (the tax number, the date of birth, the business registration number) are stored sealed:
 * AES-256-GCM, each value as `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url), bound to its vendor and
 * field, so a database read alone shows none of them and keys can rotate (`key_id`: the key of the row).
 */
export const sellerTaxProfiles = pgTable(
  'seller_tax_profiles',
  {
    vendorId: ref('vendor_id', () => vendors.id, 'cascade').primaryKey(),
    sellerType: text('seller_type').$type<SellerType>().notNull(),
    legalName: text('legal_name').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    tinSealed: text('tin_sealed').notNull(),
    tinCountry: text('tin_country').notNull(),
    tinRegion: text('tin_region').notNull().default(''),
    birthDateSealed: text('birth_date_sealed'),
    registrationNumberSealed: text('registration_number_sealed'),
    /** The key that sealed this row's values (each seal names it too). */
    keyId: text('key_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    check('seller_tax_profiles_type_check', sql`${t.sellerType} IN ('individual', 'entity')`),
    check(
      'seller_tax_profiles_needs_check',
      sql`(${t.sellerType} = 'individual' AND ${t.birthDateSealed} IS NOT NULL) OR (${t.sellerType} = 'entity' AND ${t.registrationNumberSealed} IS NOT NULL)`,
    ),
  ],
);

export const SELLER_REPORT_STATUSES = ['queued', 'ready'] as const;
export type SellerReportStatus = (typeof SELLER_REPORT_STATUSES)[number];

/** One report per calendar year: generating it again replaces its rows. */
export const sellerReports = pgTable(
  'seller_reports',
  {
    id: id(),
    year: integer('year').notNull().unique(),
    status: text('status').$type<SellerReportStatus>().notNull(),
    requestedBy: ref('requested_by', () => users.id, 'set null'),
    requestedAt: timestamptz('requested_at').notNull(),
    generatedAt: timestamptz('generated_at'),
    reportedCount: integer('reported_count').notNull().default(0),
    excludedCount: integer('excluded_count').notNull().default(0),
    missingTaxInformationCount: integer('missing_tax_information_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('seller_reports_status_check', sql`${t.status} IN ('queued', 'ready')`),
    check('seller_reports_year_check', sql`${t.year} BETWEEN 2024 AND 2100`),
    index('seller_reports_requested_by_idx').on(t.requestedBy),
  ],
);

/** A reported seller's figures for the year, by calendar quarter; e-mailed once (emailed_at). */
export const sellerReportRows = pgTable(
  'seller_report_rows',
  {
    id: id(),
    reportId: ref('report_id', () => sellerReports.id, 'cascade').notNull(),
    vendorId: ref('vendor_id', () => vendors.id, 'cascade').notNull(),
    quarters: jsonb('quarters').$type<QuarterFigures[]>().notNull(),
    considerationCents: bigint('consideration_cents', { mode: 'number' }).notNull(),
    activities: integer('activities').notNull(),
    /** Where the seller's money is paid: their Stripe connected account, when there is one. */
    accountIdentifier: text('account_identifier'),
    emailedAt: timestamptz('emailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('seller_report_rows_report_vendor_unique').on(t.reportId, t.vendorId),
    index('seller_report_rows_vendor_idx').on(t.vendorId),
  ],
);
