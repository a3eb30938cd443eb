import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/actor.ts';
import { decideApplication } from '../../src/server/modules/admin/application-service.ts';
import { CountCache, countCacheFor, type CountEntry } from '../../src/server/modules/vendors/count-cache.ts';
import { updateVendorProfile } from '../../src/server/modules/vendors/profile-service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createUser, createVendor } from '../support/factories.ts';

/**
 * "{N} vendors found" through the count cache: one count for concurrent requests, none when the page
 * shows every match, and exact again right after a vendor changes. The cache's stats say how many
 * count queries ran (one computation is one query).
 */
let t: TestApp;
const delta: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 9; i++) {
    const v = await createVendor(t.database.db, {
      location: 'delta',
      rating: 4 + i / 10,
      dietaryOptions: i % 2 ? ['vegan', 'halal'] : ['vegan'],
    });
    delta.push(v.id);
  }
  await createVendor(t.database.db, { location: 'burnaby' });
});
afterAll(() => t.close());

const stats = () => ({ ...countCacheFor(t.database.db).stats });
async function total(query: string) {
  const res = await t.app.request(`/api/vendors?${query}`);
  expect(res.status, query).toBe(200);
  return ((await res.json()) as { total: number }).total;
}
const deltaTotal = () => total('location=delta&limit=2');

describe('Browse counts', () => {
  it('counts once for concurrent requests on a cold filter set, then answers from the cache', async () => {
    const before = stats();
    const totals = await Promise.all(Array.from({ length: 12 }, () => deltaTotal()));
    expect(totals).toEqual(Array(12).fill(delta.length));
    expect(stats().computations - before.computations).toBe(1);
    for (let i = 0; i < 5; i++) expect(await deltaTotal()).toBe(delta.length);
    expect(stats().computations - before.computations).toBe(1);
    expect(stats().hits - before.hits).toBeGreaterThanOrEqual(5);
  });

  it('shares one count between sort orders and spellings of the same filters', async () => {
    await total('location=delta&dietary=vegan,halal&limit=1');
    const before = stats();
    for (const q of [
      'location=delta&dietary=halal&dietary=vegan&limit=1',
      'location=delta&dietary=vegan,halal&sort=reviews&limit=2',
      'location=delta&dietary=halal,vegan,halal&sort=price-high&limit=3',
    ]) {
      expect(await total(q), q).toBe(4);
    }
    expect(stats().computations).toBe(before.computations);
  });

  it('does not count when the first page shows every match', async () => {
    const before = stats();
    expect(await total('location=delta&limit=48')).toBe(delta.length);
    expect(await total('location=delta&dietary=halal&limit=5')).toBe(4);
    expect(await total('q=nothing-is-called-this')).toBe(0);
    expect(stats().computations).toBe(before.computations);
  });

  it('is exact right after a vendor is approved, edited or removed, with one recount each', async () => {
    const db = t.database.db;
    const admin: Actor = {
      id: 'admin',
      email: 'admin@example.test',
      name: 'Admin',
      userType: 'customer',
      role: 'admin',
    };
    const owner = await createUser(db, { userType: 'vendor', password: null });
    const pending = await createVendor(db, {
      userId: owner.id,
      location: 'delta',
      status: 'pending',
      verified: false,
    });
    expect(await deltaTotal()).toBe(delta.length);

    const recounts = async (expected: number) => {
      const before = stats().computations;
      expect(await deltaTotal()).toBe(expected);
      expect(await deltaTotal()).toBe(expected);
      expect(stats().computations - before).toBe(1);
    };
    await decideApplication({ db, actor: admin, vendorId: pending.id, decision: { approve: true } });
    await recounts(delta.length + 1);

    const vendorActor: Actor = {
      id: owner.id,
      email: owner.email,
      name: owner.name,
      userType: 'vendor',
      role: 'user',
    };
    await updateVendorProfile({
      db,
      actor: vendorActor,
      input: {
        businessName: 'Moved Bakery',
        businessAddress: '1 Main St',
        phone: '604-555-0100',
        location: 'burnaby',
        specialty: 'wedding',
        specialties: ['wedding'],
        description: '',
        website: '',
        instagram: '',
        priceTier: 2,
        dietaryOptions: [],
        offersDelivery: false,
        offersPickup: true,
        cancellationRefundPercent: 50,
        leadTimeDays: 3,
        ordersPerDay: 3,
      },
    });
    await recounts(delta.length);

    // A change made outside this process's services (another server, a script) is seen the same way.
    await db.execute(sql`delete from vendors where id = ${delta.pop()!}`);
    await recounts(delta.length);
  });

  it('keeps its counts through changes no count depends on (orders completed, quotes answered)', async () => {
    const db = t.database.db;
    expect(await deltaTotal()).toBe(delta.length);
    const before = stats().computations;
    // What completing orders, answering quotes and changing capacity write on a vendor.
    await db.execute(
      sql`update vendors set total_orders = total_orders + 1, response_time_minutes = 95,
        lead_time_days = 4, updated_at = now() where id = ${delta[0]!}`,
    );
    expect(await deltaTotal()).toBe(delta.length);
    expect(stats().computations).toBe(before);
    // A rating can change a "4 stars & up" count: that one recounts.
    await db.execute(sql`update vendors set rating = 1 where id = ${delta[0]!}`);
    expect(await deltaTotal()).toBe(delta.length);
    expect(stats().computations).toBe(before + 1);
  });
});

describe('CountCache', () => {
  const deferred = () => {
    let resolve!: (e: CountEntry) => void;
    let reject!: (err: Error) => void;
    const promise = new Promise<CountEntry>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };

  it('runs one count for concurrent callers and remembers it for its version', async () => {
    const cache = new CountCache();
    const d = deferred();
    let runs = 0;
    const count = () => (runs++, d.promise);
    const waiting = Promise.all(Array.from({ length: 5 }, () => cache.total('k', 3n, count)));
    d.resolve({ n: 42, version: 3n });
    expect(await waiting).toEqual([42, 42, 42, 42, 42]);
    expect(runs).toBe(1);
    expect(await cache.total('k', 3n, count)).toBe(42);
    expect(runs).toBe(1);
    expect(cache.stats).toMatchObject({ computations: 1, hits: 1, misses: 5 });
    // A vendor changed: the next page reads version 4 and the count is run again.
    expect(await cache.total('k', 4n, async () => (runs++, { n: 43, version: 4n }))).toBe(43);
    expect(runs).toBe(2);
  });

  it('gives a failed count to every waiter and counts again on the next call', async () => {
    const cache = new CountCache();
    const d = deferred();
    const waiting = Array.from({ length: 3 }, () => cache.total('k', 1n, () => d.promise));
    d.reject(new Error('database unavailable'));
    for (const w of waiting) await expect(w).rejects.toThrow('database unavailable');
    expect(await cache.total('k', 1n, async () => ({ n: 7, version: 1n }))).toBe(7);
    expect(cache.stats).toMatchObject({ computations: 2, failures: 1 });
  });

  it('never answers a page with a count older than the page', async () => {
    const cache = new CountCache();
    const old = deferred();
    const first = cache.total('k', 1n, () => old.promise);
    // A page read at version 2 joins the running count, which turns out to predate it.
    const second = cache.total('k', 2n, async () => ({ n: 11, version: 2n }));
    old.resolve({ n: 10, version: 1n });
    expect(await first).toBe(10);
    expect(await second).toBe(11);
    expect(await cache.total('k', 2n, async () => ({ n: -1, version: 9n }))).toBe(11);
    expect(cache.stats.computations).toBe(2);
  });
});
