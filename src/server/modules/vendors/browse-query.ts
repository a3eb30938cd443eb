import { sql, type SQL } from 'drizzle-orm';
import type { VendorFilters, VendorSort } from '../../../shared/schemas/vendors.ts';
import { daysBetween, vancouverDay } from '../../../shared/time.ts';
import type { Statement } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { dayBounds, takesADaySql } from '../calendar/index.ts';
import { type Bind, fuzzyWords, searchCondition } from './browse-search.ts';

/*
 * The Browse Vendors SQL, built once here so the API and the benchmark's bare handler send exactly
 * the same statements. Raw SQL rather than the query builder: the keyset condition and the
 * NULLS LAST orderings must match the partial indexes of migration 0003 to the letter.
 *
 * Each statement is written once with a named parameter per value (`bind('location')`) and comes in
 * two forms: pageStatement/countStatement (a shape key, the values, and the SQL built with
 * placeholders only for a shape not seen before: the API's, a prepared statement per shape) and
 * pageQuery/countQuery (the same SQL with the values in place). The shape is everything that changes
 * the text (which filters, the search's form, the sort, a cursor); browse-query.test.ts checks that
 * both forms send the same text and parameters.
 */

/** The two sort keys before the id tiebreaker (always ascending); each has its own partial index. */
const SORT_KEYS: Record<VendorSort, [SortKey, SortKey]> = {
  rating: [
    { column: 'rating', desc: true },
    { column: 'review_count', desc: true },
  ],
  reviews: [
    { column: 'review_count', desc: true },
    { column: 'rating', desc: true },
  ],
  'price-low': [
    { column: 'price_tier', desc: false },
    { column: 'rating', desc: true },
  ],
  'price-high': [
    { column: 'price_tier', desc: true },
    { column: 'rating', desc: true },
  ],
};
interface SortKey {
  column: 'rating' | 'review_count' | 'price_tier';
  desc: boolean;
}

/** Where the previous page ended: the last row's sort key. */
export interface Cursor {
  sort: VendorSort;
  k1: number;
  k2: number;
  id: string;
}

export interface BrowseOptions {
  filters: VendorFilters;
  /** Featured vendors carry the Verified badge; browse shows every approved vendor. */
  verifiedOnly?: boolean;
  /** Today in Vancouver ('YYYY-MM-DD'), for "available on"'s lead time; the system clock's when absent. */
  today?: string | undefined;
}

const col = (name: string) => sql.raw(`v.${name}`);
/** numeric is compared as numeric; a float parameter would compare inexactly. */
const keyParam = (k: SortKey, bind: Bind, name: string) =>
  k.column === 'rating' ? sql`${bind(name)}::numeric` : sql`${bind(name)}::int`;
const keyValue = (k: SortKey, value: number) => (k.column === 'rating' ? String(value) : value);

/** "Available on"'s notice in days (negative: a past day, which no vendor can take). */
const noticeFor = (day: string, today: string | undefined) =>
  daysBetween(today ?? vancouverDay(new Date()), day);

function whereClause({ filters: f, verifiedOnly, today }: BrowseOptions, bind: Bind): SQL {
  const parts: SQL[] = [sql`v.status = 'approved'`];
  if (verifiedOnly) parts.push(sql`v.verified`);
  if (f.q) parts.push(searchCondition(fuzzyWords(f.q), bind));
  if (f.location !== 'all') parts.push(sql`v.location = ${bind('location')}`);
  if (f.category !== 'all') parts.push(sql`v.categories @> ARRAY[${bind('category')}]::text[]`);
  if (f.specialty !== 'all') parts.push(sql`v.specialties @> ARRAY[${bind('specialty')}]::text[]`);
  if (f.dietary.length) parts.push(sql`v.dietary_options @> ${bind('dietary')}::text[]`);
  if (f.tier.length) parts.push(sql`v.price_tier = ANY(${bind('tier')}::int[])`);
  if (f.minRating !== undefined) parts.push(sql`v.rating >= ${bind('minRating')}::numeric`);
  if (f.delivery !== undefined) parts.push(sql`v.offers_delivery = ${bind('delivery')}`);
  if (f.availableOn) parts.push(availableOn(noticeFor(f.availableOn, today), bind));
  return sql.join(parts, sql` AND `);
}

/** The values whereClause binds, by name. */
function whereValues({ filters: f, today }: BrowseOptions, values: Record<string, unknown>) {
  if (f.q) {
    const words = fuzzyWords(f.q);
    if (words) words.forEach((w, i) => (values[`w${i}`] = w));
    else values.q = f.q;
  }
  if (f.location !== 'all') values.location = f.location;
  if (f.category !== 'all') values.category = f.category;
  if (f.specialty !== 'all') values.specialty = f.specialty;
  if (f.dietary.length) values.dietary = `{${f.dietary.join(',')}}`;
  if (f.tier.length) values.tier = `{${f.tier.join(',')}}`;
  if (f.minRating !== undefined) values.minRating = String(f.minRating);
  if (f.delivery !== undefined) values.delivery = f.delivery;
  if (f.availableOn) {
    const [start, end] = dayBounds(f.availableOn);
    Object.assign(values, {
      notice: noticeFor(f.availableOn, today),
      day: f.availableOn,
      dayStart: start.toISOString(),
      dayEnd: end.toISOString(),
    });
  }
  return values;
}

