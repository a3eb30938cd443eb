import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlackoutState, VendorCalendar } from '../../src/shared/schemas/calendar.ts';
import { quoteBriefSchema } from '../../src/shared/schemas/quotes.ts';
import { vendorListQuerySchema, type VendorList } from '../../src/shared/schemas/vendors.ts';
import { vancouverDay } from '../../src/shared/time.ts';
import { queryRows } from '../../src/server/db/client.ts';
import type { vendors } from '../../src/server/db/schema/index.ts';
import { orders, payments, quotes, vendorBlackoutDates } from '../../src/server/db/schema/index.ts';
import { AppError } from '../../src/server/errors.ts';
import type { Actor } from '../../src/server/actor.ts';
import { assertVendorCanTake, dayPlus } from '../../src/server/modules/calendar/availability.ts';
import { answerQuote, createQuoteRequest } from '../../src/server/modules/quotes/index.ts';
import { countQuery, pageQuery } from '../../src/server/modules/vendors/browse-query.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import { createOrder, createPendingOrder, createUser, createVendor, signIn } from '../support/factories.ts';

/** Dec 1, 2026, 10 a.m. in Vancouver. */
const clock = manualClock('2026-12-01T18:00:00Z');
let t: TestApp;
const cookies: Record<string, string> = {};
let vendorId = '';
let otherVendorId = '';
let customerId = '';

const asActor = (id: string, userType: 'customer' | 'vendor' = 'customer'): Actor => ({
  id,
  email: `${id}@example.test`,
  name: 'Test',
  userType,
  role: 'user',
});

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const owner = await createUser(db, { userType: 'vendor' });
  vendorId = (
    await createVendor(db, {
      userId: owner.id,
      businessName: 'Juniper Cakes',
      leadTimeDays: 3,
      ordersPerDay: 2,
    })
  ).id;
  const otherOwner = await createUser(db, { userType: 'vendor' });
  otherVendorId = (await createVendor(db, { userId: otherOwner.id, businessName: 'Larch Bakery' })).id;
  const customer = await createUser(db);
  customerId = customer.id;
  cookies.vendor = await signIn(t.app, owner.email);
  cookies.other = await signIn(t.app, otherOwner.email);
  cookies.customer = await signIn(t.app, customer.email);
});
afterAll(() => t.close());

