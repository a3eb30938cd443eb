import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIETARY_VALUES,
  LOCATION_VALUES,
  SPECIALTY_VALUES,
  type DietaryValue,
  type LocationValue,
  type SpecialtyValue,
} from '../../src/shared/catalog.ts';
import { VENDOR_SORTS, type VendorSort } from '../../src/shared/schemas/vendors.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { portfolioItems } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createVendor } from '../support/factories.ts';

/**
 * Browse Vendors against a world of vendors whose attributes cycle through every value, with ties in
 * every sort key. Expected lists and counts are computed here in plain JS over the rows we inserted.
 */
interface Row {
  id: string;
  name: string;
  location: LocationValue;
  specialties: SpecialtyValue[];
  dietary: DietaryValue[];
  tier: number;
  rating: number;
  reviews: number;
  delivery: boolean;
}

let t: TestApp;
const visible: Row[] = [];
const hiddenIds: string[] = [];
const RATINGS = [5, 4.8, 4.5, 4.5, 3.9, 0];
const REVIEWS = [0, 3, 3, 12];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (let i = 0; i < 44; i++) {
    const specialties = [SPECIALTY_VALUES[i % 4]!, ...(i % 3 === 0 ? [SPECIALTY_VALUES[(i + 1) % 4]!] : [])];
    const row: Row = {
      id: `bv-${String(i).padStart(3, '0')}`,
      name: `Browse Bakery ${i}`,
      location: LOCATION_VALUES[i % LOCATION_VALUES.length]!,
      specialties,
      dietary: DIETARY_VALUES.filter((_, d) => (i + d) % 3 === 0),
      tier: (i % 4) + 1,
      rating: RATINGS[i % RATINGS.length]!,
      reviews: REVIEWS[i % REVIEWS.length]!,
      delivery: i % 2 === 0,
    };
    await createVendor(db, {
      id: row.id,
      businessName: row.name,
      location: row.location,
      specialty: specialties[0]!,
      specialties,
      dietaryOptions: row.dietary,
      priceTier: row.tier,
      rating: row.rating,
      reviewCount: row.reviews,
      offersDelivery: row.delivery,
      description: 'Cakes for every celebration.',
    });
    visible.push(row);
  }
  // Unapproved vendors match every filter and rank first in every sort; they must never appear.
  for (const [i, status] of (['pending', 'rejected', 'pending'] as const).entries()) {
    const v = await createVendor(db, {
      id: `bh-${i}`,
      businessName: `Browse Bakery hidden ${i}`,
      status,
      verified: false,
      specialties: [...SPECIALTY_VALUES],
      dietaryOptions: [...DIETARY_VALUES],
      priceTier: 1,
      rating: 5,
      reviewCount: 999,
      offersDelivery: true,
    });
    hiddenIds.push(v.id);
  }
});
afterAll(() => t.close());

type Filters = {
  location?: LocationValue;
  specialty?: SpecialtyValue;
  dietary?: DietaryValue[];
  tier?: number[];
  minRating?: number;
  delivery?: boolean;
};

const matches = (r: Row, f: Filters) =>
  (!f.location || r.location === f.location) &&
  (!f.specialty || r.specialties.includes(f.specialty)) &&
  (f.dietary ?? []).every((d) => r.dietary.includes(d)) &&
  (!f.tier?.length || f.tier.includes(r.tier)) &&
  (f.minRating === undefined || r.rating >= f.minRating) &&
  (f.delivery === undefined || r.delivery === f.delivery);

const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : 1);
const COMPARE: Record<VendorSort, (a: Row, b: Row) => number> = {
  rating: (a, b) => b.rating - a.rating || b.reviews - a.reviews || byId(a, b),
  reviews: (a, b) => b.reviews - a.reviews || b.rating - a.rating || byId(a, b),
  'price-low': (a, b) => a.tier - b.tier || b.rating - a.rating || byId(a, b),
  'price-high': (a, b) => b.tier - a.tier || b.rating - a.rating || byId(a, b),
};

const expected = (f: Filters, sort: VendorSort) =>
  visible
    .filter((r) => matches(r, f))
    .sort(COMPARE[sort])
    .map((r) => r.id);

function queryString(f: Filters, sort: VendorSort, extra: Record<string, string> = {}) {
  const p = new URLSearchParams({ sort, ...extra });
  if (f.location) p.set('location', f.location);
  if (f.specialty) p.set('specialty', f.specialty);
  // Both spellings of a list: repeated parameters and a comma list.
  for (const d of f.dietary ?? []) p.append('dietary', d);
  if (f.tier?.length) p.set('tier', f.tier.join(','));
  if (f.minRating !== undefined) p.set('minRating', String(f.minRating));
  if (f.delivery !== undefined) p.set('delivery', String(f.delivery));
  return p;
}

interface Page {
  vendors: { id: string }[];
  total: number | null;
  nextCursor: string | null;
}