/** What decides whereClause's text, never its values. */
function whereShape({ filters: f, verifiedOnly, today }: BrowseOptions): string {
  const words = f.q ? fuzzyWords(f.q) : undefined;
  return [
    verifiedOnly ? 'verified' : '',
    words === undefined ? '' : words === null ? 'q' : `w${words.length}`,
    f.location !== 'all' ? 'location' : '',
    f.category !== 'all' ? 'category' : '',
    f.specialty !== 'all' ? 'specialty' : '',
    f.dietary.length ? 'dietary' : '',
    f.tier.length ? 'tier' : '',
    f.minRating !== undefined ? 'minRating' : '',
    f.delivery !== undefined ? 'delivery' : '',
    f.availableOn ? (noticeFor(f.availableOn, today) < 0 ? 'past' : 'day') : '',
  ].join(',');
}

/**
 * The vendors who can take an order on `day`, as calendar/availability.ts's dayState decides: not a
 * past day, not blacked out (primary key lookup), enough notice for the lead time, and fewer orders
 * that day than the vendor takes. The day's count is a correlated subquery on orders_vendor_status_idx
 * (vendor_id, status), evaluated only for vendors that pass every cheaper condition first.
 */
function availableOn(notice: number, bind: Bind): SQL {
  if (notice < 0) return sql`false`;
  return sql`v.lead_time_days <= ${bind('notice')}
  AND NOT EXISTS (SELECT 1 FROM vendor_blackout_dates b WHERE b.vendor_id = v.id AND b.day = ${bind('day')}::date)
  AND (SELECT count(*) FROM orders o WHERE o.vendor_id = v.id AND ${takesADaySql(sql`o.status`)}
    AND o.delivery_date >= ${bind('dayStart')}::timestamptz AND o.delivery_date < ${bind('dayEnd')}::timestamptz) < v.orders_per_day`;
}

/** Rows strictly after the cursor in the sort order; the first key also bounds the index range. */
function afterCursor(sort: VendorSort, bind: Bind): SQL {
  const [a, b] = SORT_KEYS[sort];
  const op = (k: SortKey) => sql.raw(k.desc ? '<' : '>');
  const opEq = (k: SortKey) => sql.raw(k.desc ? '<=' : '>=');
  const k1 = keyParam(a, bind, 'k1');
  const k2 = keyParam(b, bind, 'k2');
  return sql`${col(a.column)} ${opEq(a)} ${k1} AND (${col(a.column)} ${op(a)} ${k1} OR (${col(a.column)} = ${k1} AND (${col(b.column)} ${op(b)} ${k2} OR (${col(b.column)} = ${k2} AND v.id > ${bind('afterId')}))))`;
}

function orderBy(sort: VendorSort): SQL {
  const [a, b] = SORT_KEYS[sort];
  const dir = (k: SortKey) => (k.desc ? 'DESC NULLS LAST' : 'ASC');
  return sql.raw(`v.${a.column} ${dir(a)}, v.${b.column} ${dir(b)}, v.id ASC`);
}

type PageOptions = BrowseOptions & { cursor?: Cursor | undefined; limit: number };

/**
 * One page of vendor cards with their portfolio summary (first 3 thumbnails by position and the
 * photo count). Callers ask for one row more than they show, to know whether another page follows.
 */
function pageSql(options: PageOptions, bind: Bind): SQL {
  const where = options.cursor
    ? sql`${whereClause(options, bind)} AND ${afterCursor(options.cursor.sort, bind)}`
    : whereClause(options, bind);
  const order = orderBy(options.filters.sort);
  return sql`WITH page AS (
  SELECT v.id, v.business_name, v.specialty, v.category, v.categories, v.from_price_cents, v.location, v.rating::float8 AS rating, v.review_count,
    v.total_orders, v.image_url, v.verified, v.response_time_minutes, v.price_tier, v.description,
    v.specialties, v.dietary_options, v.offers_delivery
  FROM vendors v
  WHERE ${where}
  ORDER BY ${order}
  LIMIT ${bind('limit')}
)
SELECT v.*,
  coalesce((SELECT array_agg(t.thumb_key ORDER BY t.position, t.id) FROM (
    SELECT p.thumb_key, p.position, p.id FROM portfolio_items p WHERE p.vendor_id = v.id
    ORDER BY p.position, p.id LIMIT 3) t), '{}') AS thumb_keys,
  (SELECT count(*)::int FROM portfolio_items p WHERE p.vendor_id = v.id) AS portfolio_total,
  (SELECT b.version::text FROM vendor_browse_version b) AS browse_version
FROM page v
ORDER BY ${order}`;
}

