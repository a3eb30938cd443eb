import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { formatCents } from '../../../shared/money.ts';
import type { SellerReportConfig } from '../../config.ts';
import type { Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sellerReportRows, sellerReports, sellerTaxProfiles, users, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { AT_ONCE, scheduleJob, type JobHandlers } from '../jobs/index.ts';
import { composeEmail, queueEmail } from '../mail/index.ts';
import { isExcludedSeller, sellerFigures, vendorCreditsOf } from './figures.ts';
import { TAX_INFORMATION_PATH } from './tax-information.ts';

/**
 * Generating a year's report is a job (decision 030): an admin asks, the job reads the ledger and
 * writes one row per reported seller, replacing what an earlier run wrote, and e-mails each reported
 * seller once (the first run that reports them), all in the job's one transaction.
 */

export const SELLER_REPORT_JOB = 'reporting.generateSellerReport';
export const sellerReportJobKey = (year: number) => `seller-report:${year}`;

/** The calendar year of `now` in Vancouver. */
const vancouverYear = (now: Date) =>
  Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Vancouver', year: 'numeric' }).format(now));

/** An admin asks for a year's report: queued (again) for the job, which replaces the report when it runs. */
export async function requestSellerReport({
  db,
  actor,
  year,
  now,
}: {
  db: Db;
  actor: Actor;
  year: number;
  now: Date;
}): Promise<void> {
  if (year > vancouverYear(now))
    throw AppError.validation({ year: 'That year has not started yet.' }, 'That year has not started yet.');
  await db.transaction(async (tx) => {
    await tx
      .insert(sellerReports)
      .values({ id: crypto.randomUUID(), year, status: 'queued', requestedBy: actor.id, requestedAt: now })
      .onConflictDoUpdate({
        target: sellerReports.year,
        set: { status: 'queued', requestedBy: actor.id, requestedAt: now, updatedAt: now },
      });
    await scheduleJob(tx, {
      kind: SELLER_REPORT_JOB,
      key: sellerReportJobKey(year),
      runAt: AT_ONCE,
      payload: { year },
    });
  });
}

/** Writes the year's report from the ledger (in `tx`): rows replaced, new sellers e-mailed, counts kept. */
export async function generateSellerReport(
  tx: Tx,
  {
    year,
    now,
    config,
    publicUrl,
  }: { year: number; now: Date; config: SellerReportConfig; publicUrl: string },
): Promise<void> {
  const [report] = await tx.select().from(sellerReports).where(eq(sellerReports.year, year)).for('update');
  if (!report) return;
  const figures = sellerFigures(year, await vendorCreditsOf(tx, year));
  const vendorIds = figures.map((f) => f.vendorId);
  const sellers = vendorIds.length
    ? await tx
        .select({
          id: vendors.id,
          categories: vendors.categories,
          stripeAccountId: vendors.stripeAccountId,
          businessName: vendors.businessName,
          ownerId: vendors.userId,
          ownerEmail: users.email,
          hasProfile: sql<boolean>`${sellerTaxProfiles.vendorId} IS NOT NULL`,
        })
        .from(vendors)
        .innerJoin(users, eq(users.id, vendors.userId))
        .leftJoin(sellerTaxProfiles, eq(sellerTaxProfiles.vendorId, vendors.id))
        .where(inArray(vendors.id, vendorIds))
    : [];
  const sellerById = new Map(sellers.map((s) => [s.id, s]));
  const reported = figures.filter(
    (f) =>
      f.totals.considerationCents !== 0 &&
      !isExcludedSeller(f, sellerById.get(f.vendorId)?.categories ?? [], config.exclusion),
  );
  const reportedIds = reported.map((f) => f.vendorId);
  await tx
    .delete(sellerReportRows)
    .where(
      reportedIds.length
        ? and(eq(sellerReportRows.reportId, report.id), notInArray(sellerReportRows.vendorId, reportedIds))
        : eq(sellerReportRows.reportId, report.id),
    );
  for (const f of reported) {
    const values = {
      quarters: f.quarters,
      considerationCents: f.totals.considerationCents,
      activities: f.totals.activities,
      accountIdentifier: sellerById.get(f.vendorId)?.stripeAccountId ?? null,
    };
    await tx
      .insert(sellerReportRows)
      .values({ id: crypto.randomUUID(), reportId: report.id, vendorId: f.vendorId, ...values })
      .onConflictDoUpdate({ target: [sellerReportRows.reportId, sellerReportRows.vendorId], set: values });
  }
  // Each reported seller is told once, by the first run that reports them (a re-run corrects quietly).
  const toTell = await tx
    .update(sellerReportRows)
    .set({ emailedAt: now })
    .where(and(eq(sellerReportRows.reportId, report.id), isNull(sellerReportRows.emailedAt)))
    .returning({ vendorId: sellerReportRows.vendorId });
  for (const { vendorId } of toTell) {
    const seller = sellerById.get(vendorId)!;
    const f = reported.find((r) => r.vendorId === vendorId)!;
    await queueEmail(tx, {
      ...sellerReportEmail({ year, businessName: seller.businessName, figures: f.totals, publicUrl }),
      to: seller.ownerEmail,
      kind: 'seller-report',
      userId: seller.ownerId,
    });
  }
  await tx
    .update(sellerReports)
    .set({
      status: 'ready',
      generatedAt: now,
      reportedCount: reported.length,
      excludedCount: figures.length - reported.length,
      missingTaxInformationCount: reported.filter((f) => !sellerById.get(f.vendorId)?.hasProfile).length,
      updatedAt: now,
    })
    .where(eq(sellerReports.id, report.id));
}

function sellerReportEmail({
  year,
  businessName,
  figures,
  publicUrl,
}: {
  year: number;
  businessName: string;
  figures: { considerationCents: number; feesCents: number; taxesCents: number; activities: number };
  publicUrl: string;
}) {
  return composeEmail(`Your ${year} seller report from Frosted`, {
    heading: `Your ${year} seller report`,
    paragraphs: [
      `Canada’s rules for online marketplaces (Part XX of the Income Tax Act) require Frosted to report what ${businessName} sold through Frosted in ${year} to the Canada Revenue Agency, and to give you the same information.`,
      'Your copy, quarter by quarter, is in your Vendor Dashboard under Tax information. Keep it with your tax records.',
    ],
    details: [
      { label: 'Sales', value: String(figures.activities) },
      { label: 'Paid or credited to you (before fees)', value: formatCents(figures.considerationCents) },
      { label: 'Frosted’s fees', value: formatCents(figures.feesCents) },
      { label: 'Tax on the fees', value: formatCents(figures.taxesCents) },
    ],
    button: 'Download my copy',
    link: `${publicUrl}${TAX_INFORMATION_PATH}`,
    footnote: 'If anything looks wrong, reply to this e-mail or contact our support team before January 31.',
  });
}

/** The report job, with what it needs from the configuration (the composition root registers it). */
export function sellerReportJobHandlers({
  sellerReport,
  publicUrl,
}: {
  sellerReport: SellerReportConfig;
  publicUrl: string;
}): JobHandlers {
  return {
    [SELLER_REPORT_JOB]: (tx, job, { now }) =>
      generateSellerReport(tx, { year: Number(job.payload.year), now, config: sellerReport, publicUrl }),
  };
}
