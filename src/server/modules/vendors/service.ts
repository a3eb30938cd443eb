import { and, eq } from 'drizzle-orm';
import type { VendorFilters, VendorListQuery } from '../../../shared/schemas/vendors.ts';
import { queryPrepared, type Db } from '../../db/client.ts';
import { vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import {
  countKey,
  countStatement,
  decodeCursor,
  encodeCursor,
  pageStatement,
  type BrowseOptions,
  type BrowseRow,
} from './browse-query.ts';
import { vancouverDay } from '../../../shared/time.ts';
import { countCacheFor } from './count-cache.ts';
import type { PortfolioSummary, VendorCardRow } from './presenter.ts';

export interface VendorListItem {
  vendor: VendorCardRow;
  portfolio: PortfolioSummary;
}

const toItem = (r: BrowseRow): VendorListItem => ({
  vendor: {
    id: r.id,
    businessName: r.business_name,
    specialty: r.specialty,
    category: r.category,
    categories: r.categories,
    fromPriceCents: r.from_price_cents,
    location: r.location,
    rating: Number(r.rating),
    reviewCount: r.review_count,
    totalOrders: r.total_orders,
    imageUrl: r.image_url,
    verified: r.verified,
    responseTimeMinutes: r.response_time_minutes,
    priceTier: r.price_tier,
    description: r.description,
    specialties: r.specialties,
    dietaryOptions: r.dietary_options,
    offersDelivery: r.offers_delivery,
  },
  portfolio: { thumbKeys: r.thumb_keys, total: r.portfolio_total },
});

/**
 * One page of approved vendors for Browse Vendors: filtered, sorted, keyset-paginated, with the
 * filtered total on the first page. One statement when the page holds every match (the total is its
 * length) or when the count cache knows the total at the page's vendors version; else a count too,
 * shared with concurrent requests for the same filters. Both are prepared statements (queryPrepared):
 * one per shape of request, built once and, on PostgreSQL, parsed and planned once per connection.
 */
export async function listPublicVendors({
  db,
  query,
  verifiedOnly = false,
  now,
}: {
  db: Db;
  query: VendorListQuery;
  verifiedOnly?: boolean;
  /** The services' clock: "available on" reads the lead time from today in Vancouver. */
  now: Date;
}) {
  const { cursor: token, limit, ...filters } = query;
  const cursor = token === undefined ? undefined : decodeCursor(filters.sort, token);
  // Only "available on" reads today.
  const today = filters.availableOn ? vancouverDay(now) : undefined;
  const options: BrowseOptions = { filters, verifiedOnly, today };
  const rows = await queryPrepared<BrowseRow>(db, pageStatement({ ...options, cursor, limit: limit + 1 }));
  const shown = rows.slice(0, limit);
  const more = rows.length > limit;
  // Load More pages: the first page already told the total.
  let total: number | null = null;
  if (!cursor) total = more ? await countMatches(db, options, BigInt(rows[0]!.browse_version)) : rows.length;
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    total,
    nextCursor: more && last ? encodeCursor(filters.sort, last) : null,
  };
}

/** The filtered total as of `version` (the page's) or later, through the count cache. */
function countMatches(db: Db, options: BrowseOptions, version: bigint): Promise<number> {
  return countCacheFor(db).total(countKey(options), version, async () => {
    const [row] = await queryPrepared<{ n: number; version: string }>(db, countStatement(options));
    return { n: row!.n, version: BigInt(row!.version) };
  });
}

const NO_FILTERS: VendorFilters = {
  location: 'all',
  category: 'all',
  specialty: 'all',
  sort: 'rating',
  dietary: [],
  tier: [],
};

/** Top-rated verified vendors, the home page's featured list: Browse's query, first page, rating sort. */
export async function listFeaturedVendors({ db, limit }: { db: Db; limit: number }) {
  const rows = await queryPrepared<BrowseRow>(
    db,
    pageStatement({ filters: NO_FILTERS, verifiedOnly: true, limit }),
  );
  return rows.map(toItem);
}

/** A vendor visible to the public; unknown and unapproved vendors are 404. */
export async function getPublicVendor({ db, vendorId }: { db: Db; vendorId: string }) {
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), eq(vendors.status, 'approved')))
    .limit(1);
  if (!row) throw AppError.notFound('Vendor not found');
  return row;
}
