import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../src/server/db/schema/index.ts';
import { recordPayment, settleOrder } from '../../src/server/modules/ledger/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { manualClock } from '../support/clock.ts';
import {
  createBlackoutDate,
  createOrder,
  createQuoteFor,
  createUser,
  createVendor,
  postOrderMoneyAt,
  signIn,
} from '../support/factories.ts';

/*
 * A bakery's year, built row by row, and every figure of its Analytics tab checked against the same
 * rows worked out here in plain TypeScript (Vancouver days with Intl, weeks and months by hand).
 */

const clock = manualClock('2026-11-20T20:00:00Z'); // Nov 20, 2026 in Vancouver
let t: TestApp;
let cookie: string;
let otherVendorCookie: string;
let customerCookie: string;

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;
const ORDERS_PER_DAY = 2;

interface QuoteIn {
  createdAt: string;
  answeredAfterMinutes: number | null;
  status: 'requested' | 'quoted' | 'declined' | 'accepted' | 'expired';
  order?: string;
}
interface OrderIn {
  key: string;
  customer: string;
  status: 'pending' | 'paid' | 'confirmed' | 'in_progress' | 'delivered' | 'completed' | 'cancelled';
  amount: number;
  createdAt: string;
  delivery: string;
  money?: {
    kind: 'release' | 'cancellation' | 'claim_resolution';
    refund: number;
    fee: number;
    settledAt: string;
  };
}
interface ReviewIn {
  order: string;
  rating: number;
  at: string;
}

const ORDERS: OrderIn[] = [
  // Released on Mar 31 at 10 p.m. in Vancouver, though April in UTC: March's revenue.
  {
    key: 'O1',
    customer: 'alice',
    status: 'completed',
    amount: 50_000,
    createdAt: '2026-03-05T18:00:00Z',
    delivery: '2026-03-20T19:00:00Z',
    money: { kind: 'release', refund: 0, fee: 4_000, settledAt: '2026-04-01T05:00:00Z' },
  },
  // Due Sunday Apr 19 at 11:30 p.m. in Vancouver (Monday in UTC): the week of Apr 13.
  {
    key: 'O2',
    customer: 'alice',
    status: 'completed',
    amount: 30_001,
    createdAt: '2026-04-10T18:00:00Z',
    delivery: '2026-04-20T06:30:00Z',
    money: { kind: 'release', refund: 0, fee: 2_400, settledAt: '2026-04-21T18:00:00Z' },
  },
  {
    key: 'O3',
    customer: 'bob',
    status: 'cancelled',
    amount: 20_000,
    createdAt: '2026-04-12T18:00:00Z',
    delivery: '2026-04-16T19:00:00Z',
    money: { kind: 'cancellation', refund: 10_000, fee: 800, settledAt: '2026-04-13T18:00:00Z' },
  },
  {
    key: 'O4',
    customer: 'bob',
    status: 'in_progress',
    amount: 40_000,
    createdAt: '2026-05-03T18:00:00Z',
    delivery: '2026-05-13T19:00:00Z',
  },
  {
    key: 'O5',
    customer: 'cara',
    status: 'pending',
    amount: 15_000,
    createdAt: '2026-05-04T18:00:00Z',
    delivery: '2026-05-14T19:00:00Z',
  },
  {
    key: 'O6',
    customer: 'cara',
    status: 'completed',
    amount: 25_000,
    createdAt: '2026-05-05T18:00:00Z',
    delivery: '2026-05-15T19:00:00Z',
    money: { kind: 'claim_resolution', refund: 5_000, fee: 1_600, settledAt: '2026-05-20T18:00:00Z' },
  },
  // Due on a blacked-out day: still an order to bake that week.
  {
    key: 'O7',
    customer: 'alice',
    status: 'delivered',
    amount: 12_345,
    createdAt: '2026-05-06T18:00:00Z',
    delivery: '2026-05-12T19:00:00Z',
  },
  // Dave's first order, long before the default range: it makes his June order a repeat.
  {
    key: 'O8',
    customer: 'dave',
    status: 'completed',
    amount: 10_001,
    createdAt: '2025-06-01T18:00:00Z',
    delivery: '2025-06-10T19:00:00Z',
    money: { kind: 'release', refund: 0, fee: 800, settledAt: '2025-06-11T18:00:00Z' },
  },
  {
    key: 'O9',
    customer: 'dave',
    status: 'confirmed',
    amount: 10_002,
    createdAt: '2026-06-10T18:00:00Z',
    delivery: '2026-06-20T19:00:00Z',
  },
];