/** Follows nextCursor to the end; returns every id in order and the first page's total. */
async function browseAll(params: URLSearchParams, limit = 5) {
  const ids: string[] = [];
  let total: number | null = null;
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const p = new URLSearchParams(params);
    p.set('limit', String(limit));
    if (cursor) p.set('cursor', cursor);
    const res = await t.app.request(`/api/vendors?${p}`);
    expect(res.status, p.toString()).toBe(200);
    const body = (await res.json()) as Page;
    if (page === 0) total = body.total;
    else expect(body.total).toBeNull();
    ids.push(...body.vendors.map((v) => v.id));
    if (!body.nextCursor) return { ids, total };
    cursor = body.nextCursor;
  }
  throw new Error('pagination did not end');
}

const FILTER_SETS: Filters[] = [
  {},
  ...LOCATION_VALUES.map((location) => ({ location })),
  ...SPECIALTY_VALUES.map((specialty) => ({ specialty })),
  ...DIETARY_VALUES.map((d) => ({ dietary: [d] })),
  { dietary: ['vegan', 'halal'] },
  { dietary: ['gluten-free', 'nut-free', 'kosher'] },
  ...[1, 2, 3, 4].map((tier) => ({ tier: [tier] })),
  { tier: [1, 4] },
  { tier: [2, 3, 4] },
  ...[0, 3, 4, 4.5, 4.8, 5].map((minRating) => ({ minRating })),
  { delivery: true },
  { delivery: false },
  { location: 'vancouver', specialty: 'wedding' },
  { location: 'burnaby', specialty: 'birthday', delivery: false },
  { specialty: 'custom', dietary: ['vegan'], tier: [2, 3], minRating: 4 },
  { location: 'surrey', dietary: ['gluten-free'], delivery: true, minRating: 4.5 },
  { specialty: 'gourmet', tier: [4], delivery: false },
];

