import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cakeDesigns,
  customerFavorites,
  eventPlans,
  ledgerTransactions,
  orderEvents,
  orders,
  reviews,
  users,
  vendors,
} from '../../src/server/db/schema/index.ts';
import { buildPrompt } from '../../src/server/modules/designs/prompt.ts';
import { ledgerTotals, paidCentsByOrder, recordPayment } from '../../src/server/modules/ledger/index.ts';
import { serviceFeeCents } from '../../src/shared/fees.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  SEED_TABLES,
  clearDemoData,
  countDemoRows,
  demoPortfolioFile,
  seedAll,
  seedTable,
} from '../../src/server/modules/seed/index.ts';
import { DIETARY_VALUES, type StylePreset } from '../../src/shared/catalog.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createOrder, createUser, createVendor, signIn } from '../support/factories.ts';

const PUBLIC_DIR = join(import.meta.dirname, '..', '..', 'public');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seeder', () => {
  it('seeds the spec counts with the spec prefixes, idempotently', async () => {
    const db = t.database.db;
    await seedAll({ db, store: t.services.storage });
    await seedAll({ db, store: t.services.storage });
    // The spec's counts (8 cake makers, 4 orders and 2 reviews of the demo customer), and the 12 event
    // vendors (issue 25) with one guest order and review each.
    expect(await countDemoRows({ db })).toMatchObject({
      vendors: 8 + 12,
      cake_designs: 8,
      orders: 4 + 12,
      favorites: 4,
      reviews: 2 + 12,
    });
    const prefixed = async (
      table: typeof vendors | typeof cakeDesigns | typeof orders | typeof customerFavorites | typeof reviews,
      prefix: string,
    ) => {
      const rows = await db.select({ id: table.id }).from(table);
      return rows.every((r) => r.id.startsWith(prefix));
    };
    expect(await prefixed(vendors, 'vendor-')).toBe(true);
    expect(await prefixed(cakeDesigns, 'cake-')).toBe(true);
    expect(await prefixed(orders, 'order-')).toBe(true);
    expect(await prefixed(customerFavorites, 'fav-')).toBe(true);
    expect(await prefixed(reviews, 'review-')).toBe(true);
  });

  it('spreads vendors over BC locations and specialties, with images served by our own server', async () => {
    const rows = await t.database.db.select().from(vendors).where(like(vendors.id, 'vendor-%'));
    const cakes = rows.filter((v) => v.category === 'cakes');
    expect(new Set(cakes.map((v) => v.location)).size).toBe(8);
    expect(new Set(cakes.map((v) => v.specialty))).toEqual(
      new Set(['wedding', 'birthday', 'custom', 'gourmet']),
    );
    // Every other category, across the eight locations.
    const events = rows.filter((v) => v.category !== 'cakes');
    expect(new Set(events.map((v) => v.category))).toEqual(
      new Set(['flowers', 'decor', 'catering', 'photography', 'entertainment', 'rentals']),
    );
    expect(new Set(events.map((v) => v.location)).size).toBe(8);
    const designs = await t.database.db.select().from(cakeDesigns);
    for (const url of [...rows.map((v) => v.imageUrl), ...designs.map((d) => d.imageUrl)]) {
      expect(url).toMatch(/^\/demo\/(vendors|designs)\/[a-z0-9-]+\.webp$/);
      expect(existsSync(join(PUBLIC_DIR, url ?? '')), url ?? 'no image').toBe(true);
    }
    const statuses = new Set((await t.database.db.select().from(orders)).map((o) => o.status));
    for (const s of statuses) expect(['completed', 'in_progress', 'pending', 'confirmed']).toContain(s);
  });

  it('stores the designs as the designer does: the real prompt and catalog dietary values', async () => {
    const designs = await t.database.db.select().from(cakeDesigns).where(like(cakeDesigns.id, 'cake-%'));
    expect(designs).toHaveLength(8);
    for (const d of designs) {
      const form = { ...d, dietary: d.dietaryRestrictions };
      expect(d.prompt).toBe(buildPrompt(form, d.style as StylePreset));
      for (const value of (d.dietaryRestrictions ?? '').split(',').filter(Boolean))
        expect(DIETARY_VALUES).toContain(value);
    }
    expect(designs.find((d) => d.id === 'cake-birthday-rainbow')?.dietaryRestrictions).toBe('nut-free');
  });

  it('lets the three demo accounts sign in through the API', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      expect(await signIn(t.app, account.email, DEMO_PASSWORD)).toContain('session_token');
    }
    const [vendorOwner] = await t.database.db
      .select()
      .from(vendors)
      .where(eq(vendors.userId, DEMO_ACCOUNTS.vendor.id));
    expect(vendorOwner).toMatchObject({ status: 'approved', verified: true });
  });

  it('gives the demo orders their money: paid through the sandbox, held, and released when completed', async () => {
    const db = t.database.db;
    const demo = await db.select().from(orders).where(like(orders.id, 'order-%'));
    const paid = await paidCentsByOrder(
      db,
      demo.map((o) => o.id),
    );
    for (const order of demo) expect(paid.get(order.id), order.id).toBe(order.amount);
    const totals = await ledgerTotals(db);
    const completed = demo.filter((o) => o.status === 'completed');
    const fees = completed.reduce((sum, o) => sum + serviceFeeCents(o.amount, 0.08), 0);
    expect(totals).toMatchObject({
      collectedCents: demo.reduce((sum, o) => sum + o.amount, 0),
      heldCents: demo.filter((o) => o.status !== 'completed').reduce((sum, o) => sum + o.amount, 0),
      availableCents: completed.reduce((sum, o) => sum + o.amount, 0) - fees,
      feesCents: fees,
    });
    // The sandbox's own records agree with the ledger.
    expect((await t.services.payments.totals()).collectedCents).toBe(totals.collectedCents);
    // The demo customer's Total Spent comes from the ledger: their own orders (the guests' are theirs).
    const cookie = await signIn(t.app, DEMO_ACCOUNTS.customer.email, DEMO_PASSWORD);
    const res = await t.app.request('/api/me/dashboard/customer', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { stats: { totalSpent: number } }).stats.totalSpent).toBe(
      demo.filter((o) => o.customerId === DEMO_ACCOUNTS.customer.id).reduce((sum, o) => sum + o.amount, 0),
    );
  });

  it("dates each demo payment when the order's history says it was paid (its receipt), not when seeded", async () => {
    const db = t.database.db;
    const paidEvents = await db
      .select({ orderId: orderEvents.orderId, at: orderEvents.createdAt })
      .from(orderEvents)
      .where(sql`${orderEvents.orderId} LIKE 'order-%' AND ${orderEvents.toStatus} = 'paid'`);
    expect(paidEvents.length).toBeGreaterThan(0);
    const posted = new Map(
      (
        await db
          .select({ orderId: ledgerTransactions.orderId, at: ledgerTransactions.createdAt })
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.kind, 'payment'))
      ).map((p) => [p.orderId, p.at.toISOString()]),
    );
    for (const e of paidEvents) expect(posted.get(e.orderId), e.orderId).toBe(e.at.toISOString());
  });

  it('keeps the ledger append-only outside the demo data, even while the demo data is cleared', async () => {
    const db = t.database.db;
    const customer = await createUser(db);
    const vendor = await createVendor(db);
    const order = await createOrder(db, { customerId: customer.id, vendorId: vendor.id, status: 'paid' });
    await recordPayment(db, {
      orderId: order.id,
      vendorId: vendor.id,
      amountCents: 5_000,
      key: `payment:${order.id}`,
    });
    const refused = await db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL frosted.clear_demo = 'on'`);
        await tx.execute(sql`DELETE FROM ledger_entries WHERE transaction_id IN
          (SELECT id FROM ledger_transactions WHERE order_id = ${order.id})`);
      })
      .then(
        () => undefined,
        (err: Error) => err,
      );
    // The trigger refuses; on PostgreSQL the app's role lacks the privilege before that (decision 013).
    expect(String((refused?.cause as Error | undefined)?.message)).toMatch(
      /append-only|permission denied for table ledger_entries/,
    );
    expect((await paidCentsByOrder(db, [order.id])).get(order.id)).toBe(5_000);
  });

  it('clears only demo rows and the demo accounts', async () => {
    const db = t.database.db;
    const realCustomer = await createUser(db);
    const realVendor = await createVendor(db);
    const realOrder = await createOrder(db, { customerId: realCustomer.id, vendorId: realVendor.id });
    const collectedBefore = (await ledgerTotals(db)).collectedCents;
    // The demo customer's wedding plan, with its checklist and nothing booked yet.
    const [plan] = await db.select().from(eventPlans).where(eq(eventPlans.isDemo, true));
    expect(plan).toMatchObject({
      type: 'wedding',
      categories: ['cakes', 'flowers', 'decor', 'photography', 'entertainment'],
    });
    await clearDemoData({ db });
    expect(await db.select().from(eventPlans).where(eq(eventPlans.isDemo, true))).toEqual([]);
    // The demo money went with the demo orders; the real payment stayed.
    // The demo customer's 125,500 and the event vendors' guests' 1,260,500.
    expect((await ledgerTotals(db)).collectedCents).toBe(collectedBefore - 125_500 - 1_260_500);
    expect(await countDemoRows({ db })).toEqual({
      vendors: 0,
      cake_designs: 0,
      orders: 0,
      favorites: 0,
      reviews: 0,
      accounts: 0,
    });
    expect(await db.select().from(users).where(eq(users.id, realCustomer.id))).toHaveLength(1);
    expect(await db.select().from(vendors).where(eq(vendors.id, realVendor.id))).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.id, realOrder.id))).toHaveLength(1);
  });

  it('seeds each table on its own, with the rows it depends on', async () => {
    const db = t.database.db;
    for (const table of SEED_TABLES) {
      await clearDemoData({ db });
      await seedTable({ db, table });
      const counts = await countDemoRows({ db });
      const expected = { vendors: 20, cake_designs: 8, orders: 16, favorites: 4, reviews: 14 }[table];
      expect(counts[table], table).toBe(expected);
    }
  });
});

describe('demo event vendors', () => {
  it('have packages with their "from" price, portfolio pictures in storage, checklists and a review each', async () => {
    const db = t.database.db;
    await seedAll({ db, store: t.services.storage });
    const page = await (await t.app.request('/api/vendors/vendor-golden-hour')).json();
    expect(page.vendor).toMatchObject({
      category: 'photography',
      fromPriceCents: 45_000,
      verified: true,
      reviewCount: 1,
      rating: 5,
    });
    expect(page.packages[0]).toMatchObject({ name: '4-hour coverage', priceCents: 120_000 });
    expect(page.portfolio).toHaveLength(3);
    const picture = await t.app.request(page.portfolio[0].thumbUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    // The committed picture (npm run demo-art), copied: the seeder draws nothing.
    const committed = readFileSync(demoPortfolioFile('demo/vendor-golden-hour/portfolio-1-thumb.webp'));
    expect(Buffer.from(await picture.arrayBuffer()).equals(committed)).toBe(true);
    expect(page.verification.items.map((i: { kind: string }) => i.kind)).toEqual([
      'business_licence',
      'insurance',
      'identity',
    ]);
    const flowers = await (await t.app.request('/api/vendors?category=flowers')).json();
    expect(flowers.vendors.map((v: { name: string }) => v.name).sort()).toEqual([
      'Fern & Stone Flowers',
      'Petal Lane Florals',
    ]);
  });
});
