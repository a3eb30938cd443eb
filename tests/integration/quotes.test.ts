import { NO_TAX } from '../../src/shared/tax.ts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteBriefSchema, type QuoteBrief } from '../../src/shared/schemas/quotes.ts';
import { HOUR_MS, formatDateTime, vancouverDayStart } from '../../src/shared/time.ts';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.ts';
import {
  cakeDesigns,
  orderEvents,
  orders,
  quoteEvents,
  quoteRequests,
  quotes,
  vendors,
} from '../../src/server/db/schema/index.ts';
import { AppError } from '../../src/server/errors.ts';
import { createLogger } from '../../src/server/logger.ts';
import type { Actor } from '../../src/server/actor.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';
import {
  acceptQuote,
  answerQuote,
  askForChange,
  createQuoteRequest,
  declineQuote,
  getCustomerRequest,
} from '../../src/server/modules/quotes/index.ts';
import { manualClock } from '../support/clock.ts';
import { createTestDatabase } from '../support/db.ts';
import { createDesign, createOrder, createUser, createVendor } from '../support/factories.ts';

const log = createLogger('silent');
let database: Database & { url?: string };
let db: Db;

const actor = (id: string, userType: 'customer' | 'vendor' = 'customer'): Actor => ({
  id,
  email: `${id}@example.test`,
  name: 'Test',
  userType,
  role: 'user',
});

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

/** Three approved vendors (3 days' notice, 3 orders a day) with their owners, and a customer. */
async function world() {
  const customer = await createUser(db, { password: null });
  const shops = [];
  for (const name of ['Alder', 'Birch', 'Cedar']) {
    const owner = await createUser(db, { userType: 'vendor', password: null });
    const vendor = await createVendor(db, {
      userId: owner.id,
      businessName: `${name} Cakes`,
      leadTimeDays: 3,
    });
    shops.push({ vendor, owner: actor(owner.id, 'vendor') });
  }
  return { customer: actor(customer.id), customerId: customer.id, shops };
}

const brief = (eventDate: string, extra: Partial<QuoteBrief> = {}): QuoteBrief =>
  quoteBriefSchema.parse({
    occasion: 'Birthday',
    flavor: 'Lemon',
    size: '8 inch (8-10)',
    servings: 10,
    fulfillment: 'delivery',
    eventDate,
    eventTime: '15:00',
    deliveryAddress: '100 Main St, Vancouver, BC',
    budgetMinCents: 10_000,
    budgetMaxCents: 20_000,
    allergies: 'Peanuts',
    notes: 'Blue flowers, please.',
    ...extra,
  });

const answer = (validUntil: Date, priceCents = 15_000) => ({
  priceCents,
  deliveryFeeCents: 1_500,
  includes: 'Cake, box, candles',
  message: 'Happy to make it!',
  validUntil: validUntil.toISOString(),
});

