import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/shared/errors.ts';
import type { VendorDashboard, VendorOrderPage } from '../../src/shared/schemas/dashboard.ts';
import { quoteBriefSchema } from '../../src/shared/schemas/quotes.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, vancouverDayStart } from '../../src/shared/time.ts';
import type { Actor } from '../../src/server/actor.ts';
import { answerQuote, createQuoteRequest, declineQuote } from '../../src/server/modules/quotes/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/** The vendor's Overview: quote requests waiting for their answer, and the orders due today in Vancouver. */
const TODAY = '2026-12-10';
const dayStart = vancouverDayStart(TODAY);
const clock = manualClock(new Date(dayStart.getTime() + 9 * HOUR_MS)); // 9 a.m. in Vancouver
let t: TestApp;
let cookie = '';
let vendorId = '';
let otherVendorId = '';
let owner: Actor;
let customer: Actor;

const asActor = (u: { id: string; email: string }, userType: 'customer' | 'vendor'): Actor => ({
  id: u.id,
  email: u.email,
  name: 'Someone',
  userType,
  role: 'user',
});

const brief = (occasion: string) =>
  quoteBriefSchema.parse({
    occasion,
    flavor: 'Lemon',
    size: '8 inch (8-10)',
    servings: 10,
    fulfillment: 'pickup',
    eventDate: '2026-12-28',
    eventTime: '15:00',
    budgetMinCents: 10_000,
    budgetMaxCents: 20_000,
  });

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const customerUser = await createUser(db, { firstName: 'Noor', lastName: 'Haddad' });
  customer = asActor(customerUser, 'customer');
  const ownerUser = await createUser(db, { userType: 'vendor' });
  owner = asActor(ownerUser, 'vendor');
  vendorId = (await createVendor(db, { userId: ownerUser.id, leadTimeDays: 2 })).id;
  const otherUser = await createUser(db, { userType: 'vendor' });
  otherVendorId = (await createVendor(db, { userId: otherUser.id })).id;
  cookie = await signIn(t.app, ownerUser.email);
});
afterAll(() => t.close());

