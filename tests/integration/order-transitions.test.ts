import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTO_COMPLETE_HOURS,
  ORDER_ACTIONS,
  ORDER_TRANSITIONS,
  checkTransition,
  type OrderParty,
} from '../../src/shared/order-machine.ts';
import type { OrderStatus } from '../../src/shared/order-status.ts';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.ts';
import { jobs, orders, vendors } from '../../src/server/db/schema/index.ts';
import { AppError } from '../../src/server/errors.ts';
import { jobHandlers } from '../../src/server/lifecycle/index.ts';
import { createLogger } from '../../src/server/logger.ts';
import type { Actor } from '../../src/server/actor.ts';
import {
  runDueJobs,
  scheduleJob,
  MAX_JOB_ATTEMPTS,
  type JobHandlers,
} from '../../src/server/modules/jobs/jobs.ts';
import {
  SYSTEM,
  autoCompleteJobKey,
  orderTimeline,
  transitionOrder,
  type OrderActor,
} from '../../src/server/modules/orders/transitions.ts';
import { manualClock } from '../support/clock.ts';
import { createTestDatabase } from '../support/db.ts';
import { createPendingOrder, createUser, createVendor } from '../support/factories.ts';

const log = createLogger('silent');
let database: Database & { url?: string };
let db: Db;

const asActor = (
  user: { id: string; email: string; name: string },
  extra: Partial<Actor> = {},
): OrderActor => ({
  kind: 'user',
  actor: { id: user.id, email: user.email, name: user.name, userType: 'customer', role: 'user', ...extra },
});

interface Cast {
  customer: OrderActor;
  vendor: OrderActor;
  admin: OrderActor;
  otherCustomer: OrderActor;
  otherVendor: OrderActor;
  vendorId: string;
  customerId: string;
}
let cast: Cast;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const customer = await createUser(db, { password: null });
  const other = await createUser(db, { password: null });
  const admin = await createUser(db, { password: null, role: 'admin' });
  const vendor = await createVendor(db);
  const otherVendor = await createVendor(db);
  const [vendorUser, otherVendorUser] = await Promise.all(
    [vendor.userId, otherVendor.userId].map(async (id) => ({ id, email: `${id}@example.test`, name: 'V' })),
  );
  cast = {
    customer: asActor(customer),
    otherCustomer: asActor(other),
    admin: asActor(admin, { role: 'admin' }),
    vendor: asActor(vendorUser!, { userType: 'vendor' }),
    otherVendor: asActor(otherVendorUser!, { userType: 'vendor' }),
    vendorId: vendor.id,
    customerId: customer.id,
  };
});
afterAll(() => database.close());

/**
 * A new order waiting for payment, with its first event, as accepting a quote makes it; for an event
 * at `deliveryDate` (Mark Ready and Mark Delivered open the day before it).
 */
async function newOrder(at: Date, deliveryDate?: Date) {
  return createPendingOrder(db, {
    customerId: cast.customerId,
    vendorId: cast.vendorId,
    createdAt: at,
    deliveryDate,
  });
}

