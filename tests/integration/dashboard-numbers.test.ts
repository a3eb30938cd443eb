import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentVendorDashboard } from '../../src/server/modules/dashboard/presenter.ts';
import { getVendorDashboard } from '../../src/server/modules/dashboard/service.ts';
import { recordPayment, settleOrder } from '../../src/server/modules/ledger/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import {
  createDesign,
  createFavorite,
  createOrder,
  createUser,
  createVendor,
  signIn,
} from '../support/factories.ts';

let t: TestApp;
let emma: Awaited<ReturnType<typeof createUser>>;
let owner: Awaited<ReturnType<typeof createUser>>;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  emma = await createUser(db, { firstName: 'Emma' });
  const other = await createUser(db, { firstName: 'Omar' });
  owner = await createUser(db, { userType: 'vendor' });
  const sweetDreams = await createVendor(db, { userId: owner.id, businessName: 'Sweet Dreams Bakery' });
  const elsewhere = await createVendor(db, { businessName: 'Golden Crumb' });

  for (let i = 0; i < 3; i++) await createDesign(db, emma.id);
  await createDesign(db, other.id);
  await createFavorite(db, { customerId: emma.id, vendorId: sweetDreams.id });
  await createFavorite(db, { customerId: emma.id, vendorId: elsewhere.id });
  // A saved design is a favorite too, but not a favorite vendor.
  await createFavorite(db, { customerId: emma.id, cakeDesignId: (await createDesign(db, emma.id)).id });

  const orders = [
    // Outside the vendor's six-month window (see below), counted in the totals only.
    {
      n: 'FR-N-1',
      customer: other,
      vendor: sweetDreams,
      status: 'completed',
      amount: 30_000,
      at: '2025-09-12T18:00:00Z',
    },
    // Oct 31 in Vancouver (UTC-7), though Nov 1 in UTC: still outside the window.
    {
      n: 'FR-N-2',
      customer: other,
      vendor: sweetDreams,
      status: 'completed',
      amount: 7_000,
      at: '2025-11-01T06:30:00Z',
    },
    {
      n: 'FR-E-1',
      customer: emma,
      vendor: sweetDreams,
      status: 'completed',
      amount: 85_000,
      at: '2026-01-10T20:00:00Z',
    },
    {
      n: 'FR-E-2',
      customer: emma,
      vendor: elsewhere,
      status: 'completed',
      amount: 12_500,
      at: '2026-02-10T20:00:00Z',
    },
    // Feb 28 in Vancouver (UTC-8), though Mar 1 in UTC.
    {
      n: 'FR-E-3',
      customer: emma,
      vendor: sweetDreams,
      status: 'in_progress',
      amount: 18_500,
      at: '2026-03-01T07:30:00Z',
    },
    {
      n: 'FR-E-4',
      customer: emma,
      vendor: sweetDreams,
      status: 'cancelled',
      amount: 9_500,
      at: '2026-03-15T20:00:00Z',
    },
    {
      n: 'FR-N-3',
      customer: other,
      vendor: sweetDreams,
      status: 'completed',
      amount: 40_000,
      at: '2026-04-02T20:00:00Z',
    },
    {
      n: 'FR-N-4',
      customer: other,
      vendor: elsewhere,
      status: 'completed',
      amount: 55_000,
      at: '2026-04-03T20:00:00Z',
    },
  ] as const;
  const ids: Record<string, string> = {};
  for (const o of orders) {
    const order = await createOrder(db, {
      orderNumber: o.n,
      customerId: o.customer.id,
      vendorId: o.vendor.id,
      status: o.status,
      amount: o.amount,
      createdAt: at(o.at),
    });
    ids[o.n] = order.id;
  }
  // Emma's newest order, accepted but never paid: it is spent nothing.
  await createOrder(db, {
    orderNumber: 'FR-E-5',
    customerId: emma.id,
    vendorId: elsewhere.id,
    status: 'pending',
    amount: 20_000,
    createdAt: at('2026-04-10T20:00:00Z'),
  });

  // The money, as the ledger records it: each paid order's payment, then how it ended.
  await db.transaction(async (tx) => {
    for (const o of orders)
      await recordPayment(tx, {
        orderId: ids[o.n]!,
        vendorId: o.vendor.id,
        amountCents: o.amount,
        key: `payment:${o.n}`,
      });
    // Emma's completed order with Sweet Dreams is released to the vendor: still what she spent.
    await settleOrder(tx, {
      kind: 'release',
      orderId: ids['FR-E-1']!,
      vendorId: sweetDreams.id,
      heldCents: 85_000,
      split: { refundCents: 0, vendorCents: 78_200, platformCents: 6_800 },
      key: 'release:FR-E-1',
    });
    // Her cancelled order: cancelled within the vendor's window, 5,000 of the 9,500 comes back.
    await settleOrder(tx, {
      kind: 'cancellation',
      orderId: ids['FR-E-4']!,
      vendorId: sweetDreams.id,
      heldCents: 9_500,
      split: { refundCents: 5_000, vendorCents: 4_140, platformCents: 360 },
      key: 'cancel:FR-E-4',
    });
  });
});
afterAll(() => t.close());

