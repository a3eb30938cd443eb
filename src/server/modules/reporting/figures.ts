import { sql } from 'drizzle-orm';
import type { QuarterFigures } from '../../../shared/schemas/seller-report.ts';
import { vancouverDayStart } from '../../../shared/time.ts';
import type { SellerReportConfig } from '../../config.ts';
import { queryRows, type Db, type Tx } from '../../db/client.ts';

/**
 * A year's figures per seller, read from the ledger (decision 030). Consideration is what an order's
 * settlement credited to the vendor (a release, a claim resolved with a vendor part, a cancellation's
 * vendor part, and any later adjustment on that order), grossed up by the service fee and the tax on
 * it that the same posting kept: what the buyer's money paid for the seller's goods. Each posting
 * counts in the calendar quarter (Vancouver time) in which it was credited; a sale (relevant activity)
 * is an order with money credited to its vendor in the quarter.
 */

/** The first instant of each quarter of `year` in Vancouver, and of the next year: five bounds. */
export function quarterBounds(year: number): Date[] {
  return ['01', '04', '07', '10']
    .map((m) => vancouverDayStart(`${year}-${m}-01`))
    .concat(vancouverDayStart(`${year + 1}-01-01`));
}

/** The quarter (0-3) of `at` within the bounds of its year, or -1 outside the year. */
export function quarterOf(bounds: Date[], at: Date): number {
  for (let q = 0; q < 4; q++) if (at >= bounds[q]! && at < bounds[q + 1]!) return q;
  return -1;
}

/** One settlement posting that credited (or debited) a vendor for an order. */
export interface VendorCredit {
  vendorId: string;
  orderId: string;
  at: Date;
  /** Credited to the vendor's payable (negative: taken back). */
  vendorCents: number;
  /** Kept by the platform in the same posting: the service fee (a late cancellation's fee too, see 030). */
  feeCents: number;
  /** GST and PST on that fee, in the same posting (decision 029's accounts). */
  taxCents: number;
}

export interface SellerFigures {
  vendorId: string;
  quarters: QuarterFigures[];
  totals: QuarterFigures;
}

const emptyQuarter = (): QuarterFigures => ({
  considerationCents: 0,
  feesCents: 0,
  taxesCents: 0,
  activities: 0,
});

/** Sums credits into each seller's quarters: consideration gross of fee and tax, sales counted once a quarter. */
export function sellerFigures(year: number, credits: readonly VendorCredit[]): SellerFigures[] {
  const bounds = quarterBounds(year);
  const bySeller = new Map<string, { quarters: QuarterFigures[]; orders: Map<string, number>[] }>();
  for (const c of credits) {
    const q = quarterOf(bounds, c.at);
    if (q < 0) continue;
    let seller = bySeller.get(c.vendorId);
    if (!seller) {
      seller = { quarters: [0, 1, 2, 3].map(emptyQuarter), orders: [0, 1, 2, 3].map(() => new Map()) };
      bySeller.set(c.vendorId, seller);
    }
    const quarter = seller.quarters[q]!;
    quarter.considerationCents += c.vendorCents + c.feeCents + c.taxCents;
    quarter.feesCents += c.feeCents;
    quarter.taxesCents += c.taxCents;
    const orders = seller.orders[q]!;
    orders.set(c.orderId, (orders.get(c.orderId) ?? 0) + c.vendorCents);
  }
  return [...bySeller].map(([vendorId, { quarters, orders }]) => {
    quarters.forEach((quarter, q) => {
      quarter.activities = [...orders[q]!.values()].filter((cents) => cents > 0).length;
    });
    const totals = quarters.reduce(
      (t, q) => ({
        considerationCents: t.considerationCents + q.considerationCents,
        feesCents: t.feesCents + q.feesCents,
        taxesCents: t.taxesCents + q.taxesCents,
        activities: t.activities + q.activities,
      }),
      emptyQuarter(),
    );
    return { vendorId, quarters, totals };
  });
}

/**
 * Categories whose sales are personal services (time- or task-based work), not goods: Part XX's
 * excluded-seller rule covers only sellers who *solely* sold goods, so these sellers are never excluded.
 */
export const SERVICE_CATEGORIES: readonly string[] = ['photography', 'entertainment'];

/**
 * An excluded seller (s. 282(1) "excluded seller" (d)): only goods, fewer than `minSales` sales and at
 * most `maxConsiderationCents` in the year. Everyone else with consideration is reported.
 */
export function isExcludedSeller(
  figures: SellerFigures,
  categories: readonly string[],
  { minSales, maxConsiderationCents }: SellerReportConfig['exclusion'],
): boolean {
  if (categories.some((c) => SERVICE_CATEGORIES.includes(c))) return false;
  return figures.totals.activities < minSales && figures.totals.considerationCents <= maxConsiderationCents;
}

/**
 * Every posting of `year` that credited a vendor for an order, with the fee and tax the same posting
 * kept. Payouts are not consideration (they pay out what was credited already) and are left out.
 */
export async function vendorCreditsOf(db: Db | Tx, year: number): Promise<VendorCredit[]> {
  const bounds = quarterBounds(year);
  const rows = await queryRows<{
    vendor_id: string;
    order_id: string;
    created_at: Date | string;
    vendor_cents: string;
    fee_cents: string;
    tax_cents: string;
  }>(
    db,
    sql`WITH credited AS (
          SELECT t.id, t.order_id, a.vendor_id, t.created_at, -sum(e.amount) AS vendor_cents
          FROM ledger_transactions t
          JOIN ledger_entries e ON e.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = e.account_id
          WHERE a.kind = 'vendor_payable' AND t.order_id IS NOT NULL AND t.kind <> 'payout'
            AND t.created_at >= ${bounds[0]!.toISOString()}::timestamptz
            AND t.created_at < ${bounds[4]!.toISOString()}::timestamptz
          GROUP BY t.id, t.order_id, a.vendor_id, t.created_at
        )
        SELECT c.vendor_id, c.order_id, c.created_at, c.vendor_cents::text AS vendor_cents,
          COALESCE(-sum(e.amount) FILTER (WHERE a.kind = 'platform_revenue'), 0)::text AS fee_cents,
          COALESCE(-sum(e.amount) FILTER (WHERE a.kind IN ('gst_payable', 'pst_payable')), 0)::text AS tax_cents
        FROM credited c
        JOIN ledger_entries e ON e.transaction_id = c.id
        JOIN ledger_accounts a ON a.id = e.account_id
        GROUP BY c.id, c.vendor_id, c.order_id, c.created_at, c.vendor_cents`,
  );
  return rows.map((r) => ({
    vendorId: r.vendor_id,
    orderId: r.order_id,
    at: new Date(r.created_at),
    vendorCents: Number(r.vendor_cents),
    feeCents: Number(r.fee_cents),
    taxCents: Number(r.tax_cents),
  }));
}
