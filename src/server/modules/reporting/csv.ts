import type { QuarterFigures } from '../../../shared/schemas/seller-report.ts';
import { maskIdentifier } from '../../../shared/schemas/seller-report.ts';
import type { sellerReportRows, sellerTaxProfiles } from '../../db/schema/index.ts';

/**
 * The report as CSV: one line per reported seller with the information Part XX asks for (s. 292):
 * identity, the financial account identifier, and per calendar quarter the consideration, the fees
 * and taxes withheld and the number of sales. Amounts in dollars with cents (CAD).
 */

export interface CsvSeller {
  row: typeof sellerReportRows.$inferSelect;
  businessName: string;
  profile: typeof sellerTaxProfiles.$inferSelect | null;
  identifiers: { tin: string; dateOfBirth: string | null; businessRegistrationNumber: string | null } | null;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
// A cell a spreadsheet would read as a formula is quoted, like any with a comma, quote or line break.
const cell = (v: string) => (/[",\n\r]/.test(v) || /^[=+\-@\t]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

const QUARTER_COLUMNS = [1, 2, 3, 4].flatMap((q) => [
  `q${q}_consideration_cad`,
  `q${q}_fees_cad`,
  `q${q}_taxes_cad`,
  `q${q}_sales`,
]);

export const CSV_HEADER = [
  'year',
  'vendor_id',
  'business_name',
  'seller_type',
  'legal_name',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
  'tin',
  'tin_country',
  'tin_region',
  'date_of_birth',
  'business_registration_number',
  'financial_account_identifier',
  ...QUARTER_COLUMNS,
  'total_consideration_cad',
  'total_fees_cad',
  'total_taxes_cad',
  'total_sales',
  'tax_information_missing',
];

const figures = (q: QuarterFigures) => [
  dollars(q.considerationCents),
  dollars(q.feesCents),
  dollars(q.taxesCents),
  String(q.activities),
];

/** The CSV of `sellers` for `year`; `masked` hides identifiers but their last 3 (a vendor's own copy). */
export function sellerReportCsv(
  year: number,
  sellers: readonly CsvSeller[],
  { masked = false } = {},
): string {
  const show = (v: string | null | undefined) => (v ? (masked ? maskIdentifier(v) : v) : '');
  const lines = sellers.map(({ row, businessName, profile, identifiers }) => {
    const totals = row.quarters.reduce(
      (t, q) => ({
        considerationCents: t.considerationCents + q.considerationCents,
        feesCents: t.feesCents + q.feesCents,
        taxesCents: t.taxesCents + q.taxesCents,
        activities: t.activities + q.activities,
      }),
      { considerationCents: 0, feesCents: 0, taxesCents: 0, activities: 0 },
    );
    return [
      String(year),
      row.vendorId,
      businessName,
      profile?.sellerType ?? '',
      profile?.legalName ?? '',
      profile?.addressLine1 ?? '',
      profile?.addressLine2 ?? '',
      profile?.city ?? '',
      profile?.region ?? '',
      profile?.postalCode ?? '',
      profile?.country ?? '',
      show(identifiers?.tin),
      profile?.tinCountry ?? '',
      profile?.tinRegion ?? '',
      masked && identifiers?.dateOfBirth
        ? `••••-••-${identifiers.dateOfBirth.slice(-2)}`
        : (identifiers?.dateOfBirth ?? ''),
      show(identifiers?.businessRegistrationNumber),
      row.accountIdentifier ?? '',
      ...row.quarters.flatMap(figures),
      ...figures(totals),
      profile ? 'no' : 'yes',
    ]
      .map(cell)
      .join(',');
  });
  return `${[CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