async function overview() {
  const res = await t.app.request('/api/me/dashboard/vendor', { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as VendorDashboard;
}

describe('vendor overview', () => {
  it('shows nothing waiting on a quiet day', async () => {
    const data = await overview();
    expect(data.openQuoteRequests).toEqual({ count: 0, quotes: [] });
    expect(data.todaysOrders).toEqual({ count: 0, orders: [] });
  });

  it('lists only this vendor’s quotes that wait for an answer, newest first, with the count of them all', async () => {
    const db = t.database.db;
    const ids: string[] = [];
    for (const occasion of [
      'Birthday',
      'Wedding',
      'Anniversary',
      'Graduation',
      'Baby Shower',
      'Corporate Event',
      'Holiday',
    ]) {
      clock.advanceHours(1 / 6);
      const { quoteIds } = await createQuoteRequest({
        db,
        actor: customer,
        input: { vendorIds: [vendorId, otherVendorId], brief: brief(occasion) },
        now: clock.now(),
      });
      ids.push(quoteIds[0]!);
    }
    // Answered and declined quotes no longer wait; the other vendor's never show.
    await answerQuote({
      db,
      actor: owner,
      quoteId: ids[6]!,
      input: { priceCents: 12_000, deliveryFeeCents: 0, validUntil: '2026-12-20T07:59:00Z' },
      now: clock.now(),
    });
    await declineQuote({ db, actor: owner, quoteId: ids[5]!, reason: 'Fully booked', now: clock.now() });

    const { openQuoteRequests } = await overview();
    expect(openQuoteRequests.count).toBe(5);
    expect(openQuoteRequests.quotes.map((q) => q.occasion)).toEqual([
      'Baby Shower',
      'Graduation',
      'Anniversary',
      'Wedding',
      'Birthday',
    ]);
    expect(openQuoteRequests.quotes[0]).toMatchObject({
      customerFirstName: 'Noor',
      eventDate: '2026-12-28',
      status: 'requested',
    });
    // Only the first name before an order.
    expect(JSON.stringify(openQuoteRequests)).not.toContain('Haddad');
  });

  it('counts the orders due today by the Vancouver day, never a cancelled one', async () => {
    const db = t.database.db;
    const at = (ms: number) => new Date(dayStart.getTime() + ms);
    const make = (orderNumber: string, deliveryDate: Date, status = 'confirmed', vendor = vendorId) =>
      createOrder(db, { customerId: customer.id, vendorId: vendor, orderNumber, deliveryDate, status });
    await make('FR-LATE', at(23 * HOUR_MS + 30 * MINUTE_MS)); // 11:30 p.m. today
    await make('FR-EARLY', at(0)); // midnight, the first minute of today
    await make('FR-NOON', at(12 * HOUR_MS), 'ready');
    await make('FR-CANCELLED', at(14 * HOUR_MS), 'cancelled');
    await make('FR-TOMORROW', at(24 * HOUR_MS));
    await make('FR-YESTERDAY', at(-MINUTE_MS));
    await make('FR-OTHER', at(10 * HOUR_MS), 'confirmed', otherVendorId);

    const { todaysOrders } = await overview();
    expect(todaysOrders.count).toBe(3);
    expect(todaysOrders.orders.map((o) => [o.orderNumber, o.status])).toEqual([
      ['FR-EARLY', 'confirmed'],
      ['FR-NOON', 'ready'],
      ['FR-LATE', 'confirmed'],
    ]);
    expect(todaysOrders.orders[0]!.customerName).toBe('Noor H.');

    // The next morning, the late one is yesterday's and tomorrow's is today's.
    clock.set(at(24 * HOUR_MS + 8 * HOUR_MS));
    expect((await overview()).todaysOrders.orders.map((o) => o.orderNumber)).toEqual(['FR-TOMORROW']);
  });
});

describe('the Orders tab', () => {
  it('lists every active order, soonest due first, a page at a time; the finished ones apart', async () => {
    const db = t.database.db;
    const ownerUser = await createUser(db, { userType: 'vendor' });
    const shop = await createVendor(db, { userId: ownerUser.id });
    const shopCookie = await signIn(t.app, ownerUser.email);
    const page = async (query: string) => {
      const res = await t.app.request(`/api/me/dashboard/vendor/orders?${query}`, {
        headers: { Cookie: shopCookie },
      });
      return { status: res.status, body: (await res.json()) as VendorOrderPage & ApiErrorBody };
    };
    const due = (day: number, hour: number) => new Date(dayStart.getTime() + day * DAY_MS + hour * HOUR_MS);
    const active = ['pending', 'paid', 'confirmed', 'in_progress', 'ready', 'delivered'];
    const made: { id: string; due: Date }[] = [];
    for (let i = 0; i < 43; i++) {
      // Several orders share a due time, so the order's id decides between them.
      const deliveryDate = due(i % 9, 10 + (i % 3));
      const order = await createOrder(db, {
        customerId: customer.id,
        vendorId: shop.id,
        status: active[i % active.length]!,
        deliveryDate,
      });
      made.push({ id: order.id, due: deliveryDate });
    }
    // Orders from before delivery dates were kept sort by when they were made (to the microsecond).
    for (let i = 0; i < 2; i++) {
      const order = await createOrder(db, {
        customerId: customer.id,
        vendorId: shop.id,
        status: 'confirmed',
      });
      made.push({ id: order.id, due: order.createdAt });
    }
    const finished: string[] = [];
    for (let i = 0; i < 3; i++)
      finished.push(
        (
          await createOrder(db, {
            customerId: customer.id,
            vendorId: shop.id,
            status: i === 1 ? 'cancelled' : 'completed',
            deliveryDate: due(-i - 1, 12),
          })
        ).id,
      );
    await createOrder(db, {
      customerId: customer.id,
      vendorId: vendorId,
      status: 'confirmed',
      deliveryDate: due(1, 9),
    });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Awaited<ReturnType<typeof page>> = await page(
        `view=active${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.orders.length).toBeLessThanOrEqual(20);
      seen.push(...res.body.orders.map((o) => o.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    const expected = [...made]
      .sort((a, b) => a.due.getTime() - b.due.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((o) => o.id);
    expect(seen).toEqual(expected);

    const past = await page('view=past');
    expect(past.body.orders.map((o) => o.id)).toEqual(finished);
    expect(past.body.nextCursor).toBeNull();
    expect(past.body.orders[0]).toMatchObject({ customerName: 'Noor H.', fulfillment: 'pickup' });

    const bad = await page('view=active&cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      cursor: 'This page link is invalid; start again from the first page.',
    });
  });
});