function pageValues(options: PageOptions): Record<string, unknown> {
  const values = whereValues(options, { limit: options.limit });
  const c = options.cursor;
  if (c) {
    const [a, b] = SORT_KEYS[c.sort];
    Object.assign(values, { k1: keyValue(a, c.k1), k2: keyValue(b, c.k2), afterId: c.id });
  }
  return values;
}

/**
 * The filtered total behind "{N} vendors found", with the vendors version it was counted at (one
 * statement, so one snapshot: the pair is consistent).
 */
function countSql(options: BrowseOptions, bind: Bind): SQL {
  return sql`SELECT count(*)::int AS n, (SELECT b.version::text FROM vendor_browse_version b) AS version
FROM vendors v WHERE ${whereClause(options, bind)}`;
}

const placeholder: Bind = (name) => sql.placeholder(name);
const inPlace =
  (values: Record<string, unknown>): Bind =>
  (name) =>
    sql`${values[name]}`;

/** A page of pageSql as a prepared statement: one per shape (filters, sort, a cursor or not). */
export function pageStatement(options: PageOptions): Statement {
  return {
    key: `browse-page|${whereShape(options)}|${options.filters.sort}|${options.cursor?.sort ?? 'first'}`,
    build: () => pageSql(options, placeholder),
    values: pageValues(options),
  };
}

/** The count of countSql as a prepared statement: one per shape of the filters. */
export function countStatement(options: BrowseOptions): Statement {
  return {
    key: `browse-count|${whereShape(options)}`,
    build: () => countSql(options, placeholder),
    values: whereValues(options, {}),
  };
}

/** pageSql with the values in place. */
export const pageQuery = (options: PageOptions): SQL => pageSql(options, inPlace(pageValues(options)));

/** countSql with the values in place. */
export const countQuery = (options: BrowseOptions): SQL =>
  countSql(options, inPlace(whereValues(options, {})));

/**
 * The count cache's key: what whereClause reads, in one spelling. The sort is left out (it does not
 * change a count) and list filters are sets, so equivalent requests share one count. Null (count
 * every time) with "available on": orders and blackout dates change it without bumping the vendors
 * version the cache trusts.
 */
export function countKey({ filters: f, verifiedOnly = false }: BrowseOptions): string | null {
  if (f.availableOn) return null;
  const set = <T>(xs: T[]) => [...new Set(xs)].sort();
  return JSON.stringify([
    verifiedOnly,
    f.q ?? null,
    f.location,
    f.category,
    f.specialty,
    set(f.dietary),
    set(f.tier),
    f.minRating ?? null,
    f.delivery ?? null,
  ]);
}

/** The raw row of pageQuery. */
export interface BrowseRow {
  id: string;
  business_name: string;
  specialty: string;
  category: string;
  categories: string[];
  from_price_cents: number | null;
  location: string;
  rating: number;
  review_count: number;
  total_orders: number;
  image_url: string | null;
  verified: boolean;
  response_time_minutes: number | null;
  price_tier: number;
  description: string | null;
  specialties: string[];
  dietary_options: string[];
  offers_delivery: boolean;
  thumb_keys: string[];
  portfolio_total: number;
  /** vendor_browse_version when the page was read. */
  browse_version: string;
}

const sortKeyOf = (sort: VendorSort, row: BrowseRow): [number, number] => {
  const value = (k: SortKey) =>
    k.column === 'rating' ? row.rating : k.column === 'review_count' ? row.review_count : row.price_tier;
  const [a, b] = SORT_KEYS[sort];
  return [value(a), value(b)];
};

export function encodeCursor(sort: VendorSort, row: BrowseRow): string {
  return Buffer.from(JSON.stringify([sort, ...sortKeyOf(sort, row), row.id])).toString('base64url');
}

const badCursor = () =>
  AppError.validation({ cursor: 'This page link is invalid; start again from the first page.' });

/** Reads a cursor the client sent back; anything we did not issue for this sort is a 400. */
export function decodeCursor(sort: VendorSort, token: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw badCursor();
  const [s, k1, k2, id] = parsed as unknown[];
  const okNumber = (n: unknown): n is number =>
    typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 2_147_483_647;
  if (s !== sort) {
    throw AppError.validation({ cursor: 'This page link belongs to another sort order; start again.' });
  }
  if (!okNumber(k1) || !okNumber(k2) || typeof id !== 'string' || id.length === 0 || id.length > 100) {
    throw badCursor();
  }
  return { sort, k1, k2, id };
}
