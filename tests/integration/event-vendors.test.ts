import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { users, vendorBlackoutDates, vendors } from '../../src/server/db/schema/index.ts';
import { addDays, vancouverDay } from '../../src/shared/time.ts';
import { countCacheFor } from '../../src/server/modules/vendors/count-cache.ts';
import type { VendorCategory } from '../../src/shared/catalog.ts';
import { PACKAGES_MAX } from '../../src/shared/schemas/packages.ts';
import type { VerificationChecklist } from '../../src/shared/schemas/verification.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

/**
 * Event vendors (issue 25): categories on the application, the checklist each category needs,
 * packages with their "from" price kept on the vendor row, and Browse's category filter and counts.
 */
let t: TestApp;
const ORIGIN = 'http://localhost:3000';
const cookie: Record<string, string> = {};
let florist = '';
let rivalPackage = '';

/** A vendor of another category than cakes: its `specialty` is its category, no cake specialties. */
const eventVendor = (db: Db, category: VendorCategory, fields: Parameters<typeof createVendor>[1] = {}) =>
  createVendor(db, { category, categories: [category], specialty: category, specialties: [], ...fields });

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 });
  const db = t.database.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const rival = await createUser(db, { userType: 'vendor' });
  const customer = await createUser(db);
  const pendingOwner = await createUser(db, { userType: 'vendor' });
  florist = (await eventVendor(db, 'flowers', { userId: owner.id, businessName: 'Petal Lane Florals' })).id;
  await eventVendor(db, 'photography', { userId: rival.id });
  await eventVendor(db, 'flowers', { userId: pendingOwner.id, status: 'pending', verified: false });
  for (const [who, user] of Object.entries({ owner, rival, customer, pending: pendingOwner }))
    cookie[who] = await signIn(t.app, user.email);
  const res = await send('rival', 'POST', '/api/me/vendor-profile/packages', {
    name: 'Half-day coverage',
    priceCents: 90_000,
  });
  rivalPackage = (await res.json()).package.id;
});
afterAll(() => t.close());