/** The vendor's analytics as the dashboard would show them at `now` (a fixed clock, not today's). */
async function monthsAt(now: string) {
  const actor = {
    id: owner.id,
    email: owner.email,
    name: owner.name,
    userType: 'vendor',
    role: 'user',
  } as const;
  return presentVendorDashboard(await getVendorDashboard({ db: t.database.db, actor, now: at(now) })).months;
}

describe('dashboards show exactly the signed-in user’s numbers', () => {
  it('customer: only their own orders, designs and favorite vendors; Total Spent is what the ledger kept', async () => {
    const cookie = await signIn(t.app, emma.email);
    const res = await t.app.request('/api/me/dashboard/customer', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.stats).toEqual({
      totalOrders: 5,
      designsCreated: 4,
      favoriteVendors: 2,
      // Paid for E-1, E-2 and E-3; of E-4 what the refund left; E-5 was never paid.
      totalSpent: 85_000 + 12_500 + 18_500 + (9_500 - 5_000),
    });
    expect(body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      'FR-E-5',
      'FR-E-4',
      'FR-E-3',
      'FR-E-2',
      'FR-E-1',
    ]);
  });

  it('vendor: revenue from completed orders and counts by status, of their own business only', async () => {
    const cookie = await signIn(t.app, owner.email);
    const res = await t.app.request('/api/me/dashboard/vendor', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.stats).toEqual({
      totalOrders: 6,
      activeOrders: 1,
      completedOrders: 4,
      revenue: 30_000 + 7_000 + 85_000 + 40_000,
      byStatus: { completed: 4, in_progress: 1, cancelled: 1 },
    });
    expect(body.months).toHaveLength(6);
    expect(body.vendor).toMatchObject({
      businessName: 'Sweet Dreams Bakery',
      status: 'approved',
      verified: true,
    });
  });

  it('vendor analytics: six Vancouver months up to the current one, orders placed and revenue completed', async () => {
    expect(await monthsAt('2026-04-15T12:00:00Z')).toEqual([
      { month: '2025-11', orders: 0, revenue: 0 },
      { month: '2025-12', orders: 0, revenue: 0 },
      { month: '2026-01', orders: 1, revenue: 85_000 },
      { month: '2026-02', orders: 1, revenue: 0 },
      { month: '2026-03', orders: 1, revenue: 0 },
      { month: '2026-04', orders: 1, revenue: 40_000 },
    ]);
    // The last evening of April in Vancouver, while UTC already has May: the window is still April's.
    expect((await monthsAt('2026-05-01T06:00:00Z')).at(-1)).toEqual({
      month: '2026-04',
      orders: 1,
      revenue: 40_000,
    });
  });
});