const QUOTES: QuoteIn[] = [
  { createdAt: '2026-03-10T17:00:00Z', answeredAfterMinutes: 30, status: 'quoted' },
  { createdAt: '2026-03-20T17:00:00Z', answeredAfterMinutes: 90, status: 'declined' },
  // Mar 31 at 11:30 p.m. in Vancouver: March's, whatever UTC says.
  { createdAt: '2026-04-01T06:30:00Z', answeredAfterMinutes: 45, status: 'quoted' },
  { createdAt: '2026-04-05T17:00:00Z', answeredAfterMinutes: 120, status: 'accepted', order: 'O2' },
  { createdAt: '2026-05-01T17:00:00Z', answeredAfterMinutes: 600, status: 'accepted', order: 'O4' },
  { createdAt: '2026-05-02T17:00:00Z', answeredAfterMinutes: null, status: 'expired' },
  { createdAt: '2026-06-01T17:00:00Z', answeredAfterMinutes: null, status: 'requested' },
  { createdAt: '2025-10-01T17:00:00Z', answeredAfterMinutes: 5, status: 'quoted' },
];

const REVIEWS: ReviewIn[] = [
  { order: 'O1', rating: 5, at: '2026-03-25T18:00:00Z' },
  { order: 'O2', rating: 4, at: '2026-04-22T18:00:00Z' },
  { order: 'O6', rating: 2, at: '2026-05-25T18:00:00Z' },
  // May 31 at 11 p.m. in Vancouver: May's.
  { order: 'O7', rating: 4, at: '2026-06-01T06:00:00Z' },
  { order: 'O8', rating: 3, at: '2025-06-12T18:00:00Z' },
];

const BLACKOUTS = ['2026-05-11', '2026-05-12', '2026-12-25'];

const orderIds: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ authRateLimitMax: 1000 }, { clock });
  const db = t.database.db;
  const owner = await createUser(db, { userType: 'vendor' });
  const vendor = await createVendor(db, { userId: owner.id, ordersPerDay: ORDERS_PER_DAY });
  const customers: Record<string, string> = {};
  for (const name of ['alice', 'bob', 'cara', 'dave']) customers[name] = (await createUser(db)).id;

  for (const o of ORDERS) {
    const order = await createOrder(db, {
      customerId: customers[o.customer]!,
      vendorId: vendor.id,
      status: o.status,
      amount: o.amount,
      createdAt: at(o.createdAt),
      deliveryDate: at(o.delivery),
    });
    orderIds[o.key] = order.id;
    if (o.money)
      await postOrderMoneyAt(db, {
        orderId: order.id,
        vendorId: vendor.id,
        heldCents: o.amount,
        kind: o.money.kind,
        split: {
          refundCents: o.money.refund,
          platformCents: o.money.fee,
          vendorCents: o.amount - o.money.refund - o.money.fee,
        },
        paidAt: at(o.createdAt),
        settledAt: at(o.money.settledAt),
      });
  }
  for (const q of QUOTES)
    await createQuoteFor(db, {
      vendorId: vendor.id,
      customerId: customers.alice!,
      createdAt: at(q.createdAt),
      firstResponseAt:
        q.answeredAfterMinutes === null
          ? null
          : new Date(at(q.createdAt).getTime() + q.answeredAfterMinutes * MINUTE),
      status: q.status,
      orderId: q.order ? orderIds[q.order]! : null,
    });
  for (const [i, r] of REVIEWS.entries()) {
    const order = ORDERS.find((o) => o.key === r.order)!;
    await db.insert(reviews).values({
      id: `analytics-review-${i}`,
      orderId: orderIds[r.order]!,
      customerId: customers[order.customer]!,
      vendorId: vendor.id,
      rating: r.rating,
      comment: 'Lovely.',
      createdAt: at(r.at),
    });
  }
  for (const day of BLACKOUTS) await createBlackoutDate(db, vendor.id, day);

  // Another bakery, busy in the same months with the same customers: none of it may count above.
  const otherOwner = await createUser(db, { userType: 'vendor' });
  const other = await createVendor(db, { userId: otherOwner.id, ordersPerDay: 1 });
  for (const [i, month] of ['03', '04', '05'].entries()) {
    const order = await createOrder(db, {
      customerId: customers.alice!,
      vendorId: other.id,
      status: 'completed',
      amount: 99_999,
      createdAt: at(`2026-${month}-08T18:00:00Z`),
      deliveryDate: at(`2026-${month}-13T19:00:00Z`),
    });
    await postOrderMoneyAt(db, {
      orderId: order.id,
      vendorId: other.id,
      heldCents: 99_999,
      kind: 'release',
      split: { refundCents: 0, vendorCents: 91_999, platformCents: 8_000 },
      paidAt: at(`2026-${month}-08T18:00:00Z`),
      settledAt: at(`2026-${month}-20T18:00:00Z`),
    });
    await createQuoteFor(db, {
      vendorId: other.id,
      customerId: customers.bob!,
      createdAt: at(`2026-${month}-02T18:00:00Z`),
      firstResponseAt: at(`2026-${month}-02T18:01:00Z`),
      status: 'accepted',
      orderId: order.id,
    });
    await db.insert(reviews).values({
      id: `analytics-other-review-${i}`,
      orderId: order.id,
      customerId: customers.alice!,
      vendorId: other.id,
      rating: 1,
      comment: 'Meh.',
      createdAt: at(`2026-${month}-22T18:00:00Z`),
    });
  }
  await createBlackoutDate(db, other.id, '2026-05-13');

  cookie = await signIn(t.app, owner.email);
  otherVendorCookie = await signIn(t.app, otherOwner.email);
  customerCookie = await signIn(t.app, (await createUser(db)).email);
});
afterAll(() => t.close());