async function refused(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => expect.fail('expected a refusal'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('quote requests', () => {
  it('goes to several vendors, who answer or decline; accepting one makes the order and closes the others', async () => {
    const clock = manualClock('2026-12-01T18:00:00Z'); // Dec 1, 10 a.m. in Vancouver
    const { customer, customerId, shops } = await world();
    const design = await createDesign(db, customerId, {
      occasion: 'Birthday',
      description: 'Lemon with blue flowers',
    });
    const { requestId, quoteIds } = await createQuoteRequest({
      db,
      actor: customer,
      input: { vendorIds: shops.map((s) => s.vendor.id), designId: design.id, brief: brief('2026-12-12') },
      now: clock.now(),
    });
    expect(quoteIds).toHaveLength(3);
    const [qa, qb, qc] = quoteIds as [string, string, string];

    clock.advanceHours(2);
    await answerQuote({
      db,
      actor: shops[0]!.owner,
      quoteId: qa,
      input: answer(new Date('2026-12-08T00:00:00Z')),
      now: clock.now(),
    });
    clock.advanceHours(4);
    await answerQuote({
      db,
      actor: shops[1]!.owner,
      quoteId: qb,
      input: answer(new Date('2026-12-08T00:00:00Z'), 18_000),
      now: clock.now(),
    });
    await declineQuote({
      db,
      actor: shops[2]!.owner,
      quoteId: qc,
      reason: 'Fully booked that week',
      now: clock.now(),
    });
    // Response time: the median from request to first answer, in minutes.
    const [alder] = await db.select().from(vendors).where(eq(vendors.id, shops[0]!.vendor.id));
    expect(alder!.responseTimeMinutes).toBe(120);

    // The customer asks Birch for a lower price; Birch revises.
    await askForChange({
      db,
      actor: customer,
      quoteId: qb,
      message: 'Could you do $160?',
      targetPriceCents: 16_000,
      now: clock.now(),
    });
    await answerQuote({
      db,
      actor: shops[1]!.owner,
      quoteId: qb,
      input: answer(new Date('2026-12-08T00:00:00Z'), 16_000),
      now: clock.now(),
    });

    clock.advanceHours(1);
    const { orderId, orderNumber } = await acceptQuote({
      db,
      actor: customer,
      quoteId: qb,
      revision: 2,
      now: clock.now(),
      serviceFeeRate: 0.075,
      feeTax: NO_TAX,
    });
    expect(orderNumber).toMatch(/^FR-\d{5,}$/);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'pending',
      amount: 17_500,
      vendorId: shops[1]!.vendor.id,
      customerId,
      deliveryAddress: '100 Main St, Vancouver, BC',
      specialInstructions: 'Blue flowers, please.',
      // The terms as they were at acceptance: this fee rate and the vendor's refund percentage.
      serviceFeeBps: 750,
      refundPercent: 50,
    });
    // 3 p.m. in Vancouver on the event day.
    expect(order!.deliveryDate!.getTime()).toBe(vancouverDayStart('2026-12-12').getTime() + 15 * HOUR_MS);
    expect(formatDateTime(order!.deliveryDate!)).toMatch(/^Dec 12, 2026, 3:00\sp\.m\.$/);
    expect(order!.brief).toMatchObject({ eventDate: '2026-12-12', allergies: 'Peanuts', servings: 10 });
    expect(order!.designSnapshot).toMatchObject({
      occasion: 'Birthday',
      description: 'Lemon with blue flowers',
    });
    expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).toHaveLength(1);

    // The design changes later; the order keeps what was agreed.
    await db.update(cakeDesigns).set({ description: 'Now chocolate' }).where(eq(cakeDesigns.id, design.id));
    const [again] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(again!.designSnapshot).toMatchObject({ description: 'Lemon with blue flowers' });

    const statuses = Object.fromEntries(
      (await db.select().from(quotes).where(eq(quotes.requestId, requestId))).map((q) => [q.id, q.status]),
    );
    expect(statuses).toEqual({ [qa]: 'closed', [qb]: 'accepted', [qc]: 'declined' });
    const [request] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
    expect(request!.status).toBe('accepted');
    const birchThread = await db
      .select()
      .from(quoteEvents)
      .where(eq(quoteEvents.quoteId, qb))
      .orderBy(quoteEvents.seq);
    expect(birchThread.map((e) => [e.action, e.party, e.priceCents, e.targetPriceCents])).toEqual([
      ['requested', 'customer', null, null],
      ['answer', 'vendor', 18_000, null],
      ['askChange', 'customer', null, 16_000],
      ['answer', 'vendor', 16_000, null],
      ['accept', 'customer', null, null],
    ]);
    // Nothing more can happen to a closed quote.
    const late = await refused(
      answerQuote({
        db,
        actor: shops[0]!.owner,
        quoteId: qa,
        input: answer(new Date('2026-12-09T00:00:00Z')),
        now: clock.now(),
      }),
    );
    expect(late).toMatchObject({
      status: 409,
      message: 'This request is closed: the customer accepted another quote.',
    });

    // Not paid within 24 hours: the order is cancelled by its timer (a minute earlier, nothing happens).
    clock.advance(24 * HOUR_MS - 60_000);
    await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log });
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('pending');
    clock.advance(60_000);
    await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log });
    const [expired] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(expired!.status).toBe('cancelled');
    const [last] = await db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(desc(orderEvents.seq))
      .limit(1);
    expect(last).toMatchObject({ action: 'expire', party: 'system', toStatus: 'cancelled' });
  });

  it('refuses, by name, a vendor whose lead time or full day rules the date out, and sends nothing', async () => {
    const clock = manualClock('2026-12-01T18:00:00Z');
    const { customer, customerId, shops } = await world();
    await db.update(vendors).set({ leadTimeDays: 14 }).where(eq(vendors.id, shops[0]!.vendor.id));
    await db.update(vendors).set({ ordersPerDay: 1 }).where(eq(vendors.id, shops[1]!.vendor.id));
    await createOrder(db, {
      customerId,
      vendorId: shops[1]!.vendor.id,
      status: 'confirmed',
      deliveryDate: new Date('2026-12-10T20:00:00Z'),
    });
    const err = await refused(
      createQuoteRequest({
        db,
        actor: customer,
        input: { vendorIds: shops.map((s) => s.vendor.id), brief: brief('2026-12-10') },
        now: clock.now(),
      }),
    );
    expect(err.status).toBe(400);
    expect(err.fields).toEqual({
      'vendorIds.0':
        'Alder Cakes needs 14 days’ notice: choose December 15, 2026 or later, or another vendor.',
      'vendorIds.1': 'Birch Cakes is fully booked on December 10, 2026. Choose another date or vendor.',
    });
    expect(
      await db.select().from(quoteRequests).where(eq(quoteRequests.customerId, customerId)),
    ).toHaveLength(0);
    // Cedar alone can take it.
    const ok = await createQuoteRequest({
      db,
      actor: customer,
      input: { vendorIds: [shops[2]!.vendor.id], brief: brief('2026-12-10') },
      now: clock.now(),
    });
    expect(ok.quoteIds).toHaveLength(1);
  });

  it('keeps other people out: another customer or vendor sees no quote, and pending vendors get no requests', async () => {
    const clock = manualClock('2026-12-01T18:00:00Z');
    const { customer, shops } = await world();
    const pendingOwner = await createUser(db, { userType: 'vendor', password: null });
    const pending = await createVendor(db, { userId: pendingOwner.id, status: 'pending', verified: false });
    const err = await refused(
      createQuoteRequest({
        db,
        actor: customer,
        input: { vendorIds: [pending.id], brief: brief('2026-12-20') },
        now: clock.now(),
      }),
    );
    expect(err.fields).toEqual({ 'vendorIds.0': 'This vendor is not taking requests.' });
    const { quoteIds } = await createQuoteRequest({
      db,
      actor: customer,
      input: { vendorIds: [shops[0]!.vendor.id], brief: brief('2026-12-20') },
      now: clock.now(),
    });
    const stranger = actor((await createUser(db, { password: null })).id);
    expect(
      (
        await refused(
          acceptQuote({
            db,
            actor: stranger,
            quoteId: quoteIds[0]!,
            now: clock.now(),
            revision: 1,
            serviceFeeRate: 0.08,
            feeTax: NO_TAX,
          }),
        )
      ).status,
    ).toBe(404);
    const otherVendor = shops[1]!.owner;
    expect(
      (
        await refused(
          answerQuote({
            db,
            actor: otherVendor,
            quoteId: quoteIds[0]!,
            input: answer(new Date('2026-12-10T00:00:00Z')),
            now: clock.now(),
          }),
        )
      ).status,
    ).toBe(404);
  });

  it('closes an unanswered request after 72 h and a quote at the end of its validity; a late accept is refused', async () => {
    const clock = manualClock('2026-12-01T18:00:00Z');
    const { customer, shops } = await world();
    const { requestId, quoteIds } = await createQuoteRequest({
      db,
      actor: customer,
      input: { vendorIds: [shops[0]!.vendor.id, shops[1]!.vendor.id], brief: brief('2026-12-20') },
      now: clock.now(),
    });
    const [qa, qb] = quoteIds as [string, string];
    await answerQuote({
      db,
      actor: shops[0]!.owner,
      quoteId: qa,
      input: answer(new Date('2026-12-06T18:00:00Z')),
      now: clock.now(),
    });
    const status = async (id: string) => (await db.select().from(quotes).where(eq(quotes.id, id)))[0]!.status;

    clock.advanceHours(71);
    await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log });
    expect(await status(qb)).toBe('requested');
    clock.advanceHours(1);
    await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log });
    expect(await status(qb)).toBe('expired');
    expect(await status(qa)).toBe('quoted');

    clock.set('2026-12-06T18:00:00Z');
    await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log });
    expect(await status(qa)).toBe('expired');
    const [request] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
    expect(request!.status).toBe('closed');
    const late = await refused(
      acceptQuote({
        db,
        actor: customer,
        quoteId: qa,
        now: clock.now(),
        revision: 1,
        serviceFeeRate: 0.08,
        feeTax: NO_TAX,
      }),
    );
    expect(late.status).toBe(409);
  });

  it('makes exactly one order when two quotes of a request are accepted at the same instant', async () => {
    const clock = manualClock('2026-12-01T18:00:00Z');
    const { customer, shops } = await world();
    const { requestId, quoteIds } = await createQuoteRequest({
      db,
      actor: customer,
      input: { vendorIds: [shops[0]!.vendor.id, shops[1]!.vendor.id], brief: brief('2026-12-20') },
      now: clock.now(),
    });
    for (const [i, id] of quoteIds.entries())
      await answerQuote({
        db,
        actor: shops[i]!.owner,
        quoteId: id,
        input: answer(new Date('2026-12-10T00:00:00Z')),
        now: clock.now(),
      });
    // A second process's connection where there is a server, so the two really run at once.
    const other = database.url ? await openDatabase({ url: database.url, poolSize: 2 }) : undefined;
    try {
      const results = await Promise.allSettled([
        acceptQuote({
          db,
          actor: customer,
          quoteId: quoteIds[0]!,
          now: clock.now(),
          revision: 1,
          serviceFeeRate: 0.08,
          feeTax: NO_TAX,
        }),
        acceptQuote({
          db: other?.db ?? db,
          actor: customer,
          quoteId: quoteIds[1]!,
          now: clock.now(),
          revision: 1,
          serviceFeeRate: 0.08,
          feeTax: NO_TAX,
        }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toMatchObject({ status: 409 });
    } finally {
      await other?.close();
    }
    const accepted = await db.select().from(quotes).where(eq(quotes.requestId, requestId));
    expect(accepted.filter((q) => q.status === 'accepted')).toHaveLength(1);
    expect(accepted.filter((q) => q.orderId)).toHaveLength(1);
  });

  it('a vendor revises a quote: the customer sees the new price, and only the revision they saw can be accepted', async () => {
    const clock = manualClock('2026-12-01T18:00:00Z');
    const { customer, shops } = await world();
    const { requestId, quoteIds } = await createQuoteRequest({
      db,
      actor: customer,
      input: { vendorIds: [shops[0]!.vendor.id], brief: brief('2026-12-20') },
      now: clock.now(),
    });
    const quoteId = quoteIds[0]!;
    const first = await answerQuote({
      db,
      actor: shops[0]!.owner,
      quoteId,
      input: answer(new Date('2026-12-10T00:00:00Z'), 20_000),
      now: clock.now(),
    });
    expect(first.revision).toBe(1);
    clock.advanceHours(2);
    // Still quoted, the vendor lowers the price: a revision, not a new answer.
    const revised = await answerQuote({
      db,
      actor: shops[0]!.owner,
      quoteId,
      input: { ...answer(new Date('2026-12-11T00:00:00Z'), 17_500), message: 'A little less, for you.' },
      now: clock.now(),
    });
    expect(revised).toMatchObject({ status: 'quoted', revision: 2, priceCents: 17_500 });

    const seen = (await getCustomerRequest({ db, actor: customer, requestId })).quotes[0]!;
    expect(seen).toMatchObject({ status: 'quoted', revision: 2, priceCents: 17_500, totalCents: 19_000 });
    expect(seen.events.map((e) => [e.action, e.priceCents, e.message])).toEqual([
      ['requested', null, null],
      ['answer', 20_000, 'Happy to make it!'],
      ['revise', 17_500, 'A little less, for you.'],
    ]);
    expect(seen.events.at(-1)!.at).toBe(clock.now().toISOString());

    // A page still showing the first price accepts nothing.
    const stale = await refused(
      acceptQuote({
        db,
        actor: customer,
        quoteId,
        revision: 1,
        now: clock.now(),
        serviceFeeRate: 0.08,
        feeTax: NO_TAX,
      }),
    );
    expect(stale).toMatchObject({
      status: 409,
      message: 'This quote was revised. Review the new price before accepting.',
    });
    expect((await db.select().from(quotes).where(eq(quotes.id, quoteId)))[0]!.status).toBe('quoted');
    expect(await db.select().from(orders).where(eq(orders.customerId, customer.id))).toHaveLength(0);

    const { orderId } = await acceptQuote({
      db,
      actor: customer,
      quoteId,
      revision: 2,
      now: clock.now(),
      serviceFeeRate: 0.08,
      feeTax: NO_TAX,
    });
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.amount).toBe(17_500 + 1_500);
  });

  it('checks the vendor’s day again at acceptance: two customers taking the last slot at once make one order', async () => {
    const clock = manualClock('2026-12-01T18:00:00Z');
    const { shops } = await world();
    const shop = shops[0]!;
    // Two orders a day; one already booked for the 15th.
    await db.update(vendors).set({ ordersPerDay: 2 }).where(eq(vendors.id, shop.vendor.id));
    const booked = await createUser(db, { password: null });
    await createOrder(db, {
      customerId: booked.id,
      vendorId: shop.vendor.id,
      status: 'paid',
      deliveryDate: new Date('2026-12-15T19:00:00Z'),
    });
    // Each of two customers asks for the 15th (the day has room for one more), and gets a quote.
    const customers = [
      actor((await createUser(db, { password: null })).id),
      actor((await createUser(db, { password: null })).id),
    ];
    const quoteIds: string[] = [];
    for (const who of customers) {
      const {
        quoteIds: [id],
      } = await createQuoteRequest({
        db,
        actor: who,
        input: { vendorIds: [shop.vendor.id], brief: brief('2026-12-15') },
        now: clock.now(),
      });
      await answerQuote({
        db,
        actor: shop.owner,
        quoteId: id!,
        input: answer(new Date('2026-12-10T00:00:00Z')),
        now: clock.now(),
      });
      quoteIds.push(id!);
    }
    // On a server, a second process's connection, so the two transactions really overlap.
    const other = database.url ? await openDatabase({ url: database.url, poolSize: 2 }) : undefined;
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled(
        customers.map((who, i) =>
          acceptQuote({
            db: i === 1 && other ? other.db : db,
            actor: who,
            quoteId: quoteIds[i]!,
            revision: 1,
            now: clock.now(),
            serviceFeeRate: 0.08,
            feeTax: NO_TAX,
          }),
        ),
      );
    } finally {
      await other?.close();
    }
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusal = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      status: 409,
      message: `${shop.vendor.businessName} is fully booked on December 15, 2026. Choose another date or vendor.`,
    });
    const dayOrders = await db.select().from(orders).where(eq(orders.vendorId, shop.vendor.id));
    expect(dayOrders).toHaveLength(2);
    // The refused quote is still open: nothing of it was accepted.
    const statuses = await db
      .select({ status: quotes.status })
      .from(quotes)
      .where(eq(quotes.vendorId, shop.vendor.id));
    expect(statuses.map((q) => q.status).sort()).toEqual(['accepted', 'quoted']);
  });

  it('checks the lead time again at acceptance: a quote accepted too close to the event is refused', async () => {
    const clock = manualClock('2026-12-01T18:00:00Z');
    const { customer, shops } = await world(); // three days' notice
    const { quoteIds } = await createQuoteRequest({
      db,
      actor: customer,
      input: { vendorIds: [shops[0]!.vendor.id], brief: brief('2026-12-05') },
      now: clock.now(),
    });
    await answerQuote({
      db,
      actor: shops[0]!.owner,
      quoteId: quoteIds[0]!,
      input: answer(new Date('2026-12-04T00:00:00Z')),
      now: clock.now(),
    });
    clock.set('2026-12-03T18:00:00Z'); // Dec 3 in Vancouver: two days before the 5th
    const late = await refused(
      acceptQuote({
        db,
        actor: customer,
        quoteId: quoteIds[0]!,
        revision: 1,
        now: clock.now(),
        serviceFeeRate: 0.08,
        feeTax: NO_TAX,
      }),
    );
    expect(late).toMatchObject({ status: 409 });
    expect(late.message).toMatch(/^Alder Cakes needs 3 days’ notice/);
  });
});
