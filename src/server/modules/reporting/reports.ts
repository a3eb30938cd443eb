import { and, desc, eq } from 'drizzle-orm';
import {
  maskIdentifier,
  type OwnSellerReports,
  type QuarterFigures,
  type SellerReport,
  type SellerReportSummary,
} from '../../../shared/schemas/seller-report.ts';
import type { Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { sellerReportRows, sellerReports, sellerTaxProfiles, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { vendorOf } from '../auth/index.ts';
import type { SealingKeys } from './sealing.ts';
import { openIdentifiers } from './tax-information.ts';

/** Reading the reports: the admin's list, one year's rows (page and CSV), and a vendor's own copies. */

type ReportRow = typeof sellerReports.$inferSelect;

const presentSummary = (r: ReportRow): SellerReportSummary => ({
  year: r.year,
  status: r.status,
  requestedAt: r.requestedAt.toISOString(),
  generatedAt: r.generatedAt?.toISOString() ?? null,
  reportedCount: r.reportedCount,
  excludedCount: r.excludedCount,
  missingTaxInformationCount: r.missingTaxInformationCount,
});

const totalsOf = (quarters: QuarterFigures[]): QuarterFigures =>
  quarters.reduce(
    (t, q) => ({
      considerationCents: t.considerationCents + q.considerationCents,
      feesCents: t.feesCents + q.feesCents,
      taxesCents: t.taxesCents + q.taxesCents,
      activities: t.activities + q.activities,
    }),
    { considerationCents: 0, feesCents: 0, taxesCents: 0, activities: 0 },
  );

export async function listSellerReports(db: Db): Promise<SellerReportSummary[]> {
  const rows = await db.select().from(sellerReports).orderBy(desc(sellerReports.year)).limit(50);
  return rows.map(presentSummary);
}

async function reportOf(db: Db, year: number) {
  const [report] = await db.select().from(sellerReports).where(eq(sellerReports.year, year));
  if (!report) throw AppError.notFound(`There is no report for ${year} yet.`);
  return report;
}

/** One year's reported sellers, each with their tax information opened (the export) or absent. */
export async function sellerReportRowsOf(db: Db, keys: SealingKeys, year: number) {
  const report = await reportOf(db, year);
  const rows = await db
    .select({ row: sellerReportRows, businessName: vendors.businessName, profile: sellerTaxProfiles })
    .from(sellerReportRows)
    .innerJoin(vendors, eq(vendors.id, sellerReportRows.vendorId))
    .leftJoin(sellerTaxProfiles, eq(sellerTaxProfiles.vendorId, sellerReportRows.vendorId))
    .where(eq(sellerReportRows.reportId, report.id))
    .orderBy(vendors.businessName, sellerReportRows.vendorId);
  return {
    report,
    rows: rows.map(({ row, businessName, profile }) => ({
      row,
      businessName,
      profile,
      identifiers: profile ? openIdentifiers(keys, profile) : null,
    })),
  };
}

/** The admin page's JSON: identifiers masked (the CSV, for filing, has them in full). */
export async function sellerReportView(db: Db, keys: SealingKeys, year: number): Promise<SellerReport> {
  const { report, rows } = await sellerReportRowsOf(db, keys, year);
  return {
    report: presentSummary(report),
    rows: rows.map(({ row, businessName, profile, identifiers }) => ({
      vendorId: row.vendorId,
      businessName,
      legalName: profile?.legalName ?? null,
      sellerType: profile?.sellerType ?? null,
      tinMasked: identifiers ? maskIdentifier(identifiers.tin) : null,
      accountIdentifier: row.accountIdentifier,
      quarters: row.quarters,
      totals: totalsOf(row.quarters),
    })),
  };
}

/** The signed-in vendor's own reports, one per year they were reported for (ready reports only). */
export async function ownSellerReports({ db, actor }: { db: Db; actor: Actor }): Promise<OwnSellerReports> {
  const vendor = await vendorOf({ db, actor });
  if (!vendor) throw AppError.notFound('Vendor profile not found.');
  const rows = await db
    .select({
      year: sellerReports.year,
      generatedAt: sellerReports.generatedAt,
      quarters: sellerReportRows.quarters,
    })
    .from(sellerReportRows)
    .innerJoin(sellerReports, eq(sellerReports.id, sellerReportRows.reportId))
    .where(and(eq(sellerReportRows.vendorId, vendor.id), eq(sellerReports.status, 'ready')))
    .orderBy(desc(sellerReports.year));
  return {
    reports: rows.map((r) => ({
      year: r.year,
      generatedAt: (r.generatedAt ?? new Date(0)).toISOString(),
      quarters: r.quarters,
      totals: totalsOf(r.quarters),
    })),
  };
}

/** The signed-in vendor's own row of one year, with their own identifiers (404 when not reported). */
export async function ownSellerReportRow({
  db,
  keys,
  actor,
  year,
}: {
  db: Db;
  keys: SealingKeys;
  actor: Actor;
  year: number;
}) {
  const vendor = await vendorOf({ db, actor });
  if (!vendor) throw AppError.notFound('Vendor profile not found.');
  const [found] = await db
    .select({ row: sellerReportRows, profile: sellerTaxProfiles })
    .from(sellerReportRows)
    .innerJoin(sellerReports, eq(sellerReports.id, sellerReportRows.reportId))
    .leftJoin(sellerTaxProfiles, eq(sellerTaxProfiles.vendorId, sellerReportRows.vendorId))
    .where(
      and(
        eq(sellerReportRows.vendorId, vendor.id),
        eq(sellerReports.year, year),
        eq(sellerReports.status, 'ready'),
      ),
    );
  if (!found) throw AppError.notFound(`You have no seller report for ${year}.`);
  return {
    row: found.row,
    businessName: vendor.businessName,
    profile: found.profile,
    identifiers: found.profile ? openIdentifiers(keys, found.profile) : null,
  };
}