function call(who: string | null, method: string, path: string, body?: unknown) {
  return t.app.request(path, {
    method,
    headers: {
      ...(who && { Cookie: cookies[who]! }),
      Origin: 'http://localhost:3000',
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

const blackoutRows = (id: string) =>
  t.database.db.select().from(vendorBlackoutDates).where(eq(vendorBlackoutDates.vendorId, id));

const briefFor = (eventDate: string) => ({
  occasion: 'Birthday',
  flavor: 'Lemon',
  size: '8 inch (8-10)',
  servings: 10,
  fulfillment: 'pickup',
  eventDate,
  eventTime: '15:00',
});

describe('blackout dates', () => {
  it('are added and removed by the vendor only; adding twice keeps one day with the newest note', async () => {
    let res = await call('vendor', 'PUT', '/api/me/vendor-profile/calendar/blackouts/2026-12-20', {
      note: 'Family wedding',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual<BlackoutState>({
      day: '2026-12-20',
      blackout: true,
      note: 'Family wedding',
    });
    res = await call('vendor', 'PUT', '/api/me/vendor-profile/calendar/blackouts/2026-12-20', {
      note: 'Away',
    });
    expect(res.status).toBe(200);
    // No body at all is a blackout without a note.
    expect((await call('vendor', 'PUT', '/api/me/vendor-profile/calendar/blackouts/2026-12-21')).status).toBe(
      200,
    );
    const rows = await blackoutRows(vendorId);
    expect(rows.map((r) => [r.day, r.note]).sort()).toEqual([
      ['2026-12-20', 'Away'],
      ['2026-12-21', null],
    ]);

    // Another vendor removing "the same day" removes only their own (which does not exist): no effect.
    res = await call('other', 'DELETE', '/api/me/vendor-profile/calendar/blackouts/2026-12-20');
    expect(res.status).toBe(200);
    expect(await blackoutRows(vendorId)).toHaveLength(2);
    expect(await blackoutRows(otherVendorId)).toHaveLength(0);

    res = await call('vendor', 'DELETE', '/api/me/vendor-profile/calendar/blackouts/2026-12-21');
    expect(await res.json()).toEqual<BlackoutState>({ day: '2026-12-21', blackout: false, note: null });
    expect((await blackoutRows(vendorId)).map((r) => r.day)).toEqual(['2026-12-20']);
    // Removing again is not an error.
    expect(
      (await call('vendor', 'DELETE', '/api/me/vendor-profile/calendar/blackouts/2026-12-21')).status,
    ).toBe(200);
  });

  it('refuses past days, days more than a year ahead, bad dates, long or NUL notes, and other accounts', async () => {
    const put = (day: string, body?: unknown, who: string | null = 'vendor') =>
      call(who, 'PUT', `/api/me/vendor-profile/calendar/blackouts/${day}`, body);
    const fields = async (res: Response) => {
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
    };
    expect(await fields(await put('2026-11-30'))).toEqual({
      day: 'That date has passed; choose today or a later date.',
    });
    expect(await fields(await put('2027-12-03'))).toEqual({ day: 'Choose a date at most a year ahead.' });
    expect(await fields(await put('2026-02-30'))).toHaveProperty('day');
    expect(await fields(await put('tomorrow'))).toHaveProperty('day');
    expect(await fields(await put('2026-12-24', { note: 'x'.repeat(201) }))).toEqual({
      note: 'Keep the note to 200 characters.',
    });
    expect(await fields(await put('2026-12-24', { note: 'a\u0000b' }))).toHaveProperty('note');
    // Today and a year ahead are fine.
    expect((await put('2026-12-01')).status).toBe(200);
    expect((await put('2027-12-02')).status).toBe(200);
    expect((await put('2026-12-24', undefined, 'customer')).status).toBe(403);
    expect((await put('2026-12-24', undefined, null)).status).toBe(401);
    expect((await call('customer', 'GET', '/api/me/vendor-profile/calendar')).status).toBe(403);
    await call('vendor', 'DELETE', '/api/me/vendor-profile/calendar/blackouts/2026-12-01');
    await call('vendor', 'DELETE', '/api/me/vendor-profile/calendar/blackouts/2027-12-02');
  });
});

describe('the month view', () => {
  it('shows the vendor each day: state, orders taken against capacity, blackout notes', async () => {
    const db = t.database.db;
    const customer = await createUser(db, { password: null });
    // Dec 22 in the afternoon and late evening in Vancouver (Dec 23 06:30 UTC): both Dec 22. A cancelled one does not count.
    await createOrder(db, {
      customerId: customer.id,
      vendorId,
      status: 'paid',
      deliveryDate: new Date('2026-12-22T23:00:00Z'),
    });
    await createOrder(db, {
      customerId: customer.id,
      vendorId,
      status: 'pending',
      deliveryDate: new Date('2026-12-23T06:30:00Z'),
    });
    await createOrder(db, {
      customerId: customer.id,
      vendorId,
      status: 'cancelled',
      deliveryDate: new Date('2026-12-23T20:00:00Z'),
    });
    await createOrder(db, {
      customerId: customer.id,
      vendorId,
      status: 'paid',
      deliveryDate: new Date('2026-12-23T20:00:00Z'),
    });

    const res = await call('vendor', 'GET', '/api/me/vendor-profile/calendar?month=2026-12');
    expect(res.status).toBe(200);
    const view = (await res.json()) as VendorCalendar;
    expect(view).toMatchObject({
      vendorId,
      month: '2026-12',
      today: '2026-12-01',
      own: true,
      ordersPerDay: 2,
    });
    expect(view.days).toHaveLength(31);
    const day = (d: string) => view.days.find((x) => x.day === d)!;
    expect(day('2026-12-01').state).toBe('too-soon');
    expect(day('2026-12-03').state).toBe('too-soon');
    expect(day('2026-12-04')).toEqual({
      day: '2026-12-04',
      state: 'available',
      taken: 0,
      capacity: 2,
      note: null,
    });
    expect(day('2026-12-20')).toMatchObject({ state: 'blackout', note: 'Away' });
    expect(day('2026-12-22')).toMatchObject({ state: 'full', taken: 2, capacity: 2 });
    expect(day('2026-12-23')).toMatchObject({ state: 'available', taken: 1 });

    // The month defaults to the current one; November has passed.
    const current = (await (
      await call('vendor', 'GET', '/api/me/vendor-profile/calendar')
    ).json()) as VendorCalendar;
    expect(current.month).toBe('2026-12');
    const november = (await (
      await call('vendor', 'GET', '/api/me/vendor-profile/calendar?month=2026-11')
    ).json()) as VendorCalendar;
    expect(november.days.every((d) => d.state === 'past')).toBe(true);
    expect(november.days).toHaveLength(30);
  });

  it('shows customers and visitors the states only; unknown and unapproved vendors are 404', async () => {
    const res = await call(null, 'GET', `/api/vendors/${vendorId}/availability?month=2026-12`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as VendorCalendar;
    expect(view.own).toBe(false);
    expect(view.ordersPerDay).toBeNull();
    expect(view.days.find((d) => d.day === '2026-12-20')).toEqual({ day: '2026-12-20', state: 'blackout' });
    expect(view.days.find((d) => d.day === '2026-12-22')).toEqual({ day: '2026-12-22', state: 'full' });
    // The vendor looking at their own public availability sees their counts too.
    const own = (await (
      await call('vendor', 'GET', `/api/vendors/${vendorId}/availability?month=2026-12`)
    ).json()) as VendorCalendar;
    expect(own.own).toBe(true);

    const pending = await createVendor(t.database.db, { status: 'pending' });
    expect((await call('customer', 'GET', `/api/vendors/${pending.id}/availability`)).status).toBe(404);
    expect((await call('customer', 'GET', '/api/vendors/nope/availability')).status).toBe(404);
    for (const month of ['2026-13', '26-12', '2026-1', '2026-12-01'])
      expect(
        (await call('customer', 'GET', `/api/vendors/${vendorId}/availability?month=${month}`)).status,
      ).toBe(400);
  });
});

describe('quote requests and acceptance', () => {
  it('refuses a request for a blackout date at the vendor, by name and date; the other day goes through', async () => {
    const res = await call('customer', 'POST', '/api/quote-requests', {
      vendorIds: [otherVendorId, vendorId],
      brief: briefFor('2026-12-20'),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields).toEqual({
      'vendorIds.1':
        'Juniper Cakes is not taking orders on December 20, 2026. Choose another date or vendor.',
    });
    const ok = await call('customer', 'POST', '/api/quote-requests', {
      vendorIds: [otherVendorId, vendorId],
      brief: briefFor('2026-12-19'),
    });
    expect(ok.status).toBe(201);
  });

  it('two customers race for the last slot of a day: exactly one order, the other gets 409', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { userType: 'vendor', password: null });
    const vendor = await createVendor(db, {
      userId: owner.id,
      businessName: 'Poplar Pastry',
      leadTimeDays: 2,
      ordersPerDay: 2,
    });
    const booked = await createUser(db, { password: null });
    await createOrder(db, {
      customerId: booked.id,
      vendorId: vendor.id,
      status: 'paid',
      deliveryDate: new Date('2026-12-15T19:00:00Z'),
    });
    const racers: { cookie: string; quoteId: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const customer = await createUser(db);
      const {
        quoteIds: [quoteId],
      } = await createQuoteRequest({
        db,
        actor: asActor(customer.id),
        input: { vendorIds: [vendor.id], brief: quoteBriefSchema.parse(briefFor('2026-12-15')) },
        now: clock.now(),
      });
      await answerQuote({
        db,
        actor: asActor(owner.id, 'vendor'),
        quoteId: quoteId!,
        input: {
          priceCents: 12_000,
          deliveryFeeCents: 0,
          includes: 'Cake',
          message: 'Yes!',
          validUntil: '2026-12-10T00:00:00Z',
        },
        now: clock.now(),
      });
      racers.push({ cookie: await signIn(t.app, customer.email), quoteId: quoteId! });
    }
    const responses = await Promise.all(
      racers.map((r) =>
        t.app.request(`/api/quotes/${r.quoteId}/accept`, {
          method: 'POST',
          headers: { Cookie: r.cookie, Origin: 'http://localhost:3000', 'Content-Type': 'application/json' },
          body: JSON.stringify({ revision: 1 }),
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = responses.find((r) => r.status === 409)!;
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Poplar Pastry is fully booked on December 15, 2026. Choose another date or vendor.',
    );
    expect(await db.select().from(orders).where(eq(orders.vendorId, vendor.id))).toHaveLength(2);
    const states = await db
      .select({ status: quotes.status })
      .from(quotes)
      .where(eq(quotes.vendorId, vendor.id));
    expect(states.map((s) => s.status).sort()).toEqual(['accepted', 'quoted']);
  });

  it('assertVendorCanTake at payment: the order does not count against itself; a blackout or a full day refuses', async () => {
    const db = t.database.db;
    const vendor = await createVendor(db, { businessName: 'Spruce Sugar', leadTimeDays: 5, ordersPerDay: 1 });
    const customer = await createUser(db, { password: null });
    const order = await createPendingOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      deliveryDate: new Date('2026-12-04T20:00:00Z'),
      createdAt: clock.now(),
    });
    const check = (excludeOrderId?: string) =>
      db.transaction((tx) =>
        assertVendorCanTake(tx, {
          vendorId: vendor.id,
          eventDate: '2026-12-04',
          now: clock.now(),
          excludeOrderId,
        }),
      );
    // Lead time was settled at acceptance: 3 days' notice against 5 does not refuse the payment.
    await expect(check(order.id)).resolves.toBeUndefined();
    await expect(check()).rejects.toMatchObject({ status: 409 });
    await db.insert(vendorBlackoutDates).values({ vendorId: vendor.id, day: '2026-12-04' });
    const err = await check(order.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 409,
      message: 'Spruce Sugar is not taking orders on December 4, 2026. Choose another date or vendor.',
    });
    await db
      .delete(vendorBlackoutDates)
      .where(and(eq(vendorBlackoutDates.vendorId, vendor.id), eq(vendorBlackoutDates.day, '2026-12-04')));
    await createOrder(db, {
      customerId: customer.id,
      vendorId: vendor.id,
      status: 'paid',
      deliveryDate: new Date('2026-12-04T22:00:00Z'),
    });
    await expect(check(order.id)).rejects.toMatchObject({
      status: 409,
      message: 'Spruce Sugar is fully booked on December 4, 2026. Choose another date or vendor.',
    });
    await expect(
      db.transaction((tx) =>
        assertVendorCanTake(tx, { vendorId: 'nope', eventDate: '2026-12-04', now: clock.now() }),
      ),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('the checkout refuses to take payment for a day the vendor blacked out or filled since accepting', async () => {
    const db = t.database.db;
    const vendor = await createVendor(db, { businessName: 'Tamarack Tarts', ordersPerDay: 2 });
    const order = await createPendingOrder(db, {
      customerId,
      vendorId: vendor.id,
      deliveryDate: new Date('2026-12-20T20:00:00Z'),
      createdAt: clock.now(),
    });
    const pay = async () => {
      const res = await call('customer', 'POST', '/api/payments', { orderId: order.id });
      return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
    };
    await db.insert(vendorBlackoutDates).values({ vendorId: vendor.id, day: '2026-12-20' });
    expect(await pay()).toMatchObject({
      status: 409,
      body: {
        error: {
          message: 'Tamarack Tarts is not taking orders on December 20, 2026. Choose another date or vendor.',
        },
      },
    });
    await db.delete(vendorBlackoutDates).where(eq(vendorBlackoutDates.vendorId, vendor.id));
    // Two other orders on the day (the vendor took them elsewhere), with room for two: full.
    for (const hour of [17, 19])
      await createOrder(db, {
        customerId,
        vendorId: vendor.id,
        status: 'paid',
        deliveryDate: new Date(`2026-12-20T${hour}:00:00Z`),
      });
    expect((await pay()).body.error?.message).toBe(
      'Tamarack Tarts is fully booked on December 20, 2026. Choose another date or vendor.',
    );
    expect(await db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
    // One of them cancelled: the order's own slot is free again, and it is paid for.
    await db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(eq(orders.vendorId, vendor.id), eq(orders.deliveryDate, new Date('2026-12-20T17:00:00Z'))));
    expect((await pay()).status).toBe(200);
  });
});

describe('Browse Vendors: available on a date', () => {
  let b: TestApp;
  const names = (list: VendorList) => list.vendors.map((v) => v.name).sort();
  beforeAll(async () => {
    b = await createTestApp();
  });
  afterAll(() => b.close());

  it('keeps vendors who can take the day, with an exact count that follows new blackouts and orders', async () => {
    const db = b.database.db;
    // This app's clock is the system's: the day is ten days from now, whatever today is.
    const day = dayPlus(vancouverDay(new Date()), 10);
    const noon = (d: string) => new Date(`${d}T20:00:00Z`);
    const customer = await createUser(db, { password: null });
    const make = (businessName: string, extra: Partial<typeof vendors.$inferInsert> = {}) =>
      createVendor(db, { businessName, leadTimeDays: 2, ordersPerDay: 2, ...extra });
    const open = await make('Open Oven');
    await createOrder(db, {
      customerId: customer.id,
      vendorId: open.id,
      status: 'paid',
      deliveryDate: noon(day),
    });
    const cancelled = await make('Second Chance Cakes', { ordersPerDay: 1 });
    await createOrder(db, {
      customerId: customer.id,
      vendorId: cancelled.id,
      status: 'cancelled',
      deliveryDate: noon(day),
    });
    // Its order is the evening before in Vancouver (the same UTC date): the day itself is free.
    await createOrder(db, {
      customerId: customer.id,
      vendorId: cancelled.id,
      status: 'paid',
      deliveryDate: new Date(`${day}T06:00:00Z`),
    });
    const full = await make('Full House Bakes', { ordersPerDay: 1 });
    await createOrder(db, {
      customerId: customer.id,
      vendorId: full.id,
      status: 'pending',
      deliveryDate: noon(day),
    });
    const away = await make('Away Today Cakes');
    await db.insert(vendorBlackoutDates).values({ vendorId: away.id, day });
    await make('Slow Sugar', { leadTimeDays: 30 });

    const browse = async (query: string) => {
      const res = await b.app.request(`/api/vendors?${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as VendorList;
    };
    const all = await browse(`availableOn=${day}`);
    expect(names(all)).toEqual(['Open Oven', 'Second Chance Cakes']);
    expect(all.total).toBe(2);
    // A page smaller than the matches makes the server count; the count is exact too.
    expect((await browse(`availableOn=${day}&limit=1`)).total).toBe(2);
    expect((await browse('limit=1')).total).toBe(5);

    // Neither a blackout nor an order bumps the vendors version; the count must not be stale.
    await db.insert(vendorBlackoutDates).values({ vendorId: open.id, day });
    expect((await browse(`availableOn=${day}&limit=1`)).total).toBe(1);
    await createOrder(db, {
      customerId: customer.id,
      vendorId: cancelled.id,
      status: 'paid',
      deliveryDate: noon(day),
    });
    const none = await browse(`availableOn=${day}&limit=1`);
    expect(none.total).toBe(0);
    expect(none.vendors).toEqual([]);
    // The day before: Second Chance Cakes is full then (its evening order); a day already past has nobody.
    expect((await browse(`availableOn=${dayPlus(day, -1)}&limit=1`)).total).toBe(3);
    expect((await browse(`availableOn=${dayPlus(vancouverDay(new Date()), -1)}`)).total).toBe(0);
    // An empty value is no filter; a malformed one is a field error.
    expect((await browse('availableOn=')).total).toBe(5);
    const bad = await b.app.request('/api/vendors?availableOn=12/25/2026');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      availableOn: 'Choose the date as YYYY-MM-DD.',
    });
  });

  it('reads the lead time against the day it is given (the query, with a controlled today)', async () => {
    const db = b.database.db;
    const filters = vendorListQuerySchema.parse({ availableOn: '2026-12-10', q: 'Leadtime' });
    const { limit: _limit, cursor: _cursor, ...rest } = filters;
    const quick = await createVendor(db, { businessName: 'Leadtime Quick', leadTimeDays: 3 });
    const slow = await createVendor(db, { businessName: 'Leadtime Slow', leadTimeDays: 9 });
    const ids = async (today: string) =>
      (await queryRows<{ id: string }>(db, pageQuery({ filters: rest, today, limit: 10 })))
        .map((r) => r.id)
        .sort();
    expect(await ids('2026-12-01')).toEqual([quick.id, slow.id].sort());
    expect(await ids('2026-12-03')).toEqual([quick.id]);
    expect(await ids('2026-12-08')).toEqual([]);
    const [count] = await queryRows<{ n: number }>(db, countQuery({ filters: rest, today: '2026-12-03' }));
    expect(count!.n).toBe(1);
  });

  it('Browse goes by the services’ clock for the lead time, not the machine’s', async () => {
    const db = t.database.db;
    const quick = await createVendor(db, { businessName: 'Clockwise Quick', leadTimeDays: 3 });
    const slow = await createVendor(db, { businessName: 'Clockwise Slow', leadTimeDays: 9 });
    const ids = async () => {
      const res = await t.app.request('/api/vendors?availableOn=2026-12-10&q=Clockwise');
      return ((await res.json()) as VendorList).vendors.map((v) => v.id).sort();
    };
    const start = clock.now();
    try {
      expect(await ids()).toEqual([quick.id, slow.id].sort());
      clock.set(new Date('2026-12-03T18:00:00Z'));
      expect(await ids()).toEqual([quick.id]);
    } finally {
      clock.set(start);
    }
  });
});
