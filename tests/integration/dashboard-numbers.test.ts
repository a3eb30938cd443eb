import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/modules/seed/demo-data.ts';
import { seedAll } from '../../src/server/modules/seed/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signIn } from '../support/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAll({ db: t.database.db });
});
afterAll(() => t.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query))[0]!;

describe('dashboards show exactly the signed-in user’s numbers', () => {
  it('customer: totals computed straight from the tables', async () => {
    const id = DEMO_ACCOUNTS.customer.id;
    const expected = await one<{ orders: number; designs: number; favorites: number; spent: number }>(sql`
      select
        (select count(*)::int from orders where customer_id = ${id}) as orders,
        (select count(*)::int from cake_designs where customer_id = ${id}) as designs,
        (select count(*)::int from customer_favorites where customer_id = ${id} and vendor_id is not null) as favorites,
        (select coalesce(sum(amount), 0)::int from orders where customer_id = ${id} and status <> 'cancelled') as spent`);
    const cookie = await signIn(t.app, DEMO_ACCOUNTS.customer.email, DEMO_PASSWORD);
    const body = await (
      await t.app.request('/api/me/dashboard/customer', { headers: { Cookie: cookie } })
    ).json();
    expect(body.stats).toEqual({
      totalOrders: expected.orders,
      designsCreated: expected.designs,
      favoriteVendors: expected.favorites,
      totalSpent: expected.spent,
    });
    expect(body.stats).toEqual({
      totalOrders: 4,
      designsCreated: 8,
      favoriteVendors: 2,
      totalSpent: 125_500,
    });
    expect(body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      'FR-DEMO-1004',
      'FR-DEMO-1003',
      'FR-DEMO-1002',
      'FR-DEMO-1001',
    ]);
  });

  it('vendor: revenue from completed orders and counts by status', async () => {
    const id = DEMO_ACCOUNTS.vendor.id;
    const expected = await one<{ total: number; completed: number; revenue: number }>(sql`
      select count(*)::int as total,
             count(*) filter (where o.status = 'completed')::int as completed,
             coalesce(sum(o.amount) filter (where o.status = 'completed'), 0)::int as revenue
      from orders o join vendors v on v.id = o.vendor_id where v.user_id = ${id}`);
    const cookie = await signIn(t.app, DEMO_ACCOUNTS.vendor.email, DEMO_PASSWORD);
    const body = await (
      await t.app.request('/api/me/dashboard/vendor', { headers: { Cookie: cookie } })
    ).json();
    expect(body.stats).toMatchObject({
      totalOrders: expected.total,
      completedOrders: expected.completed,
      revenue: expected.revenue,
    });
    // Monthly analytics, recomputed independently in SQL for the same six Vancouver months.
    const monthly = await queryRows<{ month: string; orders: number; revenue: number }>(
      t.database.db,
      sql`
      select to_char(date_trunc('month', o.created_at at time zone 'America/Vancouver'), 'YYYY-MM') as month,
             count(*)::int as orders,
             coalesce(sum(o.amount) filter (where o.status = 'completed'), 0)::int as revenue
      from orders o join vendors v on v.id = o.vendor_id where v.user_id = ${id} group by 1`,
    );
    expect(body.months).toHaveLength(6);
    const window = new Set(body.months.map((m: { month: string }) => m.month));
    for (const m of body.months) {
      const row = monthly.find((r) => r.month === m.month);
      expect(m).toEqual({ month: m.month, orders: row?.orders ?? 0, revenue: row?.revenue ?? 0 });
    }
    const inWindow = monthly.filter((r) => window.has(r.month));
    expect(body.months.reduce((t: number, m: { orders: number }) => t + m.orders, 0)).toBe(
      inWindow.reduce((t, r) => t + r.orders, 0),
    );
    expect(inWindow.length).toBeGreaterThan(0);
    expect(body.vendor).toMatchObject({
      businessName: 'Sweet Dreams Bakery',
      status: 'approved',
      verified: true,
    });
  });
});