/** The error a rejected promise holds (the test fails when it does not reject). */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => expect.fail('expected the change to be refused'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const totalOrders = async () =>
  (await db.select({ n: vendors.totalOrders }).from(vendors).where(eq(vendors.id, cast.vendorId)))[0]!.n;

const statusOf = async (id: string) =>
  (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

describe('order transitions', () => {
  it('walks an order from payment to automatic completion 24 h after delivery, one event per step', async () => {
    const clock = manualClock('2026-12-01T17:00:00Z');
    // The event is at noon on Dec 3 (Vancouver): ready and delivered that morning, and its day is over
    // before the 24 h after delivery are.
    const order = await newOrder(clock.now(), new Date('2026-12-03T19:00:00Z'));
    const step = async (action: string, by: OrderActor, hours = 1) => {
      clock.advanceHours(hours);
      return transitionOrder(db, { orderId: order.id, action, by, now: clock.now() });
    };
    await step('pay', SYSTEM);
    await step('confirm', cast.vendor);
    await step('start', cast.vendor, 24);
    await step('markReady', cast.vendor, 20);
    const { event } = await step('deliver', cast.vendor, 2);
    expect(event).toMatchObject({ fromStatus: 'ready', toStatus: 'delivered', party: 'vendor' });
    const deliveredAt = clock.now();

    // The timer is a job row, due exactly 24 h later; a minute early nothing happens.
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, autoCompleteJobKey(order.id)));
    expect(job).toMatchObject({ status: 'pending', kind: 'order.autoComplete' });
    expect(job!.runAt.getTime() - deliveredAt.getTime()).toBe(AUTO_COMPLETE_HOURS * 3_600_000);
    clock.set(new Date(job!.runAt.getTime() - 60_000));
    // A minute early only the customer's reminder (4 h before completion) has run.
    expect(await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log })).toEqual({
      ran: 1,
      failed: 0,
    });
    expect(await statusOf(order.id)).toBe('delivered');
    const completedBefore = await totalOrders();
    clock.advance(60_000);
    expect(await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log })).toEqual({
      ran: 1,
      failed: 0,
    });
    expect(await statusOf(order.id)).toBe('completed');
    // The vendor's completed-order count moves with the completion, in its transaction.
    expect(await totalOrders()).toBe(completedBefore + 1);

    const timeline = await orderTimeline(db, order.id);
    expect(timeline.map((e) => [e.action, e.fromStatus, e.toStatus, e.party])).toEqual([
      ['created', null, 'pending', 'customer'],
      ['pay', 'pending', 'paid', 'system'],
      ['confirm', 'paid', 'confirmed', 'vendor'],
      ['start', 'confirmed', 'in_progress', 'vendor'],
      ['markReady', 'in_progress', 'ready', 'vendor'],
      ['deliver', 'ready', 'delivered', 'vendor'],
      ['autoComplete', 'delivered', 'completed', 'system'],
    ]);
    expect(timeline.at(-1)!.createdAt.getTime()).toBe(
      deliveredAt.getTime() + AUTO_COMPLETE_HOURS * 3_600_000,
    );
    // The job is done, and running again does nothing.
    expect(await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log })).toEqual({
      ran: 0,
      failed: 0,
    });
  });

  it('completes at once when the customer confirms, and the timer then ends without a second event', async () => {
    const clock = manualClock();
    // An event later today: the delivery window is open.
    const order = await newOrder(clock.now(), new Date(clock.now().getTime() + 3 * 3_600_000));
    for (const [action, by] of [
      ['pay', SYSTEM],
      ['confirm', cast.vendor],
      ['start', cast.vendor],
      ['markReady', cast.vendor],
      ['deliver', cast.vendor],
      ['confirmSatisfied', cast.customer],
    ] as const)
      await transitionOrder(db, { orderId: order.id, action, by, now: clock.now() });
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, autoCompleteJobKey(order.id)));
    expect(job!.status).toBe('cancelled');
    clock.advanceHours(48);
    await runDueJobs({ db, now: clock.now(), handlers: jobHandlers, log });
    const timeline = await orderTimeline(db, order.id);
    expect(timeline.at(-1)).toMatchObject({ action: 'confirmSatisfied', toStatus: 'completed' });
    expect(timeline.filter((e) => e.toStatus === 'completed')).toHaveLength(1);
  });

  it('shows another user’s order as missing, and refuses a party’s wrong action with 403', async () => {
    const now = new Date();
    const order = await newOrder(now);
    await transitionOrder(db, { orderId: order.id, action: 'pay', by: SYSTEM, now });
    for (const by of [cast.otherCustomer, cast.otherVendor]) {
      const err = await refusal(
        transitionOrder(db, { orderId: order.id, action: 'cancel', by, now, note: 'x' }),
      );
      expect(err.status).toBe(404);
    }
    const err = await refusal(
      transitionOrder(db, { orderId: order.id, action: 'confirm', by: cast.customer, now }),
    );
    expect(err.status).toBe(403);
    const missing = await refusal(
      transitionOrder(db, { orderId: 'nope', action: 'confirm', by: cast.vendor, now }),
    );
    expect(missing.status).toBe(404);
    expect(await statusOf(order.id)).toBe('paid');
  });

  it.runIf(process.env.DATABASE_URL)(
    'a change made while another commits waits for it and is decided on the order as it then is',
    async () => {
      const now = new Date();
      const order = await newOrder(now);
      let cancel: Promise<unknown> | undefined;
      // The payment's transaction holds the order; the customer's cancellation arrives meanwhile.
      await db.transaction(async (tx) => {
        await transitionOrder(tx, { orderId: order.id, action: 'pay', by: SYSTEM, now });
        cancel = transitionOrder(db, {
          orderId: order.id,
          action: 'cancel',
          by: cast.customer,
          now,
          note: 'Plans changed',
        });
        cancel.catch(() => {});
        // Long enough for the cancellation to read the order and wait on it.
        await tx.execute('SELECT pg_sleep(0.2)');
      });
      // Read after the payment committed: cancelled from Paid, not refused as stale.
      await cancel;
      expect(await statusOf(order.id)).toBe('cancelled');
      const timeline = await orderTimeline(db, order.id);
      expect(timeline.slice(-2).map((e) => [e.fromStatus, e.toStatus])).toEqual([
        ['pending', 'paid'],
        ['paid', 'cancelled'],
      ]);
    },
  );

  it('refuses a stale change with a clear conflict, and a cancellation without a reason at the field', async () => {
    const now = new Date();
    const order = await newOrder(now);
    await transitionOrder(db, { orderId: order.id, action: 'pay', by: SYSTEM, now });
    const stale = await refusal(
      transitionOrder(db, {
        orderId: order.id,
        action: 'cancel',
        by: cast.customer,
        now,
        note: 'x',
        expectedStatus: 'pending',
      }),
    );
    expect(stale.status).toBe(409);
    expect(stale.message).toBe(
      'This order has changed since you opened it: it is now Paid. Refresh to see the latest.',
    );
    const noReason = await refusal(
      transitionOrder(db, { orderId: order.id, action: 'cancel', by: cast.customer, now, note: '  ' }),
    );
    expect(noReason.status).toBe(400);
    expect(noReason.fields).toEqual({ note: 'Please say why you are cancelling.' });
    const early = await refusal(
      transitionOrder(db, { orderId: order.id, action: 'deliver', by: cast.vendor, now }),
    );
    expect(early.status).toBe(409);
    expect(early.message).toBe('This order is Paid, so this change is not possible now.');
    const { order: cancelled, event } = await transitionOrder(db, {
      orderId: order.id,
      action: 'cancel',
      by: cast.customer,
      now,
      note: 'The party moved to another weekend',
      expectedStatus: 'paid',
    });
    expect(cancelled.status).toBe('cancelled');
    expect(event).toMatchObject({ note: 'The party moved to another weekend', actorId: cast.customerId });
  });

  it('makes the same change sent twice at once exactly once: one event, the other answer is 409', async () => {
    const now = new Date();
    const order = await newOrder(now);
    await transitionOrder(db, { orderId: order.id, action: 'pay', by: SYSTEM, now });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        transitionOrder(db, {
          orderId: order.id,
          action: 'confirm',
          by: cast.vendor,
          now,
          expectedStatus: 'paid',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    const events = await orderTimeline(db, order.id);
    expect(events.filter((e) => e.action === 'confirm')).toHaveLength(1);
  });

  it('keeps the order where the table says through random sequences of attempts, with one event per change', async () => {
    const parties: Record<OrderParty, OrderActor> = {
      customer: cast.customer,
      vendor: cast.vendor,
      admin: cast.admin,
      system: SYSTEM,
    };
    const attempt = fc.record({
      action: fc.constantFrom(...ORDER_ACTIONS),
      party: fc.constantFrom<OrderParty>('customer', 'vendor', 'admin', 'system'),
      note: fc.constantFrom(undefined, '', 'Plans changed'),
      hours: fc.integer({ min: 0, max: 30 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 1, maxLength: 12 }), async (attempts) => {
        const clock = manualClock();
        // An event the next day, so the delivery window opens and its day ends within the attempts.
        const deliveryDate = new Date(clock.now().getTime() + 27 * 3_600_000);
        const order = await newOrder(clock.now(), deliveryDate);
        let expected: OrderStatus = 'pending';
        const enteredAt: Partial<Record<OrderStatus, Date>> = { pending: clock.now() };
        let changes = 0;
        for (const a of attempts) {
          clock.advanceHours(a.hours);
          const now = clock.now();
          const predicted = checkTransition(a.action, expected, a.party, {
            reason: a.note,
            now,
            enteredAt,
            deliveryDate,
          });
          const outcome = await transitionOrder(db, {
            orderId: order.id,
            action: a.action,
            by: parties[a.party],
            note: a.note,
            now,
          }).then(
            (r) => r.order.status as OrderStatus,
            (e: unknown) => {
              if (!(e instanceof AppError)) throw e;
              return undefined;
            },
          );
          expect(outcome).toBe(predicted.ok ? predicted.to : undefined);
          if (predicted.ok) {
            expected = predicted.to;
            enteredAt[expected] = now;
            changes++;
          }
          expect(await statusOf(order.id)).toBe(expected);
        }
        const events = await orderTimeline(db, order.id);
        expect(events).toHaveLength(changes + 1);
        // The events chain: each starts where the previous ended.
        for (let i = 1; i < events.length; i++) expect(events[i]!.fromStatus).toBe(events[i - 1]!.toStatus);
        expect(events.at(-1)!.toStatus).toBe(expected);
      }),
      { numRuns: 30 },
    );
  });

  it('has a rule for every action the table names', () => {
    for (const action of ORDER_ACTIONS) expect(ORDER_TRANSITIONS[action].by.length).toBeGreaterThan(0);
  });
});