describe('Browse Vendors API', () => {
  for (const sort of VENDOR_SORTS) {
    it(`sort=${sort}: every filter gives the right vendors, in order, counted, across pages`, async () => {
      for (const f of FILTER_SETS) {
        const want = expected(f, sort);
        const { ids, total } = await browseAll(queryString(f, sort));
        const label = `${sort} ${JSON.stringify(f)}`;
        expect(ids, label).toEqual(want);
        expect(total, label).toBe(want.length);
        expect(new Set(ids).size, label).toBe(ids.length);
      }
    });
  }

  it('pages without duplicates or gaps at every page size', async () => {
    for (const sort of VENDOR_SORTS) {
      const want = expected({}, sort);
      for (const limit of [1, 3, 7, 44, 48]) {
        expect((await browseAll(queryString({}, sort), limit)).ids, `${sort} ${limit}`).toEqual(want);
      }
    }
  });

  it('never shows pending or rejected vendors, whatever is asked', async () => {
    const all = await browseAll(new URLSearchParams({ q: 'browse bakery hidden' }), 48);
    const anyHidden = (ids: string[]) => ids.some((id) => hiddenIds.includes(id));
    expect(anyHidden(all.ids)).toBe(false);
    expect(anyHidden((await browseAll(queryString({ dietary: [...DIETARY_VALUES] }, 'reviews'))).ids)).toBe(
      false,
    );
    const featured = (await (await t.app.request('/api/vendors/featured?limit=12')).json()) as Page;
    expect(anyHidden(featured.vendors.map((v) => v.id))).toBe(false);
  });

  it('counts agree with plain SQL over the table', async () => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from vendors where status = 'approved' and 'vegan' = any(dietary_options) and price_tier in (2, 3)`,
    );
    // limit=1: a page that holds every match is its own count; this one needs the count query.
    const res = await t.app.request('/api/vendors?dietary=vegan&tier=2&tier=3&limit=1');
    expect(row!.n).toBeGreaterThan(1);
    expect(((await res.json()) as Page).total).toBe(row!.n);
  });

  it('keeps "{N} vendors found" exact when vendors change between requests', async () => {
    const db = t.database.db;
    // limit=1, so the total comes from the count (a page that holds every match is its own count).
    const total = async () =>
      ((await (await t.app.request('/api/vendors?location=delta&limit=1')).json()) as Page).total;
    const before = expected({ location: 'delta' }, 'rating').length;
    expect(before).toBeGreaterThan(1);
    expect(await total()).toBe(before);
    expect(await total()).toBe(before);
    const added = await createVendor(db, { location: 'delta', offersDelivery: true, rating: 0 });
    expect(await total()).toBe(before + 1);
    await db.execute(sql`update vendors set status = 'pending' where id = ${added.id}`);
    expect(await total()).toBe(before);
    await db.execute(sql`update vendors set status = 'approved' where id = ${added.id}`);
    expect(await total()).toBe(before + 1);
    await db.execute(sql`delete from vendors where id = ${added.id}`);
    expect(await total()).toBe(before);
  });

  it('finds vendors by name, description, specialty and location words, forgiving typos', async () => {
    const db = t.database.db;
    const zephyr = await createVendor(db, {
      businessName: 'Zephyr Cake House',
      description: 'French macarons and entremets.',
      location: 'north-vancouver',
      specialty: 'gourmet',
      specialties: ['gourmet'],
    });
    const found = async (q: string, extra = '') =>
      (
        (await (await t.app.request(`/api/vendors?q=${encodeURIComponent(q)}${extra}`)).json()) as Page
      ).vendors.map((v) => v.id);
    for (const q of ['zephyr', 'Zephyr cake', 'zephir', 'zephy', 'macarons', 'macaron'])
      expect(await found(q), q).toEqual([zephyr.id]);
    expect(await found('zephyr', '&location=north-vancouver')).toEqual([zephyr.id]);
    expect(await found('zephyr', '&location=vancouver')).toEqual([]);
    // Specialty and location labels are searchable, and every word of a short query must match.
    const northGourmet = visible
      .filter((r) => r.location === 'north-vancouver' && r.specialties.includes('gourmet'))
      .map((r) => r.id);
    expect(northGourmet.length).toBeGreaterThan(0);
    expect((await found('gourmet desserts north vancouver')).sort()).toEqual(
      [...northGourmet, zephyr.id].sort(),
    );
    expect(await found('qwxz')).toEqual([]);
    await t.database.db.execute(sql`delete from vendors where id = ${zephyr.id}`);
  });

  it('shows up to 3 portfolio thumbnails in gallery order, with the total', async () => {
    const db = t.database.db;
    const v = await createVendor(db, { businessName: 'Gallery Cakes Portfolio', rating: 0 });
    await db.insert(portfolioItems).values(
      [4, 1, 3, 0, 2].map((position) => ({
        id: `pi-${position}`,
        vendorId: v.id,
        title: `Cake ${position}`,
        category: 'Wedding',
        imageKey: `${v.id}/img-${position}.webp`,
        thumbKey: `${v.id}/thumb-${position}.webp`,
        width: 800,
        height: 600,
        position,
      })),
    );
    const body = (await (await t.app.request('/api/vendors?q=gallery%20portfolio')).json()) as {
      vendors: { id: string; portfolio: { thumbs: string[]; total: number } }[];
    };
    expect(body.vendors[0]).toMatchObject({
      id: v.id,
      portfolio: {
        total: 5,
        thumbs: [0, 1, 2].map((p) => `/api/files/portfolio/${v.id}/thumb-${p}.webp`),
      },
    });
    await db.execute(sql`delete from vendors where id = ${v.id}`);
  });

  it('answers 400 with a field message for bad input, never 500', async () => {
    const bad = async (qs: string) => {
      const res = await t.app.request(`/api/vendors?${qs}`);
      expect(res.status, qs).toBe(400);
      return ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
    };
    expect(Object.keys(await bad('sort=cheapest&location=mars&specialty=pies'))).toEqual([
      'location',
      'specialty',
      'sort',
    ]);
    expect(await bad('dietary=vegan,paleo')).toHaveProperty('dietary.1');
    expect(await bad('tier=0')).toHaveProperty('tier.0');
    expect(await bad('minRating=6')).toHaveProperty('minRating');
    expect(await bad('minRating=abc')).toHaveProperty('minRating');
    expect(await bad('delivery=maybe')).toHaveProperty('delivery');
    expect(await bad('limit=0')).toHaveProperty('limit');
    expect(await bad(`q=${'x'.repeat(101)}`)).toHaveProperty('q');
    // Search text is data, never query syntax.
    for (const q of [
      "it's",
      'cake & | ! :*',
      "'); drop table vendors; --",
      '"wedding',
      '-',
      '日本 ケーキ',
      'a the',
    ]) {
      const res = await t.app.request(`/api/vendors?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const cursor of [
      'not*base64',
      'bm90IGpzb24',
      b64({ a: 1 }),
      b64(['rating', 'x', 1, 'id']),
      b64(['rating', 4, 1, 7]),
      b64(['rating', -1, 1, 'id']),
      b64(['reviews', 4, 1, 'id']),
      'x'.repeat(600),
    ]) {
      expect(await bad(`cursor=${cursor}`), cursor).toHaveProperty('cursor');
    }
  });

  it('features top-rated verified vendors with the card fields', async () => {
    const body = (await (await t.app.request('/api/vendors/featured?limit=3')).json()) as {
      vendors: Record<string, unknown>[];
    };
    expect(body.vendors.map((v) => v.id)).toEqual(expected({}, 'rating').slice(0, 3));
    expect(body.vendors[0]).toMatchObject({
      verified: true,
      specialties: expect.any(Array),
      dietaryOptions: expect.any(Array),
      offersDelivery: expect.any(Boolean),
      portfolio: { thumbs: [], total: 0 },
      responseTimeHours: null,
    });
  });
});