// ---- The figures worked out independently from the inputs above. ----

const vancouverDayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Vancouver',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
const inRange = (iso: string, from: string, to: string) => {
  const day = vancouverDayOf(iso);
  return day >= from && day <= to;
};
const shiftDay = (day: string, n: number) =>
  new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10) + n))
    .toISOString()
    .slice(0, 10);

function monthKeys(from: string, to: string) {
  const keys: string[] = [];
  let [y, m] = [+from.slice(0, 4), +from.slice(5, 7)];
  while (`${y}-${String(m).padStart(2, '0')}` <= to.slice(0, 7)) {
    keys.push(`${y}-${String(m).padStart(2, '0')}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return keys;
}

function expected(from: string, to: string) {
  const quotes = QUOTES.filter((q) => inRange(q.createdAt, from, to));
  const answered = quotes.filter((q) => q.answeredAfterMinutes !== null);
  const won = quotes.filter((q) => q.status === 'accepted' || q.order);
  const times = answered.map((q) => q.answeredAfterMinutes! * 60).sort((a, b) => a - b);
  const mid = Math.floor(times.length / 2);
  const median =
    times.length === 0 ? null : times.length % 2 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2;

  const placed = ORDERS.filter((o) => inRange(o.createdAt, from, to));
  const paid = placed.filter((o) => o.status !== 'pending' && o.status !== 'cancelled');
  const paidSum = paid.reduce((s, o) => s + o.amount, 0);
  const live = (o: OrderIn) => o.status !== 'cancelled';
  // Customers are people who paid (an accepted quote never paid makes nobody a customer).
  const isPaid = (o: OrderIn) => o.status !== 'pending' && o.status !== 'cancelled';
  const customers = [...new Set(placed.filter(isPaid).map((o) => o.customer))];
  const repeat = customers.filter(
    (c) =>
      ORDERS.filter((o) => o.customer === c && isPaid(o) && vancouverDayOf(o.createdAt) <= to).length >= 2,
  );

  const revenue = monthKeys(from, to).map((month) => {
    const settled = ORDERS.filter(
      (o) =>
        o.money &&
        inRange(o.money.settledAt, from, to) &&
        vancouverDayOf(o.money.settledAt).startsWith(month),
    );
    const sum = (f: (o: OrderIn) => number) => settled.reduce((s, o) => s + f(o), 0);
    return {
      month,
      grossCents: sum((o) => o.amount),
      refundsCents: sum((o) => o.money!.refund),
      feesCents: sum((o) => o.money!.fee),
      taxCents: 0,
      netCents: sum((o) => o.amount - o.money!.refund - o.money!.fee),
    };
  });

  const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const capacity: {
    weekStart: string;
    openDays: number;
    orders: number;
    capacity: number;
    used: number | null;
  }[] = [];
  for (let monday = shiftDay(from, -weekday(from)); monday <= to; monday = shiftDay(monday, 7)) {
    const days = [0, 1, 2, 3, 4, 5, 6].map((i) => shiftDay(monday, i)).filter((d) => d >= from && d <= to);
    const openDays = days.filter((d) => !BLACKOUTS.includes(d)).length;
    const due = ORDERS.filter((o) => live(o) && days.includes(vancouverDayOf(o.delivery))).length;
    const cap = openDays * ORDERS_PER_DAY;
    capacity.push({ weekStart: monday, openDays, orders: due, capacity: cap, used: cap ? due / cap : null });
  }

  const reviewed = REVIEWS.filter((r) => inRange(r.at, from, to));
  const avg = (rs: ReviewIn[]) =>
    rs.length ? Math.round((rs.reduce((s, r) => s + r.rating, 0) / rs.length) * 100) / 100 : null;
  const ratings = monthKeys(from, to).map((month) => {
    const rs = reviewed.filter((r) => vancouverDayOf(r.at).startsWith(month));
    return { month, reviews: rs.length, average: avg(rs) };
  });

  return {
    range: { from, to },
    quotes: {
      received: quotes.length,
      answered: answered.length,
      won: won.length,
      winRate: answered.length ? won.length / answered.length : null,
      medianResponseSeconds: median === null ? null : Math.round(median),
    },
    orders: {
      paid: paid.length,
      // Half up, in whole cents.
      averageOrderValueCents: paid.length ? Math.floor(paidSum / paid.length + 0.5) : null,
      customers: customers.length,
      repeatCustomers: repeat.length,
      repeatShare: customers.length ? repeat.length / customers.length : null,
    },
    revenue,
    capacity,
    reviews: { count: reviewed.length, average: avg(reviewed) },
    ratings,
    hasActivity: true,
  };
}

const get = (query: string, who = cookie) =>
  t.app.request(`/api/me/vendor-analytics${query}`, { headers: who ? { Cookie: who } : {} });

describe('vendor analytics match the rows they come from', () => {
  it('by default: the last 12 months (this month and the 11 before) to today', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual(expected('2025-12-01', '2026-11-20'));
    // A sanity check of the worked-out figures themselves, so both sides cannot be wrong together.
    expect(body.quotes).toEqual({
      received: 7,
      answered: 5,
      won: 2,
      winRate: 0.4,
      medianResponseSeconds: 90 * 60,
    });
    // Cara's second order (O5) is not paid: she is a customer, not yet a repeat one.
    expect(body.orders).toMatchObject({ paid: 6, customers: 4, repeatCustomers: 2, repeatShare: 0.5 });
    expect(body.revenue.find((m: { month: string }) => m.month === '2026-03')).toEqual({
      month: '2026-03',
      grossCents: 50_000,
      refundsCents: 0,
      feesCents: 4_000,
      taxCents: 0,
      netCents: 46_000,
    });
    expect(body.capacity.find((w: { weekStart: string }) => w.weekStart === '2026-05-11')).toEqual({
      weekStart: '2026-05-11',
      openDays: 5,
      orders: 4,
      capacity: 10,
      used: 0.4,
    });
    expect(body.revenue).toHaveLength(12);
  });

  it('a range changes every figure: April alone, and March to May', async () => {
    const april = await (await get('?from=2026-04-01&to=2026-04-30')).json();
    expect(april).toEqual(expected('2026-04-01', '2026-04-30'));
    // The quote of Mar 31, 11:30 p.m. in Vancouver is March's, not April's.
    expect(april.quotes.received).toBe(1);
    expect(april.orders.averageOrderValueCents).toBe(30_001);

    const spring = await (await get('?from=2026-03-01&to=2026-05-31')).json();
    expect(spring).toEqual(expected('2026-03-01', '2026-05-31'));
    expect(spring.ratings.map((m: { reviews: number }) => m.reviews)).toEqual([1, 1, 2]);
    expect(spring.ratings[2].average).toBe(3);

    // Two paid orders of 50,000 and 30,001: 40,000.5 rounds half up.
    const marApr = await (await get('?from=2026-03-01&to=2026-04-30')).json();
    expect(marApr.orders.averageOrderValueCents).toBe(40_001);
    expect(marApr).toEqual(expected('2026-03-01', '2026-04-30'));

    // A range starting mid-week counts only that week's days inside it.
    const midWeek = await (await get('?from=2026-05-13&to=2026-05-19')).json();
    expect(midWeek).toEqual(expected('2026-05-13', '2026-05-19'));
    expect(midWeek.capacity[0]).toMatchObject({ weekStart: '2026-05-11', openDays: 5, orders: 3 });
  });

  it('another vendor sees only their own business', async () => {
    const body = await (await get('?from=2026-03-01&to=2026-05-31', otherVendorCookie)).json();
    expect(body.quotes).toEqual({ received: 3, answered: 3, won: 3, winRate: 1, medianResponseSeconds: 60 });
    expect(body.orders).toEqual({
      paid: 3,
      averageOrderValueCents: 99_999,
      customers: 1,
      repeatCustomers: 1,
      repeatShare: 1,
    });
    expect(body.revenue.map((m: { netCents: number }) => m.netCents)).toEqual([91_999, 91_999, 91_999]);
    expect(body.reviews).toEqual({ count: 3, average: 1 });
    expect(body.capacity.find((w: { weekStart: string }) => w.weekStart === '2026-05-11')).toEqual({
      weekStart: '2026-05-11',
      openDays: 6,
      orders: 1,
      capacity: 6,
      used: 1 / 6,
    });
  });

  it('an empty vendor gets zeros, nulls and empty series', async () => {
    const owner = await createUser(t.database.db, { userType: 'vendor' });
    await createVendor(t.database.db, { userId: owner.id });
    const res = await get('?from=2026-01-01&to=2026-02-28', await signIn(t.app, owner.email));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.quotes).toEqual({
      received: 0,
      answered: 0,
      won: 0,
      winRate: null,
      medianResponseSeconds: null,
    });
    expect(body.orders).toEqual({
      paid: 0,
      averageOrderValueCents: null,
      customers: 0,
      repeatCustomers: 0,
      repeatShare: null,
    });
    expect(body.revenue).toEqual([
      { month: '2026-01', grossCents: 0, refundsCents: 0, feesCents: 0, taxCents: 0, netCents: 0 },
      { month: '2026-02', grossCents: 0, refundsCents: 0, feesCents: 0, taxCents: 0, netCents: 0 },
    ]);
    expect(body.ratings).toEqual([
      { month: '2026-01', reviews: 0, average: null },
      { month: '2026-02', reviews: 0, average: null },
    ]);
    expect(body.reviews).toEqual({ count: 0, average: null });
    expect(body.capacity.every((w: { orders: number }) => w.orders === 0)).toBe(true);
    expect(body.hasActivity).toBe(false);
  });

  it('counts money the ledger services post, in the month they post it', async () => {
    const db = t.database.db;
    clock.set(new Date());
    try {
      const owner = await createUser(db, { userType: 'vendor' });
      const vendor = await createVendor(db, { userId: owner.id });
      const customer = await createUser(db);
      const order = await createOrder(db, {
        customerId: customer.id,
        vendorId: vendor.id,
        amount: 12_500,
        status: 'completed',
      });
      await db.transaction(async (tx) => {
        await recordPayment(tx, {
          orderId: order.id,
          vendorId: vendor.id,
          amountCents: 12_500,
          key: `p:${order.id}`,
        });
        await settleOrder(tx, {
          kind: 'release',
          orderId: order.id,
          vendorId: vendor.id,
          heldCents: 12_500,
          split: { refundCents: 0, vendorCents: 11_500, platformCents: 1_000 },
          key: `r:${order.id}`,
        });
      });
      const body = await (await get('', await signIn(t.app, owner.email))).json();
      expect(body.revenue.at(-1)).toEqual({
        month: vancouverDayOf(new Date().toISOString()).slice(0, 7),
        grossCents: 12_500,
        refundsCents: 0,
        feesCents: 1_000,
        taxCents: 0,
        netCents: 11_500,
      });
      expect(body.orders).toMatchObject({ paid: 1, averageOrderValueCents: 12_500 });
    } finally {
      clock.set('2026-11-20T20:00:00Z');
    }
  });
});

describe('vendor analytics refuse what they should', () => {
  it.each([
    ['?from=2026-05-01&to=2026-04-01', 'from', 'on or before'],
    ['?from=2020-01-01&to=2026-01-01', 'to', 'at most'],
    ['?from=2026-02-30', 'from', 'YYYY-MM-DD'],
    ['?to=yesterday', 'to', 'YYYY-MM-DD'],
    ['?from=2026-1-1', 'from', 'YYYY-MM-DD'],
    ['?from=2026-01-01%00', 'from', ''],
    ['?from=2026-01-01&from=2026-02-01', 'from', ''],
    // Only one end given: the default other end makes it wrong.
    ['?from=2026-12-01', 'from', 'on or before'],
  ])('%s is a 400 naming %s', async (query, field, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields[field]).toContain(message);
  });

  it('a visitor gets 401, a customer 403, a vendor not yet approved 403', async () => {
    expect((await get('', '')).status).toBe(401);
    expect((await get('', customerCookie)).status).toBe(403);
    const owner = await createUser(t.database.db, { userType: 'vendor' });
    await createVendor(t.database.db, { userId: owner.id, status: 'pending' });
    expect((await get('', await signIn(t.app, owner.email))).status).toBe(403);
  });
});