describe('jobs', () => {
  it('retries a failing job with backoff and gives up after the last attempt, keeping the error', async () => {
    const clock = manualClock();
    const key = `test:${crypto.randomUUID()}`;
    let calls = 0;
    const handlers: JobHandlers = {
      'test.flaky': async () => {
        calls++;
        throw new Error('the oven is cold');
      },
    };
    await scheduleJob(db, { kind: 'test.flaky', key, runAt: clock.now() });
    for (let i = 1; i <= MAX_JOB_ATTEMPTS; i++) {
      await runDueJobs({ db, now: clock.now(), handlers, log });
      const [job] = await db.select().from(jobs).where(eq(jobs.key, key));
      expect(job).toMatchObject({ attempts: i, lastError: 'the oven is cold' });
      expect(job!.status).toBe(i === MAX_JOB_ATTEMPTS ? 'failed' : 'pending');
      // Not again until its retry time.
      await runDueJobs({ db, now: clock.now(), handlers, log });
      expect(calls).toBe(i);
      clock.advanceHours(1);
    }
  });

  it('moves a pending job when the same key is scheduled again', async () => {
    const key = `test:${crypto.randomUUID()}`;
    await scheduleJob(db, { kind: 'test.x', key, runAt: new Date('2027-01-01T00:00:00Z') });
    await scheduleJob(db, { kind: 'test.x', key, runAt: new Date('2027-02-01T00:00:00Z') });
    const rows = await db.select().from(jobs).where(eq(jobs.key, key));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.runAt.toISOString()).toBe('2027-02-01T00:00:00.000Z');
  });

  it.runIf(process.env.DATABASE_URL)(
    'runs each due job once when two server processes poll the same PostgreSQL database at once',
    async () => {
      const second = await openDatabase({ url: database.url!, poolSize: 5 });
      try {
        const now = new Date('2030-01-01T00:00:00Z');
        const fired = new Map<string, number>();
        const handlers: JobHandlers = {
          'test.once': async (tx, job) => {
            // Hold the claim a moment, so the other process really runs meanwhile.
            await tx.execute('SELECT pg_sleep(0.005)');
            fired.set(job.key, (fired.get(job.key) ?? 0) + 1);
          },
        };
        const keys = Array.from({ length: 60 }, (_, i) => `once:${crypto.randomUUID()}:${i}`);
        for (const key of keys) await scheduleJob(db, { kind: 'test.once', key, runAt: now });
        const [a, b] = await Promise.all([
          runDueJobs({ db, now, handlers, log, limit: 100 }),
          runDueJobs({ db: second.db, now, handlers, log, limit: 100 }),
        ]);
        expect(a.ran + b.ran).toBe(keys.length);
        expect(a.ran).toBeGreaterThan(0);
        expect(b.ran).toBeGreaterThan(0);
        for (const key of keys) expect(fired.get(key), key).toBe(1);
      } finally {
        await second.close();
      }
    },
  );
});