function send(who: string | null, method: string, path: string, body?: unknown) {
  return t.app.request(path, {
    method,
    headers: {
      ...(who && { Cookie: cookie[who]! }),
      Origin: ORIGIN,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

const fromPrice = async (vendorId: string) =>
  (await t.database.db.select().from(vendors).where(eq(vendors.id, vendorId)))[0]!.fromPriceCents;

const PACKAGES = '/api/me/vendor-profile/packages';

describe('packages', () => {
  const ids: string[] = [];

  it('a vendor adds packages; the lowest starting price is on the vendor row at once', async () => {
    expect(await fromPrice(florist)).toBeNull();
    const bouquet = await send('owner', 'POST', PACKAGES, {
      name: 'Bridal bouquet + 8 centrepieces',
      description: 'Seasonal flowers, delivered and set up at the venue.',
      priceCents: 65_000,
    });
    expect(bouquet.status).toBe(201);
    const { package: made } = await bouquet.json();
    expect(made).toEqual({
      id: expect.any(String),
      name: 'Bridal bouquet + 8 centrepieces',
      description: 'Seasonal flowers, delivered and set up at the venue.',
      priceCents: 65_000,
      position: 0,
    });
    ids.push(made.id);
    expect(await fromPrice(florist)).toBe(65_000);
    const posy = await send('owner', 'POST', PACKAGES, { name: 'Posy', priceCents: 12_050 });
    ids.push((await posy.json()).package.id);
    expect(await fromPrice(florist)).toBe(12_050);

    const list = await (await send('owner', 'GET', PACKAGES)).json();
    expect(list.packages.map((p: { name: string }) => p.name)).toEqual([
      'Bridal bouquet + 8 centrepieces',
      'Posy',
    ]);
  });

  it('changing, reordering and removing keep the from price exact', async () => {
    const changed = await send('owner', 'PUT', `${PACKAGES}/${ids[1]}`, { name: 'Posy', priceCents: 80_000 });
    expect(changed.status).toBe(200);
    expect(await fromPrice(florist)).toBe(65_000);

    const reordered = await send('owner', 'PUT', `${PACKAGES}/order`, { ids: [ids[1], ids[0]] });
    expect((await reordered.json()).packages.map((p: { id: string }) => p.id)).toEqual([ids[1], ids[0]]);
    const incomplete = await send('owner', 'PUT', `${PACKAGES}/order`, { ids: [ids[1]] });
    expect(incomplete.status).toBe(400);

    // The public page shows them in the vendor's order; Browse's card shows the lowest price.
    const page = await (await t.app.request(`/api/vendors/${florist}`)).json();
    expect(page.packages.map((p: { name: string }) => p.name)).toEqual([
      'Posy',
      'Bridal bouquet + 8 centrepieces',
    ]);
    expect(page.vendor).toMatchObject({
      category: 'flowers',
      categoryLabel: 'Flowers',
      fromPriceCents: 65_000,
    });
    const browse = await (await t.app.request('/api/vendors?category=flowers')).json();
    expect(browse.vendors.find((v: { id: string }) => v.id === florist).fromPriceCents).toBe(65_000);

    expect((await send('owner', 'DELETE', `${PACKAGES}/${ids[0]}`)).status).toBe(204);
    expect(await fromPrice(florist)).toBe(80_000);
    expect((await send('owner', 'DELETE', `${PACKAGES}/${ids[1]}`)).status).toBe(204);
    expect(await fromPrice(florist)).toBeNull();
  });

  it("another vendor's package looks missing (404); customers and visitors cannot manage packages", async () => {
    const body = { name: 'Taken over', priceCents: 1 };
    expect((await send('owner', 'PUT', `${PACKAGES}/${rivalPackage}`, body)).status).toBe(404);
    expect((await send('owner', 'DELETE', `${PACKAGES}/${rivalPackage}`)).status).toBe(404);
    expect((await send('owner', 'PUT', `${PACKAGES}/order`, { ids: [rivalPackage] })).status).toBe(400);
    expect((await send('customer', 'POST', PACKAGES, body)).status).toBe(403);
    expect((await send('customer', 'GET', PACKAGES)).status).toBe(403);
    expect((await send(null, 'POST', PACKAGES, body)).status).toBe(401);
    // A vendor not approved yet has no page to sell on.
    expect((await send('pending', 'POST', PACKAGES, body)).status).toBe(403);
    const rivals = await (await send('rival', 'GET', PACKAGES)).json();
    expect(rivals.packages).toEqual([
      expect.objectContaining({ name: 'Half-day coverage', priceCents: 90_000 }),
    ]);
  });

  it('refuses bad packages with 400 and field messages, never 500', async () => {
    const cases: [unknown, string][] = [
      [{ name: '', priceCents: 100 }, 'name'],
      [{ name: '   ', priceCents: 100 }, 'name'],
      [{ name: 'x'.repeat(81), priceCents: 100 }, 'name'],
      [{ name: 'Bad\u0000name', priceCents: 100 }, 'name'],
      [{ name: 'Posy', priceCents: -1 }, 'priceCents'],
      [{ name: 'Posy', priceCents: 10.5 }, 'priceCents'],
      [{ name: 'Posy', priceCents: 10_000_001 }, 'priceCents'],
      [{ name: 'Posy', priceCents: '100' }, 'priceCents'],
      [{ name: 'Posy' }, 'priceCents'],
      [{ name: 'Posy', priceCents: 100, description: 'd'.repeat(501) }, 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await send('owner', 'POST', PACKAGES, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await res.json();
      expect(Object.keys(error.fields ?? {}).join(), JSON.stringify(body)).toContain(field);
    }
    expect((await send('owner', 'POST', PACKAGES, '{"name": "Posy", ')).status).toBe(400);
    expect(
      (await send('owner', 'PUT', `${PACKAGES}/${'x'.repeat(101)}`, { name: 'a', priceCents: 1 })).status,
    ).toBe(400);
    expect(await fromPrice(florist)).toBeNull();
  });

  it(`holds at most ${PACKAGES_MAX} packages per vendor, also when added at once`, async () => {
    const results = await Promise.all(
      Array.from({ length: PACKAGES_MAX + 3 }, (_, i) =>
        send('owner', 'POST', PACKAGES, { name: `Package ${i}`, priceCents: 1000 + i }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(PACKAGES_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const { packages } = await (await send('owner', 'GET', PACKAGES)).json();
    expect(packages.map((p: { position: number }) => p.position)).toEqual([...Array(PACKAGES_MAX).keys()]);
    expect(await fromPrice(florist)).toBe(
      Math.min(...packages.map((p: { priceCents: number }) => p.priceCents)),
    );
  });
});

describe('applications with a category', () => {
  const apply = (fields: Record<string, unknown>) =>
    send(null, 'POST', '/api/vendor-applications', {
      businessName: 'Lens & Light',
      email: `apply-${Math.random().toString(36).slice(2)}@example.test`,
      phone: '604 555 0101',
      businessAddress: '1 Main St, Vancouver',
      location: 'vancouver',
      password: 'long-enough-1',
      confirmAge: true,
      acceptAgreement: true,
      ...fields,
    });
  const vendorOf = async (email: string) => {
    const [row] = await t.database.db
      .select({ vendor: vendors })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.userId))
      .where(eq(users.email, email));
    return row?.vendor;
  };

  it('stores the primary category and the others; a photographer has no cake specialty', async () => {
    const email = `photo-${Date.now()}@example.test`;
    const res = await apply({
      email,
      category: 'photography',
      otherCategories: ['entertainment', 'photography'],
    });
    expect(res.status).toBe(202);
    expect(await vendorOf(email)).toMatchObject({
      category: 'photography',
      categories: ['photography', 'entertainment'],
      specialty: 'photography',
      specialties: [],
      status: 'pending',
    });
  });

  it('a cake maker still chooses a specialty; an unknown category is refused', async () => {
    const noSpecialty = await apply({ category: 'cakes' });
    expect(noSpecialty.status).toBe(400);
    expect((await noSpecialty.json()).error.fields.specialty).toBe('Please choose your specialty.');
    const unknown = await apply({ category: 'bouncy-castles', specialty: 'wedding' });
    expect((await unknown.json()).error.fields.category).toBe('Please choose what you mainly offer.');
    // Older clients send no category: a cake maker, as every vendor was.
    const email = `cake-${Date.now()}@example.test`;
    expect((await apply({ email, specialty: 'birthday' })).status).toBe(202);
    expect(await vendorOf(email)).toMatchObject({
      category: 'cakes',
      categories: ['cakes'],
      specialty: 'birthday',
    });
  });

  it('the admins see the category of an application', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    cookie.admin = await signIn(t.app, admin.email);
    const { applications } = await (
      await send('admin', 'GET', '/api/admin/vendor-applications?status=pending')
    ).json();
    expect(applications).toContainEqual(
      expect.objectContaining({ category: 'photography', categories: ['photography', 'entertainment'] }),
    );
  });
});

describe('the checklist by category', () => {
  const BASE = '/api/me/vendor-profile/verification';
  const kinds = async (who: string) =>
    ((await (await send(who, 'GET', BASE)).json()) as VerificationChecklist).items.map((i) => i.kind);

  it('food vendors keep FOODSAFE and the permit; the others need a business licence and insurance', async () => {
    expect(await kinds('owner')).toEqual(['business_licence', 'insurance', 'identity']);
    const caterer = await createUser(t.database.db, { userType: 'vendor' });
    await eventVendor(t.database.db, 'catering', { userId: caterer.id, categories: ['catering', 'decor'] });
    cookie.caterer = await signIn(t.app, caterer.email);
    expect(await kinds('caterer')).toEqual([
      'food_premises',
      'foodsafe',
      'business_licence',
      'insurance',
      'identity',
    ]);
    const baker = await createUser(t.database.db, { userType: 'vendor' });
    await createVendor(t.database.db, { userId: baker.id });
    cookie.baker = await signIn(t.app, baker.email);
    expect(await kinds('baker')).toEqual(['food_premises', 'foodsafe', 'insurance', 'identity']);
  });

  it("refuses a document that is not on the vendor's checklist", async () => {
    const form = new FormData();
    form.set('file', new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')]), 'foodsafe.pdf');
    const res = await t.app.request(`${BASE}/items/foodsafe/document`, {
      method: 'PUT',
      headers: { Cookie: cookie.owner!, Origin: ORIGIN },
      body: form,
    });
    expect(res.status).toBe(400);
  });
});

describe('browse by category', () => {
  it('filters on every category a vendor sells in, with search, location and rating, and counts per category', async () => {
    const db = t.database.db;
    const made = [
      await eventVendor(db, 'decor', { businessName: 'Balloon Bar Surrey', location: 'surrey', rating: 4.8 }),
      await eventVendor(db, 'decor', { businessName: 'Arch Studio', location: 'surrey', rating: 3.2 }),
      await eventVendor(db, 'rentals', {
        businessName: 'Tent & Table Co',
        location: 'surrey',
        categories: ['rentals', 'decor'],
      }),
      await createVendor(db, { businessName: 'Surrey Cake House', location: 'surrey' }),
    ];
    const list = async (query: string) => {
      const res = await t.app.request(`/api/vendors?${query}`);
      expect(res.status, query).toBe(200);
      return (await res.json()) as { vendors: { id: string; name: string }[]; total: number };
    };
    const names = async (query: string) => (await list(query)).vendors.map((v) => v.name).sort();
    expect(await names('category=decor&location=surrey')).toEqual([
      'Arch Studio',
      'Balloon Bar Surrey',
      'Tent & Table Co',
    ]);
    expect(await names('category=decor&location=surrey&minRating=4')).toEqual([
      'Balloon Bar Surrey',
      'Tent & Table Co',
    ]);
    expect(await names('category=rentals&location=surrey')).toEqual(['Tent & Table Co']);
    expect(await names('category=cakes&location=surrey')).toEqual(['Surrey Cake House']);
    expect(await names('category=decor&location=surrey&q=studio')).toEqual(['Arch Studio']);
    // Price tier and "available on" too: a vendor's day off takes it out of that day.
    await db.update(vendors).set({ priceTier: 4 }).where(eq(vendors.id, made[1]!.id));
    expect(await names('category=decor&location=surrey&tier=4')).toEqual(['Arch Studio']);
    const day = vancouverDay(addDays(new Date(), 30));
    await t.database.db.insert(vendorBlackoutDates).values({ vendorId: made[0]!.id, day });
    expect(await names(`category=decor&location=surrey&availableOn=${day}`)).toEqual([
      'Arch Studio',
      'Tent & Table Co',
    ]);
    // The category's words are searchable too.
    expect((await names('q=decorator&location=surrey')).length).toBeGreaterThanOrEqual(3);
    expect((await t.app.request('/api/vendors?category=bouncy-castles')).status).toBe(400);

    // Counted per category (a small page, so the total is counted, through the cache).
    const cache = countCacheFor(db);
    const decor = await list('category=decor&location=surrey&limit=1');
    const rentals = await list('category=rentals&location=surrey&limit=1');
    const cakes = await list('category=cakes&location=surrey&limit=1');
    expect([decor.total, rentals.total, cakes.total]).toEqual([3, 1, 1]);
    const before = { ...cache.stats };
    expect((await list('category=decor&location=surrey&limit=1&sort=reviews')).total).toBe(3);
    expect(cache.stats.computations).toBe(before.computations);
    // A vendor adding a category moves the count.
    await db
      .update(vendors)
      .set({ categories: ['cakes', 'decor'] })
      .where(eq(vendors.id, made[3]!.id));
    expect((await list('category=decor&location=surrey&limit=1')).total).toBe(4);
  });
});

describe('categories on Edit Profile', () => {
  const profile = {
    businessName: 'Petal Lane Florals',
    businessAddress: '2150 Main Street, Vancouver',
    phone: '604-555-0211',
    location: 'vancouver',
    specialties: [],
    priceTier: 3,
    dietaryOptions: [],
    offersDelivery: true,
    offersPickup: false,
    cancellationRefundPercent: 50,
    leadTimeDays: 7,
    ordersPerDay: 2,
  };
  const save = (who: string, body: Record<string, unknown>) =>
    send(who, 'PUT', '/api/me/vendor-profile', body);

  it('a florist with no cake specialty saves; adding catering adds the food checklist and removes the badge', async () => {
    const db = t.database.db;
    const res = await save('owner', { ...profile, specialty: '' });
    expect(res.status).toBe(200);
    expect((await res.json()).profile).toMatchObject({
      category: 'flowers',
      categories: ['flowers'],
      specialty: 'flowers',
      specialties: [],
    });
    const [before] = await db.select().from(vendors).where(eq(vendors.id, florist));
    expect(before!.verified).toBe(true);

    const added = await save('owner', { ...profile, otherCategories: ['catering', 'flowers'] });
    expect((await added.json()).profile).toMatchObject({
      categories: ['flowers', 'catering'],
      verified: false,
    });
    const kinds = (
      (await (
        await send('owner', 'GET', '/api/me/vendor-profile/verification')
      ).json()) as VerificationChecklist
    ).items.map((i) => i.kind);
    expect(kinds).toEqual(['food_premises', 'foodsafe', 'business_licence', 'insurance', 'identity']);
    expect(
      (await (await t.app.request('/api/vendors?category=catering')).json()).vendors.map(
        (v: { id: string }) => v.id,
      ),
    ).toContain(florist);
    // Leaving them out keeps them; an empty list removes them. The primary category always stays.
    expect((await (await save('owner', profile)).json()).profile.categories).toEqual(['flowers', 'catering']);
    expect(
      (await (await save('owner', { ...profile, otherCategories: [] })).json()).profile.categories,
    ).toEqual(['flowers']);
    expect((await save('owner', { ...profile, otherCategories: ['karaoke'] })).status).toBe(400);
  });

  it('a cake maker still needs a main specialty', async () => {
    const res = await save('baker', { ...profile, specialty: '' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields.specialty).toBe('Please choose your main specialty.');
    expect((await save('baker', { ...profile, specialty: 'custom' })).status).toBe(200);
  });
});
